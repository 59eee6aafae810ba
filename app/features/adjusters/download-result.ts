import { downloadFile, toastDownloadFailed } from '../../lib/download-file';

/** Saves one result (or the ZIP); a refused download is told as a toast. */
export async function downloadResult(url: string): Promise<void> {
  try {
    await downloadFile(url);
  } catch (error) {
    toastDownloadFailed(error);
  }
}
