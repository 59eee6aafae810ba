/**
 * What fills the part of the frame the picture does not reach (a crop zoomed out below the
 * picture, or a content-aware canvas extended around it): nothing (transparent, where the file type
 * and the platform keep alpha), a solid colour, or a blurred copy of the picture. The kinds and the
 * type are the engine's (engine/plan/fill.ts); here they are read from requests, named and keyed.
 */
import { FILL_KINDS, type Fill, type FillKind } from '@social-resizer/engine/plan/fill';
import { z } from './zod';

export { FILL_KINDS, type Fill, type FillKind };

const hex = z.lazy(() =>
  z
    .string('color must be a colour like #1a2b3c')
    .regex(/^#[0-9a-f]{6}$/i, 'color must be a colour like #1a2b3c')
    .transform((value) => value.toLowerCase()),
);

export const fillSchema = z.lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('transparent') }),
      z.object({ kind: z.literal('color'), color: hex }),
      z.object({ kind: z.literal('blur') }),
    ],
    `fill kind must be one of ${FILL_KINDS.join(', ')}`,
  ),
) satisfies z.ZodType<Fill>;

/** The single tool's fill until the user picks one (its outputs were always transparent there). */
export const SINGLE_DEFAULT_FILL: Fill = { kind: 'transparent' };
/**
 * The fill of a canvas that intelligent resizing extends (the adjusters and the batch): the blurred
 * picture, so a target no crop could hold still shows picture, never an empty band.
 */
export const ADJUSTER_DEFAULT_FILL: Fill = { kind: 'blur' };

export const FILL_LABELS: Record<FillKind, string> = {
  transparent: 'Transparent',
  color: 'Solid colour',
  blur: 'Blurred picture',
};

/** A short key of a fill for counting renders ('blur', '#ffffff'); 'default' for none. */
export function fillKey(fill: Fill | null | undefined): string {
  return !fill ? 'default' : fill.kind === 'color' ? fill.color : fill.kind;
}

/** A fill as an address writes it: 'blur', 'transparent' or a colour's six hex digits. */
export const FILL_TOKEN = /^(blur|transparent|[0-9a-f]{6})$/;

export function fillToken(fill: Fill): string {
  return fill.kind === 'color' ? fill.color.slice(1).toLowerCase() : fill.kind;
}

/** The fill an address's token names, or null for one it cannot read. */
export function fillOfToken(token: string): Fill | null {
  if (!FILL_TOKEN.test(token)) return null;
  return token === 'blur' || token === 'transparent' ? { kind: token } : { kind: 'color', color: `#${token}` };
}

export function sameFill(a: Fill, b: Fill): boolean {
  return a.kind === b.kind && (a.kind !== 'color' || (b.kind === 'color' && a.color === b.color));
}

/**
 * Why transparency is not offered for these targets (every one refuses it, or the file type
 * cannot hold it), or null where it is. Targets that refuse it among others that take it get white.
 */
export function transparencyRefusal(
  formats: readonly { opaque: boolean }[],
  type: 'auto' | 'jpeg' | 'png' | 'webp',
): string | null {
  if (formats.length > 0 && formats.every((f) => f.opaque))
    return formats.length === 1
      ? 'This platform does not accept transparent pictures'
      : 'These platforms do not accept transparent pictures';
  if (type === 'jpeg') return 'JPEG files cannot be transparent';
  return null;
}

export function rgbToHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(v ?? 0)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The colour along a picture's edges that fills its extension most naturally: the most common
 * colour of the border pixels (RGBA rows), counted in buckets of 16 levels per channel and then
 * averaged within the winning bucket. Transparent pixels are left out; none left gives white.
 */
export function edgeColour(data: ArrayLike<number>, width: number, height: number): string {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    if ((data[i + 3] as number) < 128) return;
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
  };
  for (let x = 0; x < width; x++) {
    add(x, 0);
    if (height > 1) add(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    add(0, y);
    if (width > 1) add(width - 1, y);
  }
  let best: { n: number; r: number; g: number; b: number } | null = null;
  for (const bucket of buckets.values()) if (!best || bucket.n > best.n) best = bucket;
  return best ? rgbToHex([best.r / best.n, best.g / best.n, best.b / best.n]) : '#ffffff';
}
