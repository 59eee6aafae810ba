/** Why an image cannot be processed, with the HTTP status a caller should answer. */
export type ImageErrorCode = 'unsupported-type' | 'corrupt' | 'too-large' | 'unsupported-variant' | 'empty';

const STATUS: Record<ImageErrorCode, 413 | 415 | 422> = {
  'unsupported-type': 415,
  corrupt: 422,
  'too-large': 413, // as a file over the byte limit: the app redraws the photo smaller and sends it again
  'unsupported-variant': 422,
  empty: 422,
};

export class ImageError extends Error {
  readonly status: 413 | 415 | 422;

  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
    this.status = STATUS[code];
  }
}

export const UNSUPPORTED_TYPE_MESSAGE = 'Please upload a JPG, PNG or WEBP image';

/** A file that is damaged or incomplete, saying where: the user can export it again. */
export const corrupt = (what: string) =>
  new ImageError(
    'corrupt',
    `The image file is damaged or incomplete (${what}). Please export it again and upload the new file.`,
  );

/**
 * A PNG or RIFF chunk as a message names it: "the IDAT chunk", or "a chunk" when its type is not
 * letters, digits and spaces (a size that misleads the reader lands it in the middle of data).
 */
export const chunkName = (type: string) => (/^[A-Za-z0-9 ]{4}$/.test(type) ? `the ${type.trim()} chunk` : 'a chunk');
