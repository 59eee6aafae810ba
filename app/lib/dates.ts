/** 'Jan 5, 2026' (the spec's 'MMM d, yyyy'). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
