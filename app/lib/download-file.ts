import { toast } from '../components/ui/use-toast';
import { ApiRequestError, errorMessage } from './api';

/**
 * Fetches a download and saves it under the server's file name. Done in the page rather than by
 * opening the address, so a refusal (402) shows as a message instead of a tab of JSON.
 */
export async function downloadFile(url: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new ApiRequestError(res.status, await res.text(), res.statusText);
  const filename = dispositionFilename(res.headers.get('Content-Disposition') ?? '');
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The server's name for a download: its UTF-8 form (filename*, RFC 5987) when sent, else the ASCII one. */
export function dispositionFilename(header: string): string {
  const utf8 = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1];
  try {
    if (utf8) return decodeURIComponent(utf8);
  } catch {
    // a malformed escape: the ASCII name below
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'image.png';
}

/**
 * The 'Download Failed' notification (docs/product.md, "Notifications and dates"), with the server's reason when
 * it gave one (an expired image, a file not ready).
 */
export function toastDownloadFailed(error: unknown): void {
  toast({
    title: 'Download Failed',
    description: errorMessage(error, 'There was an error downloading your image.'),
    variant: 'destructive',
  });
}
