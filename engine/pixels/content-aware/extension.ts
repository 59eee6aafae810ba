/**
 * The picture extended with its own texture (docs/product.md, "Fill"): where an output reaches past
 * the picture, the part outside is completed from patches of the picture (content-aware/completion.ts)
 * at a reduced size, and then painted at full size by copying the output's own pixels through the
 * finest level's matches, so the texture keeps the picture's sharpness. Patches are never taken from
 * the kept-out boxes (faces, lines of text, marks); next to one that touches the seam, the blurred
 * backdrop takes over, so a face cut by the edge is not continued with something else.
 */
import { PixelRect, type Raster } from '../raster';
import { complete, type Rect } from './completion';
import { PATCH_RADIUS, planExtension, Slab } from './extension-plan';
import type { Level } from './patch-match';
import type { Placement } from './continuation';

/** Over this share of the output's short side, outward, the copy takes over from the picture mirrored at its edge. */
const SEAM_SHARE = 0.025;

/** The backdrop at an output pixel, red, green, blue, into `out`: where the extension gives way to it. */
export type Backdrop = (x: number, y: number, out: Float32Array) => void;
/** Makes the backdrop from the output as rendered (before anything outside is painted). */
export type MakeBackdrop = () => Backdrop;

const smoothstep = (u: number) => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * (3 - 2 * u));

/** The output pixels the picture covers wholly: its placement shrunk to whole pixels, inside the output. */
export function knownRect(output: { width: number; height: number }, placed: Placement): Rect {
  return new PixelRect(
    Math.max(0, Math.ceil(placed.x0 - 0.01)),
    Math.max(0, Math.ceil(placed.y0 - 0.01)),
    Math.min(output.width, Math.floor(placed.x1 + 0.01)),
    Math.min(output.height, Math.floor(placed.y1 + 0.01)),
  );
}

/** Whether every pixel of the rectangle is opaque (a picture with its own transparency is not extended). */
function opaqueInside(output: Raster, rect: Rect): boolean {
  const { data } = output;
  const width = output.width | 0; // a small integer (see Level, patch-match.ts)
  for (let y = rect.y0; y < rect.y1; y++)
    for (let x = rect.x0, o = (y * width + x) * 4 + 3; x < rect.x1; x++, o += 4) if (data[o] !== 255) return false;
  return true;
}

/**
 * Extends, in place, the picture placed at `placed` in the output over the rest of it. Returns
 * false, having changed nothing, where it cannot: the picture has transparency of its own, or too
 * little of it is clear of the kept-out boxes to draw patches from; the caller then uses the
 * blurred backdrop.
 */
export function extendPicture(
  output: Raster,
  placed: Placement,
  keepOut: readonly Rect[],
  makeBackdrop: MakeBackdrop,
): boolean {
  const { width, height } = output;
  const known = knownRect(output, placed);
  if (known.x1 - known.x0 < 1 || known.y1 - known.y0 < 1 || !opaqueInside(output, known)) return false;
  const plan = planExtension(width, height);
  const slab = new Slab(plan.bytes);
  const allowed = (level: { scale: number }) => {
    const boxes = keepOut.map(
      (b) =>
        new PixelRect(
          Math.floor(b.x0 / level.scale),
          Math.floor(b.y0 / level.scale),
          Math.ceil(b.x1 / level.scale),
          Math.ceil(b.y1 / level.scale),
        ),
    );
    // A loop, not `every`: asked for every pixel of a level, `every` made a closure each time.
    return (x0: number, y0: number, x1: number, y1: number) => {
      for (let i = 0; i < boxes.length; i++) {
        const b = boxes[i] as PixelRect;
        if (x1 > b.x0 && x0 < b.x1 && y1 > b.y0 && y0 < b.y1) return false;
      }
      return true;
    };
  };
  try {
    const level = complete(output, known, plan, slab, allowed, (width * 73856093) ^ (height * 19349663));
    if (!level) return false;

    const zones = fallbackZones(known, keepOut, { width, height }, plan.factor);
    // The backdrop only where a kept-out box reaches the seam, and made from the output as rendered.
    const backdrop: Backdrop = zones.length > 0 ? makeBackdrop() : () => undefined;
    paint(output, known, level, plan.factor, slab, zones, backdrop);
    return true;
  } finally {
    slab.free();
  }
}

/** Per column (or row) of the output: its two nearest level pixels, the blend between them, its mirror and its distance outside the picture. */
interface Axis {
  cell0: Int32Array;
  cell1: Int32Array;
  t: Float32Array;
  mirror: Int32Array;
  outside: Float32Array;
}

