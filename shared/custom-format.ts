/**
 * A size of the user's own (docs/product.md, "Custom sizes"): any width and height within the
 * engine's measured limits, with an optional file type and byte cap. Its id encodes all of it, so
 * it needs no table, every route keyed by format id takes it as it takes a catalogue format, and no
 * route can relabel what it is (docs/decisions/0017-custom-sizes.md).
 */
import type { PlatformFormat } from './format-shape';
import { formatSize, MAX_OUTPUT_PIXELS, OUTPUT_CHOICES, type OutputChoice } from '@social-resizer/engine/plan/output';

export const CUSTOM_PLATFORM = 'custom';
export const MIN_CUSTOM_SIDE = 16;
export const MAX_CUSTOM_SIDE = 4096;
/**
 * The largest catalogue format's pixels (the iPad 13" screenshot, 2752 × 2064): a render of that
 * size is what the engine's memory is measured for (engine/plan/output.ts; a test keeps the two equal).
 */
export const MAX_CUSTOM_PIXELS = MAX_OUTPUT_PIXELS;
/** WebP's encoder holds about 11 bytes a pixel of its input: WebP sizes stay as small as the catalogue's. */
export const MAX_CUSTOM_WEBP_PIXELS = 1_500_000;
/** A cap is given in whole kilobytes of 1,000 bytes, up to 100 MB. */
export const MAX_CUSTOM_CAP_KB = 100_000;

/** Ids from here up are custom sizes: far above any catalogue id, and safe integers all the way up. */
const BASE = 2 ** 40;
const SIDES = MAX_CUSTOM_SIDE + 1;
const TYPES = OUTPUT_CHOICES.length;
const CAPS = MAX_CUSTOM_CAP_KB + 1;

export interface CustomSize {
  width: number;
  height: number;
  type: OutputChoice;
  /** Kilobytes of 1,000 bytes, or null for no cap. */
  capKb: number | null;
}

/** Why a size cannot be made, in the user's words; null when it can. */
export function customSizeProblem(size: CustomSize): string | null {
  const side = (n: number) => Number.isInteger(n) && n >= MIN_CUSTOM_SIDE && n <= MAX_CUSTOM_SIDE;
  if (!side(size.width) || !side(size.height))
    return `Width and height must be whole pixels from ${MIN_CUSTOM_SIDE} to ${MAX_CUSTOM_SIDE}.`;
  if (size.width * size.height > MAX_CUSTOM_PIXELS)
    return `At most ${(MAX_CUSTOM_PIXELS / 1e6).toFixed(1)} million pixels (${size.width} × ${size.height} is ${((size.width * size.height) / 1e6).toFixed(1)} million).`;
  if (size.capKb !== null && (!Number.isInteger(size.capKb) || size.capKb < 10 || size.capKb > MAX_CUSTOM_CAP_KB))
    return `A file-size limit must be whole kilobytes from 10 to ${MAX_CUSTOM_CAP_KB.toLocaleString('en-US')}.`;
  if (!OUTPUT_CHOICES.includes(size.type)) return 'Choose Auto, JPEG, PNG or WebP.';
  if (size.type === 'webp' && size.width * size.height > MAX_CUSTOM_WEBP_PIXELS)
    return `WebP sizes go up to ${(MAX_CUSTOM_WEBP_PIXELS / 1e6).toFixed(1)} million pixels: choose JPEG, PNG or Auto.`;
  return null;
}

export function customFormatId(size: CustomSize): number {
  const type = OUTPUT_CHOICES.indexOf(size.type);
  return BASE + ((size.width * SIDES + size.height) * TYPES + type) * CAPS + (size.capKb ?? 0);
}

export function isCustomFormatId(id: number): boolean {
  return id >= BASE;
}

/** The size an id encodes, or undefined for an id that is not a valid custom size. */
export function customSizeOf(id: number): CustomSize | undefined {
  if (!Number.isSafeInteger(id) || id < BASE) return undefined;
  let rest = id - BASE;
  const capKb = rest % CAPS;
  rest = (rest - capKb) / CAPS;
  const type = OUTPUT_CHOICES[rest % TYPES];
  rest = (rest - (rest % TYPES)) / TYPES;
  const height = rest % SIDES;
  const width = (rest - height) / SIDES;
  if (!type) return undefined;
  const size: CustomSize = { width, height, type, capKb: capKb === 0 ? null : capKb };
  return customSizeProblem(size) === null ? size : undefined;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The custom size an id encodes, as a format every part of the product takes. */
export function customFormat(id: number): PlatformFormat | undefined {
  const size = customSizeOf(id);
  if (!size) return undefined;
  const { width, height } = size;
  const g = gcd(width, height);
  return {
    id,
    key: `custom_${width}x${height}`,
    platform: CUSTOM_PLATFORM,
    format: 'size',
    description: `Custom ${width} × ${height}${size.type === 'auto' ? '' : ` ${size.type.toUpperCase()}`}${size.capKb ? `, at most ${formatSize(size.capKb * 1000, size.capKb * 1000)}` : ''}`,
    width,
    height,
    aspectRatio: `${width / g}:${height / g}`,
    kind: 'post',
    profile: false,
    opaque: false,
    types:
      size.type !== 'auto'
        ? [size.type]
        : width * height <= MAX_CUSTOM_WEBP_PIXELS
          ? ['jpeg', 'png', 'webp']
          : ['jpeg', 'png'],
    maxBytes: size.capKb === null ? null : size.capKb * 1000,
    safeZone: null,
    confidence: 'official',
    source: { name: 'Your own size', url: null },
    // Nothing to check against: the size is the user's.
    checked: '',
  };
}

/**
 * Whether a custom size may be a target of a flow: the free adjusters make banners and profile
 * pictures, so there a custom size must have their shape (a banner at least 16:9 wide, a profile
 * picture square and at most 1024 px); the batch and the single tool take any.
 */
export function customFitsFlow(format: Pick<PlatformFormat, 'width' | 'height'>, flow: string): boolean {
  if (flow === 'banner') return format.width * 9 >= format.height * 16;
  if (flow === 'profile') return format.width === format.height && format.width <= 1024;
  return true;
}
