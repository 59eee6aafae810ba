/**
 * Shrink-on-load: what a render decodes. A render never needs more of the picture than its crop
 * (plus the resampler's reach) nor more resolution than its output, so a JPEG is decoded at the
 * coarsest of 1/1, 1/2, 1/4 and 1/8 that still gives at least the output's pixels across the crop
 * (libjpeg's scaled inverse DCT, as libvips' shrink-on-load and ImageMagick's size hint use it), and
 * only the part the crop covers. A plan for several renders (a queue batch) is the union of theirs.
 *
 * A decode is held to DECODED_BUDGET: when the part at its scale would be larger, the scale is
 * coarsened, so any render of any admitted picture fits the isolate (limits.ts).
 *
 * A non-interlaced PNG is decoded the same way, its reduction a cell average made as rows stream
 * in (png/decode.ts). WebP and Adam7 PNGs are decoded whole, at full scale.
 */
import type { Fill } from '../../shared/fill';
import { analysePicture, type Analysis } from './content-aware/analyse';
import { decodeImage } from './decode';
import { cropExtends } from './fill';
import type { ImageInfo } from './image-info';
import { DECODED_BUDGET_BYTES, decodesInPart } from './limits';
import type { CropRect, Picture } from './raster';
import type { Codecs } from './wasm/codecs';

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

/**
 * A decoded picture, or part of one at a reduced scale. `picture` is in stored orientation; upright
 * pixel (u, v) of the whole picture is at upright (u * kx - x, v * ky - y) of `picture`.
 */
export interface View {
  picture: Picture;
  orientation: number;
  kx: number;
  ky: number;
  x: number;
  y: number;
  plan: DecodePlan;
}

const SCALES: readonly Scale[] = [8, 4, 2, 1];

/**
 * The coarsest scale that still gives the output's pixels across the crop (1 for WebP and Adam7
 * PNG). A plain cell average (the 1/8 JPEG decode: each block's DC coefficient; a PNG at any scale)
 * is taken only with room for the resampler's own filter, twice the output (as libvips leaves); the
 * JPEG 4×4 and 2×2 transforms are true reductions and serve from the output's size up.
 */
