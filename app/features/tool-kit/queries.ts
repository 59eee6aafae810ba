/**
 * The calls every tool makes: the format catalogue as the server serves it (one query each), sending
 * a photo, the image request a render hangs on, and the free downloads left.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from '../../../shared/zod';
import { centredCrop } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import {
  allowanceAnswerSchema,
  imageRequestResponseSchema,
  platformFormatSchema,
  uploadResponseSchema,
  type CropDetailsInput,
  type ImageRequestResponse,
  type RequestPurpose,
  type UploadResponse,
} from '../../../shared/schemas';
import { apiRequest, ApiRequestError, apiResponse, busyRetryDelay, parseAnswer } from '../../lib/api';

const catalogueSchema = z.array(platformFormatSchema);

export const platformFormatsQuery = queryOptions({
  queryKey: ['/api/platform-formats'],
  queryFn: () => apiRequest('GET', '/api/platform-formats', catalogueSchema),
  retry: 1,
});

export const profileFormatsQuery = queryOptions({
  queryKey: ['/api/profile-formats'],
  queryFn: () => apiRequest('GET', '/api/profile-formats', catalogueSchema),
  retry: 1,
});

/** A refused upload: the server's message, and its status (413: too large, in bytes or pixels). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * POST /api/upload with progress: fetch cannot report upload progress, XMLHttpRequest can. A
 * non-OK answer fails with 'Upload failed: {status} {statusText}' unless the server said why.
 */
export async function postUpload(
  file: Blob,
  filename: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  // A busy server's 503 (nothing was stored) is sent again when it says (busyRetryDelay).
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendUpload(file, filename, onProgress, signal);
    } catch (error) {
      const delay = error instanceof BusyError ? busyRetryDelay(error.retryAfter, attempt) : null;
      if (delay === null) throw error instanceof BusyError ? error.upload : error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** An upload answered 503 by a busy server, with when to send it again. */
class BusyError extends Error {
  constructor(
    readonly retryAfter: string | null,
    readonly upload: UploadError,
  ) {
    super(upload.message);
  }
}

function sendUpload(
  file: Blob,
  filename: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parseAnswer('/api/upload', uploadResponseSchema, xhr.responseText));
        } catch (error) {
          reject(error);
        }
        return;
      }
      const error = new ApiRequestError(xhr.status, xhr.responseText, xhr.statusText);
      const message =
        error.serverMessage && error.serverMessage !== error.message
          ? error.serverMessage
          : `Upload failed: ${xhr.status} ${xhr.statusText}`;
      const failed = new UploadError(xhr.status, message);
      reject(xhr.status === 503 ? new BusyError(xhr.getResponseHeader('Retry-After'), failed) : failed);
    };
    xhr.onerror = () => reject(new Error('There was an error uploading your file.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('image', file, filename);
    xhr.send(form);
  });
}

export async function createImageRequest(
  upload: UploadResponse,
  format: PlatformFormat,
  cropDetails: CropDetailsInput,
  output?: OutputSettings,
  fill?: Fill,
  purpose: RequestPurpose = 'single',
): Promise<ImageRequestResponse> {
  return apiRequest('POST', '/api/image-requests', imageRequestResponseSchema, {
    output,
    fill,
    purpose,
    originalFilename: upload.originalFilename,
    originalPath: upload.path,
    platform: format.platform,
    format: format.format,
    width: format.width,
    height: format.height,
    formatId: format.id,
    cropDetails,
  });
}

/**
 * The image request a fan-out (the adjusters, the batch) hangs its targets on: made for `format`,
 * with no file of its own (shared/schemas.ts, REQUEST_PURPOSES); its crop is the centred one.
 */
export function createFanOutRequest(upload: UploadResponse, format: PlatformFormat) {
  return createImageRequest(upload, format, centredCrop(upload, format, 1), undefined, undefined, 'fan-out');
}

export type RateLimits = { unlimited: true } | { unlimited: false; remaining: number };

/** GET /api/check-rate-limits: the remaining count is read from X-RateLimit-Remaining (0 when missing). */
export async function checkRateLimits(): Promise<RateLimits> {
  const { answer, headers } = await apiResponse('GET', '/api/check-rate-limits', allowanceAnswerSchema);
  if (answer.unlimited) return { unlimited: true };
  const header = headers.get('X-RateLimit-Remaining');
  if (header === null) return { unlimited: false, remaining: 0 };
  const remaining = Number.parseInt(header, 10);
  return { unlimited: false, remaining: Number.isFinite(remaining) ? remaining : 0 };
}

export const rateLimitsQuery = queryOptions({
  queryKey: ['/api/check-rate-limits'],
  queryFn: checkRateLimits,
  staleTime: 0,
});

/** One image request: a tool's work opened again, the checkout's order summary. */
export function imageRequestQuery(id: string) {
  return queryOptions({
    queryKey: ['/api/image-requests', id],
    queryFn: () => apiRequest('GET', `/api/image-requests/${id}`, imageRequestResponseSchema),
    retry: 1,
  });
}

/** One upload of the caller's (GET /api/upload/{id}): a step opened again shows the picture its address names. */
export function uploadQuery(id: string) {
  return queryOptions({
    queryKey: ['/api/upload', id],
    queryFn: () => apiRequest('GET', `/api/upload/${id}`, uploadResponseSchema),
  });
}
