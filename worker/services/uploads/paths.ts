/**
 * The public paths the API answers for a picture's files. Plain strings, with no service imports,
 * so any room of services (pictures, access, renders) builds them without importing another's rules.
 */
import { EXTENSIONS, type SupportedType } from '@social-resizer/engine';

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

/** A rendered format's preview: `/api/preview/{requestId}/{formatId}`. */
export function previewPath(requestId: string, formatId: number): string {
  return `/api/preview/${requestId}/${formatId}`;
}

/** A rendered format's file, `/api/download/{requestId}/{formatId}`; without a format, the request's own. */
export function downloadPath(requestId: string, formatId?: number): string {
  return formatId === undefined ? `/api/download/${requestId}` : `/api/download/${requestId}/${formatId}`;
}
