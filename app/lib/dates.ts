/** 'Jan 5, 2026' (the spec's 'MMM d, yyyy'). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Jan 5, 2026 3:07 PM' (the spec's 'MMM d, yyyy h:mm a', for the admin table). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}
