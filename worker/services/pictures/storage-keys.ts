import { EXTENSIONS, type SupportedType } from '../../imaging';

/** Every R2 object of an upload lives under this prefix: the original, outputs and previews. */
export function uploadPrefix(uploadId: string): string {
  return `uploads/${uploadId}/`;
}

export function originalKey(uploadId: string): string {
  return `${uploadPrefix(uploadId)}original`;
}

/**
 * The file of one render of one format. Each render writes its own key, so a row's key and the
 * facts written with it always describe the same bytes, whatever renders of the row overlap.
 */
export function outputKey(uploadId: string, requestId: string, formatId: number, renderId: string): string {
  return `${uploadPrefix(uploadId)}outputs/${requestId}/${formatId}-${renderId}.file`;
}

/**
 * The preview that belongs to an output file (files rendered before render ids included). The name
 * predates JPEG previews: the object's content type says what it holds (a JPEG output's preview is
 * a JPEG since 2026-11-27, any other a PNG).
 */
export function previewKeyOf(outputKey: string): string {
  return outputKey.replace(/\.file$/, '.preview.png');
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
