/** 'Jan 5, 2026' (docs/product.md, "Notifications and dates"). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Jan 5, 2026 3:07 PM', for the admin tables. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}
