/**
 * Decoded views: the part and scale of a picture a decode plan asks for (decode-plan.ts), where it
 * sits in the whole picture, and one picture's decodes shared by a run of renders.
 */
import { headBox, type DetectedBox, type Detection, type Point } from '../plan/detection';
import { analysePicture, type Analysis } from '../pixels/content-aware/analyse';
import { decodeImage } from './decode';
import type { JpegPart } from '../codecs/jpeg/decode';
import { detectFaces, detectSide, detectText, releaseDetectors } from '../detect';
import { mostlyInside } from '../detect/boxes';
import { judgeText } from '../detect/text-roles';
import { uprightSize } from './exif';
import {
  covers,
  planDecode,
  planWhole,
  sharedScale,
  type Area,
  type DecodeNeed,
  type DecodePlan,
  type Scale,
} from './decode-plan';
import type { ImageInfo } from './image-info';
import type { CropRect, Picture } from '../pixels/raster';
import { log } from '../log';
import { decodesSoFar, freeNow } from '../memory';
import { boxShrink, resampleCrop } from '../pixels/resample';
import type { Codecs } from '../codecs/wasm/codecs';

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

/** A JPEG's access points to read, and where to give those a decode makes (decode.ts JpegPart). */
type Points = Pick<JpegPart, 'points' | 'onPoints'>;