function scaleFor(info: ImageInfo, need: DecodeNeed): Scale {
  if (!decodesInPart(info)) return 1;
  const room = (d: Scale) => (d === 8 || info.type === 'png' ? 2 : 1);
  return (
    SCALES.find((d) => need.crop.width / d >= need.width * room(d) && need.crop.height / d >= need.height * room(d)) ??
    1
  );
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
  if (!decodesInPart(info) || (need.fill?.kind === 'blur' && cropExtends(need.crop, upright))) return whole;
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

/** Bytes of the RGB (JPEG) or RGBA picture an area decodes to at a scale. */
function areaBytes(info: ImageInfo, area: Area, scale: Scale): number {
  const channels = info.type === 'jpeg' ? 3 : 4;
  return Math.ceil((area.x1 - area.x0) / scale + 1) * Math.ceil((area.y1 - area.y0) / scale + 1) * channels;
}

/**
 * One decode for every need: the finest scale any of them asks for and the union of their areas,
 * coarsened until it fits DECODED_BUDGET_BYTES.
 */
export function planDecode(info: ImageInfo, needs: readonly DecodeNeed[]): DecodePlan {
  let scale = Math.min(...needs.map((n) => scaleFor(info, n))) as Scale;
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
  while (decodesInPart(info) && scale < 8 && areaBytes(info, result.area, scale) > DECODED_BUDGET_BYTES) {
    scale = (scale * 2) as Scale;
    result = plan(scale);
  }
  return result;
}

/** The whole picture at the coarsest scale that keeps `size` pixels on its long side (the analysis). */
export function planWhole(info: ImageInfo, size: number): DecodePlan {
  const long = Math.max(info.uprightWidth, info.uprightHeight);
  const scale = decodesInPart(info) ? (SCALES.find((d) => long / d >= size) ?? 1) : 1;
  return { scale, area: { x0: 0, y0: 0, x1: info.uprightWidth, y1: info.uprightHeight } };
}

/** Whether a decode made for `plan` serves a render that would plan `wanted` on its own. */
export function covers(plan: DecodePlan, wanted: DecodePlan): boolean {
  const a = plan.area;
  const b = wanted.area;
  return plan.scale <= wanted.scale && a.x0 <= b.x0 && a.y0 <= b.y0 && a.x1 >= b.x1 && a.y1 >= b.y1;
}

/** Stored pixel edges of upright edges (u, v): EXIF orientations as flips and transposes. */
function toStored(o: number, w: number, h: number, u: number, v: number): [number, number] {
  switch (o) {
    case 2:
      return [w - u, v];
    case 3:
      return [w - u, h - v];
    case 4:
      return [u, h - v];
    case 5:
      return [v, u];
    case 6:
      return [v, h - u];
    case 7:
      return [w - v, h - u];
    case 8:
      return [w - v, u];
    default:
      return [u, v];
  }
}

function toUpright(o: number, w: number, h: number, x: number, y: number): [number, number] {
  switch (o) {
    case 2:
      return [w - x, y];
    case 3:
      return [w - x, h - y];
    case 4:
      return [x, h - y];
    case 5:
      return [y, x];
    case 6:
      return [h - y, x];
    case 7:
      return [h - y, w - x];
    case 8:
      return [y, w - x];
    default:
      return [x, y];
  }
}

/** A rectangle through a corner mapping. */
function mapArea(area: Area, map: (x: number, y: number) => [number, number]): Area {
  const [ax, ay] = map(area.x0, area.y0);
  const [bx, by] = map(area.x1, area.y1);
  return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
}

/** Decodes what the plan asks (colour-managed, as decodeImage) and says where it sits in the picture. */
export async function decodeView(bytes: Uint8Array, info: ImageInfo, codecs: Codecs, plan: DecodePlan): Promise<View> {
  const { width: W, height: H, orientation: o } = info;
  if (!decodesInPart(info) || (plan.scale === 1 && isWhole(info, plan.area))) {
    const picture = await decodeImage(bytes, info, codecs);
    const whole = { x0: 0, y0: 0, x1: info.uprightWidth, y1: info.uprightHeight };
    return { picture, orientation: o, kx: 1, ky: 1, x: 0, y: 0, plan: { scale: 1, area: whole } };
  }
  // Stored pixels of the scaled frame (libjpeg rounds its size up, as the PNG cells do): the exact
  // factors keep the picture's edges where they are.
  const sw = Math.ceil(W / plan.scale);
  const sh = Math.ceil(H / plan.scale);
  const stored = mapArea(plan.area, (u, v) => toStored(o, W, H, u, v));
  const region = {
    x0: Math.floor((stored.x0 * sw) / W),
    y0: Math.floor((stored.y0 * sh) / H),
    x1: Math.ceil((stored.x1 * sw) / W),
    y1: Math.ceil((stored.y1 * sh) / H),
  };
  const picture = await decodeImage(bytes, info, codecs, { scale: plan.scale, region });
  const upright = mapArea(region, (x, y) => toUpright(o, sw, sh, x, y));
  const swap = o >= 5;
  return {
    picture,
    orientation: o,
    kx: swap ? sh / H : sw / W,
    ky: swap ? sw / W : sh / H,
    x: upright.x0,
    y: upright.y0,
    plan,
  };
}

function isWhole(info: ImageInfo, area: Area): boolean {
  return area.x0 <= 0 && area.y0 <= 0 && area.x1 >= info.uprightWidth && area.y1 >= info.uprightHeight;
}

/** A crop of the whole picture, in the view's own upright pixels. */
export function cropInView(view: View, crop: CropRect): CropRect {
  return {
    x: crop.x * view.kx - view.x,
    y: crop.y * view.ky - view.y,
    width: crop.width * view.kx,
    height: crop.height * view.ky,
  };
}

/** A rectangle found in the view (an analysis), in upright pixels of the whole picture. */
export function rectFromView(view: View, rect: CropRect): CropRect {
  return {
    x: (rect.x + view.x) / view.kx,
    y: (rect.y + view.y) / view.ky,
    width: rect.width / view.kx,
    height: rect.height / view.ky,
  };
}

/** The content-aware analysis of a whole-picture view, in upright pixels of the whole picture. */
export function analyseView(view: View, picture: { width: number; height: number }): Analysis {
  const found = analysePicture(view.picture, view.orientation);
  const rect = (r: CropRect | null | undefined) => (r ? rectFromView(view, r) : null);
  return {
    width: picture.width,
    height: picture.height,
    region: rect(found.region),
    core: rect(found.core),
    subject: { x: found.subject.x / view.kx, y: found.subject.y / view.ky },
    face: rect(found.face),
  };
}

/**
 * One picture's decodes for a run of renders (a request's formats, a queue batch): each render gets
 * a view that covers what it reads, the last one reused when it does. `companions` are the renders
 * expected next: a decode serves them too when that costs none of this render's resolution.
 */
export class PictureViews {
  private view: View | null = null;

  constructor(
    readonly bytes: Uint8Array,
    readonly info: ImageInfo,
    private readonly codecs: Codecs,
  ) {}

  async viewFor(
    need: DecodeNeed,
    companions: readonly DecodeNeed[] | (() => Promise<readonly DecodeNeed[]>) = [],
  ): Promise<View> {
    const own = planDecode(this.info, [need]);
    if (this.view && covers(this.view.plan, own)) return this.view;
    const others = typeof companions === 'function' ? await companions() : companions;
    const group = others.length > 0 ? planDecode(this.info, [need, ...others]) : own;
    return this.decode(group.scale <= own.scale ? group : own);
  }

  /** The whole picture with at least `size` pixels on its long side. */
  whole(size: number): Promise<View> {
    return this.decode(planWhole(this.info, size));
  }

  private async decode(plan: DecodePlan): Promise<View> {
    this.view = null; // let the last view go before decoding the next
    this.view = await decodeView(this.bytes, this.info, this.codecs, plan);
    return this.view;
  }
}
