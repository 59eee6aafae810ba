/** What inspection reads from a file's header and structure, before anything decodes it. */
import type { EmbeddedProfile } from '../pixels/colour-profile';
import type { SupportedType } from './sniff';

export interface ImageInfo {
  type: SupportedType;
  /** Stored dimensions, before orientation. */
  width: number;
  height: number;
  /** EXIF orientation 1-8 (1 when there is none). */
  orientation: number;
  /** Dimensions as shown upright: what crop coordinates refer to. */
  uprightWidth: number;
  uprightHeight: number;
  hasAlpha: boolean;
  /** JPEG: progressive files keep every coefficient in memory while decoding. */
  progressive: boolean;
  /** JPEG: colour components (1 grey, 3 YCbCr). */
  components: number;
  /** JPEG: coefficients kept per pixel by a buffered decode (1 to 3, from the sampling factors). */
  coefficientsPerPixel: number;
  /** JPEG: each component's sampling factors, across and down. */
  sampling: readonly { h: number; v: number }[];
  /** JPEG: every coefficient is kept until the last scan (progressive, or a first scan without every component). */
  buffered: boolean;
  /** PNG: bit depth, colour type and interlacing. */
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  /** WebP: lossless (VP8L), whose decoder holds the whole picture as ARGB whatever part it gives. */
  lossless: boolean;
  /** The file's size: held beside a decode (which lets it go after), and a WebP's decoder holds a copy in its own memory. */
  fileBytes: number;
  /** The embedded ICC profile (PNG: still zlib-compressed), or null. */
  icc: EmbeddedProfile | null;
}

/** What a codec's inspection gives: everything but the upright size, which follows from the orientation. */
export type StoredInfo = Omit<ImageInfo, 'uprightWidth' | 'uprightHeight'>;

/** The fields of a kind that has none of them (a PNG has no JPEG components, a JPEG no PNG colour type). */
export const BASE_INFO = {
  icc: null,
  orientation: 1,
  hasAlpha: false,
  progressive: false,
  components: 3,
  coefficientsPerPixel: 0,
  sampling: [],
  buffered: false,
  bitDepth: 8,
  colorType: 0,
  interlaced: false,
  lossless: false,
  fileBytes: 0,
};

/** The info as an upload keeps it (its ICC profile left out: only the decode reads it, from the file). */
export type StoredImageInfo = Omit<ImageInfo, 'icc'>;