function axis(slab: Slab, length: number, cells: number, k: number, lo: number, hi: number): Axis {
  const a = {
    cell0: slab.i32(length),
    cell1: slab.i32(length),
    t: slab.f32(length),
    mirror: slab.i32(length),
    outside: slab.f32(length),
  };
  for (let i = 0; i < length; i++) {
    const u = Math.min(cells - 1, Math.max(0, (i + 0.5) / k - 0.5));
    const c = Math.floor(u);
    a.cell0[i] = c;
    a.cell1[i] = Math.min(cells - 1, c + 1);
    a.t[i] = u - c;
    a.mirror[i] = mirror(i, lo, hi);
    const centre = i + 0.5;
    a.outside[i] = centre < lo ? lo - centre : centre > hi ? centre - hi : 0;
  }
  return a;
}

/** Marks a level pixel without a match in the offset planes. */
const NO_MATCH = -(1 << 30);

/**
 * Paints the full-size outside: each pixel is the output's own pixel its four nearest level pixels'
 * matches point to, shifted to it and blended bilinearly (where they agree, one source pixel, as
 * sharp as the picture); next to the seam the picture's own pixels, mirrored, give way to that copy,
 * so the step across the seam is one the picture itself makes (a few pixels: no edge runs on as a
 * streak); beside a kept-out box at the seam the backdrop takes over.
 */
function paint(
  output: Raster,
  known: Rect,
  level: Level,
  k: number,
  slab: Slab,
  zones: readonly Zone[],
  backdrop: Backdrop,
): void {
  const { data } = output;
  // Sizes as small integers (see Level, patch-match.ts).
  const width = output.width | 0;
  const height = output.height | 0;
  const { field } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  // Each level pixel's match as an offset in output pixels.
  const offsetX = slab.i32(w * h);
  const offsetY = slab.i32(w * h);
  for (let q = 0; q < w * h; q++) {
    const m = field[q] as number;
    const mx = m % w;
    offsetX[q] = m < 0 ? NO_MATCH : (mx - (q % w)) * k;
    offsetY[q] = m < 0 ? NO_MATCH : ((m - mx) / w - Math.floor(q / w)) * k;
  }
  const cols = axis(slab, width, w, k, known.x0, known.x1);
  const rows = axis(slab, height, h, k, known.y0, known.y1);
  const seamWidth = Math.max(2, SEAM_SHARE * Math.min(width, height));
  // Whether a column lies beyond the seam's width, as a byte: the common pixel is decided without
  // reading a float, which V8's interpreter would box (docs/decisions/0019).
  const farColumn = new Uint8Array(width);
  for (let x = 0; x < width; x++) farColumn[x] = (cols.outside[x] as number) >= seamWidth ? 1 : 0;
  const back = new Float32Array(3);
  const colour = new Float32Array(3);
  const corners = new Int32Array(4);
  const weights = new Float32Array(4);
  for (let y = 0; y < height; y++) {
    const insideY = y >= known.y0 && y < known.y1;
    const r0 = (rows.cell0[y] as number) * w;
    const r1 = (rows.cell1[y] as number) * w;
    const ty = rows.t[y] as number;
    const dy = rows.outside[y] as number;
    const farRow = dy >= seamWidth;
    const my = rows.mirror[y] as number;
    for (let x = 0; x < width; x++) {
      if (insideY && x >= known.x0 && x < known.x1) continue;
      const c0 = cols.cell0[x] as number;
      const c1 = cols.cell1[x] as number;
      const o = (y * width + x) * 4;
      const ox = offsetX[r0 + c0] as number;
      const oy = offsetY[r0 + c0] as number;
      // Most pixels: the four matches agree (a coherent copy), away from the seam, the backdrop
      // and the picture's antialiased edge, so the pixel is its source pixel.
      if (
        ox !== NO_MATCH &&
        (farColumn[x] === 1 || farRow) &&
        zones.length === 0 &&
        data[o + 3] === 0 &&
        offsetX[r0 + c1] === ox &&
        offsetX[r1 + c0] === ox &&
        offsetX[r1 + c1] === ox &&
        offsetY[r0 + c1] === oy &&
        offsetY[r1 + c0] === oy &&
        offsetY[r1 + c1] === oy
      ) {
        const sx = Math.min(known.x1 - 1, Math.max(known.x0, x + ox));
        const sy = Math.min(known.y1 - 1, Math.max(known.y0, y + oy));
        const from = (sy * width + sx) * 4;
        data[o] = data[from] as number;
        data[o + 1] = data[from + 1] as number;
        data[o + 2] = data[from + 2] as number;
        data[o + 3] = 255;
        continue;
      }
      const tx = cols.t[x] as number;
      const dx = cols.outside[x] as number;
      corners[0] = r0 + c0;
      corners[1] = r0 + c1;
      corners[2] = r1 + c0;
      corners[3] = r1 + c1;
      weights[0] = (1 - tx) * (1 - ty);
      weights[1] = tx * (1 - ty);
      weights[2] = (1 - tx) * ty;
      weights[3] = tx * ty;
      colour[0] = 0;
      colour[1] = 0;
      colour[2] = 0;
      let total = 0;
      for (let i = 0; i < 4; i++) {
        const q = corners[i] as number;
        const weight = weights[i] as number;
        const qx = offsetX[q] as number;
        if (qx === NO_MATCH || weight <= 0) continue;
        const sx = Math.min(known.x1 - 1, Math.max(known.x0, x + qx));
        const sy = Math.min(known.y1 - 1, Math.max(known.y0, y + (offsetY[q] as number)));
        const from = (sy * width + sx) * 4;
        colour[0] = (colour[0] as number) + weight * (data[from] as number);
        colour[1] = (colour[1] as number) + weight * (data[from + 1] as number);
        colour[2] = (colour[2] as number) + weight * (data[from + 2] as number);
        total += weight;
      }
      const near = dx < seamWidth && dy < seamWidth;
      const share = total <= 0 ? 0 : near ? smoothstep(Math.sqrt(dx * dx + dy * dy) / seamWidth) : 1;
      const m = (my * width + (cols.mirror[x] as number)) * 4;
      const fallback = zones.length > 0 ? zoneWeight(zones, x, y) : 0;
      if (fallback > 0) backdrop(x, y, back);
      // A pixel the picture covers in part keeps that part (the resampler's antialiased edge).
      const a = (data[o + 3] as number) / 255;
      for (let c = 0; c < 3; c++) {
        const copied = total > 0 ? (colour[c] as number) / total : 0;
        let value = share === 1 ? copied : share * copied + (1 - share) * (data[m + c] as number);
        if (fallback > 0) value += fallback * ((back[c] as number) - value);
        data[o + c] = Math.round(a * (data[o + c] as number) + (1 - a) * value);
      }
      data[o + 3] = 255;
    }
  }
}

