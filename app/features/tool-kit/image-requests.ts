/**
 * The calls the tools share on an upload: sending the photo, and the image request a render hangs
 * on. Their definitions live with the single tool's calls (single-image/api.ts, a data module of
 * its own); the kit's upload wiring and the other tools reach them only through here, so the tools
 * stay siblings that never import one another.
 */
import { centredCrop } from '../../../shared/crop';
import type { PlatformFormat } from '../../../shared/formats';
import type { UploadResponse } from '../../../shared/schemas';
import { createImageRequest } from '../single-image/api';

export { uploadImage, UploadError } from '../single-image/api';

/** An image request for `format`, framed as the single tool opens a picture (centred, zoom 1). */
export function createCentredRequest(upload: UploadResponse, format: PlatformFormat) {
  return createImageRequest(upload, format, centredCrop(upload, format, 1));
}
