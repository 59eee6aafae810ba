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
