import { EXTENSIONS, type SupportedType } from '../imaging';

/** Every R2 object of an upload lives under this prefix: the original, outputs and previews. */
export function uploadPrefix(uploadId: string): string {
  return `uploads/${uploadId}/`;
}

export function originalKey(uploadId: string): string {
  return `${uploadPrefix(uploadId)}original`;
}

/** The rendered file of one format (whatever its type: a new render replaces the last). */
export function outputKey(uploadId: string, requestId: string, formatId: number): string {
  return `${uploadPrefix(uploadId)}outputs/${requestId}/${formatId}.file`;
}

export function previewKey(uploadId: string, requestId: string, formatId: number): string {
  return `${uploadPrefix(uploadId)}outputs/${requestId}/${formatId}.preview.png`;
}

/** The public display path of an original: `/uploads/{uploadId}.{ext}`. */
export function uploadPath(uploadId: string, type: SupportedType): string {
  return `/uploads/${uploadId}.${EXTENSIONS[type]}`;
}

const UPLOAD_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;

/** The upload id in a display path or its last segment, or null when it is not one of ours. */
export function uploadIdFromPath(path: string): string | null {
  const name = path.split('/').pop() ?? '';
  return UPLOAD_NAME.exec(name)?.[1] ?? null;
}
