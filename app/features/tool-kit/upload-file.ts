/**
 * One upload from the visitor's disk to the server, as every tool sends it: the browser's checks
 * first (the server decides again), then the file as it is, redrawn smaller and sent once more only
 * when the server refuses it as too large (413).
 */
import { ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, type UploadResponse } from '../../../shared/schemas';
import { postUpload, UploadError } from './queries';
import { isHeic, prepareUpload } from './normalise';

/** The file chooser's `accept`: the types the server takes, and HEIC where the browser can open it. */
export const UPLOAD_ACCEPT = [...ACCEPTED_UPLOAD_TYPES, 'image/heic', 'image/heif', '.heic', '.heif'].join(',');

/** What is wrong with the file before anything is sent ({title, description}), or null. */
export function fileProblem(file: File): { title: string; description: string } | null {
  if (file.size > MAX_UPLOAD_BYTES) return { title: 'File too large', description: 'Maximum file size is 50MB' };
  if (!(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type) && !isHeic(file))
    return { title: 'Invalid file type', description: 'Please upload a JPG, PNG or WEBP image' };
  return null;
}

/** Where the app shows an upload (the page's own copy, not the download). */
export function uploadUrl(upload: Pick<UploadResponse, 'path'>): string {
  return `/uploads/${upload.path.split('/').pop() ?? ''}`;
}

/** The server's record of the upload, and the file as it went up (redrawn where the browser had to). */
export async function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<{ upload: UploadResponse; sent: Blob }> {
  const send = async (fallback: boolean) => {
    const prepared = await prepareUpload(file, { fallback });
    if (signal.aborted) throw new DOMException('Upload cancelled', 'AbortError');
    return { upload: await postUpload(prepared.blob, prepared.filename, onProgress, signal), sent: prepared.blob };
  };
  return send(false).catch((error: unknown) => {
    if (error instanceof UploadError && error.status === 413) return send(true);
    throw error;
  });
}
