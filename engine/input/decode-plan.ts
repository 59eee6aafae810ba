/**
 * Shrink-on-load: what a render decodes. A render never needs more of the picture than its crop
 * (plus the resampler's reach) nor more resolution than its output, so a JPEG is decoded at the
 * coarsest of 1/1, 1/2, 1/4 and 1/8 that still gives at least the output's pixels across the crop
 * (libjpeg's scaled inverse DCT, as libvips' shrink-on-load and ImageMagick's size hint use it), and
 * only the part the crop covers. A plan for several renders (a queue batch) is the union of theirs.
 *
 * A decode is held to the engine's budget (limits.ts decodeFits): when the part at its scale would
 * not fit, the scale is coarsened, so any render of any admitted picture fits the isolate.
 *
 * A PNG is decoded the same way, its reduction a cell average made as rows stream in (an Adam7
 * file's as its passes do: png/decode.ts); a WebP by libwebp's own crop and area-averaging rescaler
 * (webp/decode.ts).
 */
import type { Fill } from '../plan/fill';
import { cropExtends } from '../pixels/fill';
import type { ImageInfo } from './image-info';
import { decodedChannels, decodeFits } from './limits';
import type { CropRect } from '../pixels/raster';

export type Scale = 1 | 2 | 4 | 8;

/** A rectangle by its edges (x0, y0 inclusive; x1, y1 exclusive). */
export interface Area {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** What one render reads: its crop (upright pixels of the whole picture), output size and fill. */
export interface DecodeNeed {
  crop: CropRect;
  width: number;
  height: number;
  fill?: Fill;
}

export interface DecodePlan {
  scale: Scale;
  /** The part to decode, in upright pixels of the whole picture. */
  area: Area;
}

const SCALES: readonly Scale[] = [8, 4, 2, 1];

/**
 * The coarsest scale that still gives the output's pixels across the crop. A plain cell average
 * (the 1/8 JPEG decode: each block's DC coefficient; a PNG or WebP at any scale) is taken only with
 * room for the resampler's own filter, twice the output (as libvips leaves); the JPEG 4×4 and 2×2
 * transforms are true reductions and serve from the output's size up.
 */
function scaleFor(info: ImageInfo, need: DecodeNeed): Scale {
  const room = (d: Scale) => (d === 8 || info.type !== 'jpeg' ? 2 : 1);
  return (
    SCALES.find((d) => need.crop.width / d >= need.width * room(d) && need.crop.height / d >= need.height * room(d)) ??
    1
  );
}

/**
 * The coarsest scale that serves every need: a decode's for them all (planDecode, before its
 * budget), and how far a decoded view may be box-shrunk for them (view.ts), so a fan-out's later,
 * smaller formats start from a picture as coarse as each would be decoded at alone (and as sharp's
 * shrink-on-load gives them). The resampler would pre-shrink that far and more itself, each format
 * again; shrinking once serves them all. For a JPEG the cell average stands in for the 4×4 and 2×2
 * transforms: the renders of three photos' fan-outs came within 0.25 dB (PSNR against sharp's
 * lanczos3 from the whole decode) of shrinking only with twice the output's pixels
 * (docs/decisions/0010-shrink-on-load.md).
 */
export function sharedScale(info: ImageInfo, needs: readonly DecodeNeed[]): Scale {
  return Math.min(...needs.map((need) => scaleFor(info, need))) as Scale;
}

/**
 * The order in which renders of one picture share decodes best (a fan-out's queue messages): those
 * that need the finest scale first, since a kept view is only ever shrunk (view.ts), and the
 * largest first within a scale. The reduction's power of two orders scaleFor's scales for every
 * type (it is monotone in it), without the picture's details.
 */
export function decodeOrder(a: DecodeNeed, b: DecodeNeed): number {
  const level = (need: DecodeNeed) =>
    Math.max(0, Math.floor(Math.log2(Math.min(need.crop.width / need.width, need.crop.height / need.height))));
  return level(a) - level(b) || b.width * b.height - a.width * a.height;
}

/**
 * The upright area a render reads: its crop inside the picture and the resampler's reach around it
 * (resample.ts: lanczos3 after a box pre-shrink of about half the reduction spans up to about 6
 * input pixels per output pixel; 8 more for rounding). The whole picture where a blurred backdrop
 * is made from it.
 */
function areaFor(info: ImageInfo, need: DecodeNeed, scale: Scale): Area {
  const upright = { width: info.uprightWidth, height: info.uprightHeight };
  const whole = { x0: 0, y0: 0, x1: upright.width, y1: upright.height };
  if (need.fill?.kind === 'blur' && cropExtends(need.crop, upright)) return whole;
  const reach = (extent: number, size: number) => (Math.ceil(6 * Math.max(1, extent / scale / size)) + 8) * scale;
  const mx = reach(need.crop.width, need.width);
  const my = reach(need.crop.height, need.height);
  // Inside the picture and at least a pixel, even for a crop that misses it (which renders empty).
  const span = (from: number, to: number, size: number): [number, number] => {
    const a = Math.min(size - 1, Math.max(0, Math.floor(from)));
    return [a, Math.max(a + 1, Math.min(size, Math.ceil(to)))];
  };
  const [x0, x1] = span(need.crop.x - mx, need.crop.x + need.crop.width + mx, upright.width);
  const [y0, y1] = span(need.crop.y - my, need.crop.y + need.crop.height + my, upright.height);
  return { x0, y0, x1, y1 };
}

/** Bytes of the RGB or RGBA picture an area decodes to at a scale. */
function areaBytes(info: ImageInfo, area: Area, scale: Scale): number {
  const channels = decodedChannels(info);
  return Math.ceil((area.x1 - area.x0) / scale + 1) * Math.ceil((area.y1 - area.y0) / scale + 1) * channels;
}

/**
 * One decode for every need: the finest scale any of them asks for and the union of their areas,
 * coarsened until the decode fits the engine's budget (limits.ts decodeFits: the part within
 * DECODED_BUDGET_BYTES with what its decoder holds beside it, a progressive JPEG's coefficients).
 */
export function planDecode(info: ImageInfo, needs: readonly DecodeNeed[]): DecodePlan {
  let scale = sharedScale(info, needs);
  const plan = (s: Scale): DecodePlan => {
    const areas = needs.map((n) => areaFor(info, n, s));
    return {
      scale: s,
      area: {
        x0: Math.min(...areas.map((a) => a.x0)),
        y0: Math.min(...areas.map((a) => a.y0)),
        x1: Math.max(...areas.map((a) => a.x1)),
        y1: Math.max(...areas.map((a) => a.y1)),
      },
    };
  };
  let result = plan(scale);
  while (scale < 8 && !decodeFits(info, areaBytes(info, result.area, scale), scale)) {
    scale = (scale * 2) as Scale;
    result = plan(scale);
  }
  return result;
}

/** The whole picture at the coarsest scale that keeps `size` pixels on its long side (the analysis). */
export function planWhole(info: ImageInfo, size: number): DecodePlan {
  const long = Math.max(info.uprightWidth, info.uprightHeight);
  const scale = SCALES.find((d) => long / d >= size) ?? 1;
  return { scale, area: { x0: 0, y0: 0, x1: info.uprightWidth, y1: info.uprightHeight } };
}

/** Whether a decode made for `plan` serves a render that would plan `wanted` on its own. */
export function covers(plan: DecodePlan, wanted: DecodePlan): boolean {
  const a = plan.area;
  const b = wanted.area;
  return plan.scale <= wanted.scale && a.x0 <= b.x0 && a.y0 <= b.y0 && a.x1 >= b.x1 && a.y1 >= b.y1;
}