/** The index reflected into [lo, hi) at its nearer end (the picture mirrored at its edge). */
function mirror(i: number, lo: number, hi: number): number {
  return i < lo ? Math.min(hi - 1, 2 * lo - 1 - i) : i >= hi ? Math.max(lo, 2 * hi - 1 - i) : i;
}

/** Where the backdrop takes over: beyond the seam from a kept-out box that reaches it. */
interface Zone {
  /** Along the seam: full from `lo` to `hi`, fading over `fade` either side. */
  lo: number;
  hi: number;
  fade: number;
  /** Which side of the picture, and the seam's place on its axis. */
  side: 'left' | 'top' | 'right' | 'bottom';
  seam: number;
  /** Outward from the seam: full at the seam, gone at `reach`. */
  reach: number;
}

/** The zones of the kept-out boxes within a patch's reach of a seam the extension crosses. */
function fallbackZones(
  known: Rect,
  keepOut: readonly Rect[],
  size: { width: number; height: number },
  factor: number,
): Zone[] {
  const near = 2 * PATCH_RADIUS * factor;
  const zones: Zone[] = [];
  for (const b of keepOut) {
    const across = b.x1 - b.x0;
    const down = b.y1 - b.y0;
    const fadeX = Math.max(near, across / 2);
    const fadeY = Math.max(near, down / 2);
    if (known.y0 > 0 && b.y0 - known.y0 < near)
      zones.push({ side: 'top', seam: known.y0, lo: b.x0, hi: b.x1, fade: fadeX, reach: Math.max(near, down) });
    if (known.y1 < size.height && known.y1 - b.y1 < near)
      zones.push({ side: 'bottom', seam: known.y1, lo: b.x0, hi: b.x1, fade: fadeX, reach: Math.max(near, down) });
    if (known.x0 > 0 && b.x0 - known.x0 < near)
      zones.push({ side: 'left', seam: known.x0, lo: b.y0, hi: b.y1, fade: fadeY, reach: Math.max(near, across) });
    if (known.x1 < size.width && known.x1 - b.x1 < near)
      zones.push({ side: 'right', seam: known.x1, lo: b.y0, hi: b.y1, fade: fadeY, reach: Math.max(near, across) });
  }
  return zones;
}

function zoneWeight(zones: readonly Zone[], x: number, y: number): number {
  let weight = 0;
  const px = x + 0.5;
  const py = y + 0.5;
  for (const z of zones) {
    const vertical = z.side === 'top' || z.side === 'bottom';
    const along = vertical ? px : py;
    const out =
      z.side === 'top'
        ? z.seam - py
        : z.side === 'bottom'
          ? py - z.seam
          : z.side === 'left'
            ? z.seam - px
            : px - z.seam;
    if (out < 0) continue;
    const aside = along < z.lo ? z.lo - along : along > z.hi ? along - z.hi : 0;
    weight = Math.max(weight, (1 - smoothstep(aside / z.fade)) * (1 - smoothstep(out / z.reach)));
  }
  return weight;
}