/** Decodes what the plan asks (colour-managed, as decodeImage) and says where it sits in the picture. */
export async function decodeView(
  bytes: Uint8Array,
  info: ImageInfo,
  codecs: Codecs,
  plan: DecodePlan,
  points: Points = {},
): Promise<View> {
  const { width: W, height: H, orientation: o } = info;
  if (plan.scale === 1 && isWhole(info, plan.area)) {
    const picture = await decodeImage(bytes, info, codecs, { scale: 1, ...points });
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
  const picture = await decodeImage(bytes, info, codecs, { scale: plan.scale, region, ...points });
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

/**
 * The view box-averaged to a coarser scale (an opaque one; its area stays), its size rounded up as
 * a decode's is, and mapped as decodeView maps a reduced decode: a uniform stretch of the shrunk
 * size over the old, which keeps the view's edges exact (inside, a pixel's place may move by under
 * one shrunk pixel).
 */
function shrinkView(view: View, scale: Scale): View {
  const picture = boxShrink(view.picture, scale / view.plan.scale);
  const before = uprightSize(view.picture.width, view.picture.height, view.orientation);
  const after = uprightSize(picture.width, picture.height, view.orientation);
  const fx = after.width / before.width;
  const fy = after.height / before.height;
  return {
    picture,
    orientation: view.orientation,
    kx: view.kx * fx,
    ky: view.ky * fy,
    x: view.x * fx,
    y: view.y * fy,
    plan: { scale, area: view.plan.area },
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
export function rectFromView(view: Pick<View, 'kx' | 'ky' | 'x' | 'y'>, rect: CropRect): CropRect {
  return {
    x: (rect.x + view.x) / view.kx,
    y: (rect.y + view.y) / view.ky,
    width: rect.width / view.kx,
    height: rect.height / view.ky,
  };
}

/** The content-aware analysis of a whole-picture view, in upright pixels of the whole picture. */
function analyseView(
  view: Pick<View, 'picture' | 'orientation' | 'kx' | 'ky' | 'x' | 'y'>,
  picture: { width: number; height: number },
): Analysis {
  const found = analysePicture(view.picture, view.orientation);
  const rect = (r: CropRect | null | undefined) => (r ? rectFromView(view, r) : null);
  return {
    width: picture.width,
    height: picture.height,
    region: rect(found.region),
    core: rect(found.core),
    marks: (found.marks ?? []).map((m) => ({ ...rectFromView(view, m), score: m.score })),
    subject: { x: found.subject.x / view.kx, y: found.subject.y / view.ky },
    face: rect(found.face),
  };
}

/**
 * What a whole-picture view shows, in upright pixels of the whole picture: the faces and lines of
 * text the models find in a copy of at most DETECT_PIXELS pixels (detectSide), and the saliency analysis
 * (its marks, and its region for when the models cannot run: the detection then says so).
 */
export function detectView(
  view: Pick<View, 'picture' | 'orientation' | 'kx' | 'ky' | 'x' | 'y'>,
  picture: { width: number; height: number },
): { detection: Detection; analysis: Analysis } {
  const analysis = analyseView(view, picture);
  const marks = analysis.marks ?? [];
  const base = { width: picture.width, height: picture.height, marks };
  try {
    const upright = uprightSize(view.picture.width, view.picture.height, view.orientation);
    const scale = detectSide(upright.width, upright.height) / Math.max(upright.width, upright.height);
    const small = resampleCrop({
      source: view.picture,
      orientation: view.orientation,
      crop: { x: 0, y: 0, ...upright },
      width: Math.max(1, Math.round(upright.width * scale)),
      height: Math.max(1, Math.round(upright.height * scale)),
      precise: true,
    });
    const sx = small.width / upright.width;
    const sy = small.height / upright.height;
    const rect = (b: CropRect) =>
      rectFromView(view, { x: b.x / sx, y: b.y / sy, width: b.width / sx, height: b.height / sy });
    const box = <B extends DetectedBox>(b: B): B => ({ ...b, ...rect(b) });
    const point = (p: Point): Point => ({ x: (p.x / sx + view.x) / view.kx, y: (p.y / sy + view.y) / view.ky });
    const faces = detectFaces(small).map((f) => ({ ...box(f), landmarks: f.landmarks.map(point) }));
    // The text model, run without a recogniser, reads eyes and mouths as short words: a "line"
    // mostly inside a face is one of those.
    const lines = detectText(small).filter((line) => !faces.some((face) => mostlyInside(box(line), face)));
    // Designed text and the panels it is set on, told apart on the copy the detectors read.
    const { designed, panels } = judgeText(small, lines);
    freeNow(small.data); // the detectors' copy, read for the last time
    const text = lines.map((line, i) => ({ ...box(line), designed: designed[i] ?? true }));
    // A mark on a face or a line (the saliency map sees both) adds nothing to what is kept whole.
    const found = [...faces.map((face) => headBox(face, picture)), ...text];
    const ownMarks = marks.filter((mark) => !found.some((box) => mostlyInside(mark, box)));
    const detection: Detection = { ...base, marks: ownMarks, faces, text, panels: panels.map(rect), source: 'models' };
    return { detection, analysis };
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    log('warn', 'face and text detection failed: the saliency analysis stands in', { failure });
    return { detection: { ...base, faces: [], text: [], source: 'saliency', failure }, analysis };
  } finally {
    releaseDetectors();
  }
}

/**
 * One picture's decodes for a run of renders (a request's formats, a queue batch): each render gets
 * a view that covers what it reads, the last one reused when it does. `companions` are the renders
 * expected next: a decode serves them too when that costs none of this render's resolution.
 */
export class PictureViews {
  private view: View | null = null;
  /** decodesSoFar() before this picture's last decode (memory.ts; kept-picture.ts reads it). */
  decodedAfter = -1;
  private file: Uint8Array | null;
  private readonly reread?: () => Promise<Uint8Array>;
  private body?: Uint8Array;
  readonly info: ImageInfo;
  /**
   * A JPEG's access points (codecs/jpeg/access-points.ts): given (kept beside the file), or made by
   * a decode that read the file from the top (the most bands such a decode passed), for the decodes
   * of regions lower down after it.
   */
  accessPoints: Uint8Array | null;

  /**
   * `reread`: how to read the file again. Given, the file is let go once a decode is made (its
   * memory is the decoded part's then: step-bytes.ts runBytes) and read again for a later decode.
   * `body`: the upload's body the file is part of, when these views are its owner (kept for the
   * renders after an upload): freed with them. `accessPoints`: those an earlier decode made.
   */
  constructor(
    bytes: Uint8Array,
    info: ImageInfo,
    private readonly codecs: Codecs,
    {
      reread,
      body,
      accessPoints = null,
    }: { reread?: () => Promise<Uint8Array>; body?: Uint8Array; accessPoints?: Uint8Array | null } = {},
  ) {
    this.file = bytes;
    this.reread = reread;
    this.body = body;
    this.accessPoints = accessPoints;
    // The profile is a part of the file: a copy of its own, so the file can be freed.
    this.info = info.icc && (reread || body) ? { ...info, icc: { ...info.icc, bytes: info.icc.bytes.slice() } } : info;
  }

  /** Keeps `points` (another decode's, or kept beside the file) where they reach further down than those held. */
  keepAccessPoints(points: Uint8Array | null | undefined): void {
    if (points && points.length > (this.accessPoints?.length ?? 0)) this.accessPoints = points;
  }

  /** What this picture holds now: its file, while held, and its decoded view (a WebP's, its decoder's memory). */
  heldBytes(): number {
    const picture = this.view?.picture.data;
    // An upload's views hold its whole body (the file and its multipart headers), not the file alone.
    const file = this.body ? this.body.byteLength : (this.file?.byteLength ?? 0);
    return file + (picture ? (this.info.type === 'webp' ? picture.buffer.byteLength : picture.byteLength) : 0);
  }

  async viewFor(
    need: DecodeNeed,
    companions: readonly DecodeNeed[] | (() => Promise<readonly DecodeNeed[]>) = [],
  ): Promise<View> {
    const own = planDecode(this.info, [need]);
    const view = this.view;
    if (view && covers(view.plan, own)) {
      // A finer view than this render and those expected next need (a fan-out's earlier formats
      // made it: they are queued finest first, decodeOrder) is box-shrunk once for them, so each
      // does not pre-shrink all of it again.
      // Also for a render with none expected after it: a queue batch's last render leaves the view
      // to the next batch, whose smaller formats it then serves (kept-picture.ts). Shrinking only
      // where renders follow in the same batch measured no faster (2004default.jpg's 118 formats,
      // alternating: 4.49-4.54 s against 4.40-4.52).
      if (view.plan.scale >= own.scale || !(view.picture.channels === 3 || view.picture.opaque)) return view;
      const others = typeof companions === 'function' ? await companions() : companions;
      const scale = sharedScale(this.info, [need, ...others]);
      if (scale <= view.plan.scale) return view;
      this.view = shrinkView(view, scale);
      freeNow(view.picture.data);
      return this.view;
    }
    const others = typeof companions === 'function' ? await companions() : companions;
    const group = others.length > 0 ? planDecode(this.info, [need, ...others]) : own;
    return this.decode(group.scale <= own.scale ? group : own);
  }

  /** The whole picture with at least `size` pixels on its long side. */
  whole(size: number): Promise<View> {
    return this.decode(planWhole(this.info, size));
  }

  /**
   * Gives back the decoded pixels now, and the file when these views own it (memory.ts freeNow):
   * the run that made them is over and nothing reads them again (the views are not kept, or a
   * step needs their room).
   */
  letGo(): void {
    this.dropView();
    if (this.reread) this.dropFile();
    if (this.body) {
      freeNow(this.body); // a buffer of its own size, which only the upload that read it made
      this.body = undefined;
      this.file = null;
    }
  }

  private dropView(): void {
    freeNow(this.view?.picture.data);
    this.view = null;
  }

  /** A file read again when needed is freed once decoded. */
  private dropFile(): void {
    freeNow(this.file);
    this.file = null;
  }

  private async decode(plan: DecodePlan): Promise<View> {
    this.dropView(); // the last view goes before the next decode
    const file = this.file ?? (await this.reread!());
    this.decodedAfter = decodesSoFar();
    this.file = file;
    this.view = await decodeView(file, this.info, this.codecs, plan, {
      points: this.accessPoints,
      onPoints: (made) => this.keepAccessPoints(made),
    });
    if (this.reread) this.dropFile();
    return this.view;
  }
}
