import { hexToRgb, type Fill } from '../plan/fill';
import { blurredCopy } from './content-aware/backdrop';
import { continuation, overlap, type Placement } from './content-aware/continuation';
import { extendPicture, type Backdrop } from './content-aware/extension';
import { uprightSize } from '../input/exif';
import type { CropRect, Picture, Raster } from './raster';

/** Whether the crop reaches outside the upright picture by more than half a source pixel. */
export function cropExtends(crop: CropRect, picture: { width: number; height: number }): boolean {
  return (
    crop.x < -0.5 ||
    crop.y < -0.5 ||
    crop.x + crop.width > picture.width + 0.5 ||
    crop.y + crop.height > picture.height + 0.5
  );
}

/** Over this share of the output's short side, outward, the picture's continuation gives way to the fill. */
const FADE_SHARE = 0.1;

const smoothstep = (u: number) => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * (3 - 2 * u));

/**
 * Fills, in place, the part of the output the picture does not reach (docs/product.md, "Fill").
 * 'blur' extends the picture with its own texture (content-aware/extension.ts), never copying from
 * `keepOut` (faces, lines of text and marks, in the crop's coordinates), and falls back to the
 * blurred backdrop where it cannot (see blendFill) or next to a kept-out box at the seam.
 * A colour is met as blendFill describes.
 */
export function applyFill(
  output: Raster,
  fill: Fill,
  source: Picture,
  orientation: number,
  crop: CropRect,
  keepOut: readonly CropRect[] = [],
): void {
  const upright = uprightSize(source.width, source.height, orientation);
  if (fill.kind === 'transparent' || !cropExtends(crop, upright)) return;
  if (fill.kind === 'blur') {
    const placed = placement(output, crop, upright);
    const sx = output.width / crop.width;
    const sy = output.height / crop.height;
    const boxes = keepOut.map((b) => ({
      x0: (b.x - crop.x) * sx,
      y0: (b.y - crop.y) * sy,
      x1: (b.x + b.width - crop.x) * sx,
      y1: (b.y + b.height - crop.y) * sy,
    }));
    if (extendPicture(output, placed, boxes, () => blurBackdrop(output, source, orientation, placed))) return;
  }
  blendFill(output, fill, source, orientation, crop);
}

/** Where the picture's rectangle lies in the output, in output pixels. */
function placement(output: Raster, crop: CropRect, upright: { width: number; height: number }): Placement {
  const sx = output.width / crop.width;
  const sy = output.height / crop.height;
  return {
    x0: -crop.x * sx,
    y0: -crop.y * sy,
    x1: (upright.width - crop.x) * sx,
    y1: (upright.height - crop.y) * sy,
  };
}

/**
 * The blurred backdrop outside the picture, pixel by pixel: the picture's continuation fading into
 * the blurred copy with distance, as blendFill paints it (made only where the extension needs it).
 */
function blurBackdrop(output: Raster, source: Picture, orientation: number, placed: Placement): Backdrop {
  const near = continuation(output, placed);
  const far = blurredCopy(source, orientation, output);
  const fade = FADE_SHARE * Math.min(output.width, output.height);
  const n = new Float32Array(4);
  const f = new Float32Array(4);
  return (x, y, out) => {
    const px = x + 0.5;
    const py = y + 0.5;
    const dx = px < placed.x0 ? placed.x0 - px : px > placed.x1 ? px - placed.x1 : 0;
    const dy = py < placed.y0 ? placed.y0 - py : py > placed.y1 ? py - placed.y1 : 0;
    const distance = Math.sqrt(dx * dx + dy * dy);
    far.read(x, y, f);
    if (distance < fade) near.read(x, y, n);
    else n[3] = 0;
    const t = (n[3] as number) * (1 - smoothstep(distance / fade));
    for (let c = 0; c < 3; c++) out[c] = t * (n[c] as number) + (1 - t) * (f[c] as number);
  };
}

/**
 * The colour fill, and the blurred backdrop where the picture cannot be extended (it has
 * transparency of its own, or too little of it is clear of faces and text): the fill meets the
 * picture through the picture's continuation (content-aware/continuation.ts: a wide average of the
 * picture near each point, never its edge pixels repeated, so a line at the edge does not run on
 * into the backdrop), fading into the fill with distance. The picture's own pixels are never
 * touched: nothing of the photo is faded into its backdrop. A colour goes under
 * the uncovered share of each pixel only (the picture's own transparency stays); the blurred copy
 * goes under any transparency; transparent leaves the outside as it is, a hard edge, which is what
 * a cut-out on a transparent canvas is for.
 */
export function blendFill(output: Raster, fill: Fill, source: Picture, orientation: number, crop: CropRect): void {
  const upright = uprightSize(source.width, source.height, orientation);
  if (fill.kind === 'transparent' || !cropExtends(crop, upright)) return;
  const { width, height, data } = output;
  const placed = placement(output, crop, upright);
  const near = continuation(output, placed);
  const far = fill.kind === 'blur' ? blurredCopy(source, orientation, output) : null;
  const [fr, fg, fb] = fill.kind === 'color' ? hexToRgb(fill.color) : [0, 0, 0];
  const short = Math.min(width, height);
  const fade = FADE_SHARE * short;
  const cover = Float32Array.from({ length: width }, (_, x) => overlap(x, placed.x0, placed.x1));
  const n = new Float32Array(4); // the continuation at a pixel: red, green, blue, opacity
  const f = new Float32Array(4); // the blurred copy at a pixel: red, green, blue, alpha
  f.set([fr, fg, fb, 1]);
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    const coverY = overlap(y, placed.y0, placed.y1);
    const dy = py < placed.y0 ? placed.y0 - py : py > placed.y1 ? py - placed.y1 : 0;
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const o = (y * width + x) * 4;
      const a = (data[o + 3] as number) / 255;
      const dx = px < placed.x0 ? placed.x0 - px : px > placed.x1 ? px - placed.x1 : 0;
      const distance = dx > 0 || dy > 0 ? Math.sqrt(dx * dx + dy * dy) : 0;
      if (a === 1) continue; // the picture's own pixel, as it is
      if (far) far.read(x, y, f);
      if (distance >= fade && a === 0) {
        // Beyond the continuation's reach: the fill alone.
        data[o] = f[0] as number;
        data[o + 1] = f[1] as number;
        data[o + 2] = f[2] as number;
        data[o + 3] = (f[3] as number) * 255;
        continue;
      }
      if (distance < fade) near.read(x, y, n);
      else n[3] = 0;
      const opacity = n[3] as number;
      // The share of the pixel the picture's rectangle leaves uncovered, and the share it covers
      // but its own transparency leaves open.
      const uncovered = Math.min(1 - (cover[x] as number) * coverY, 1 - a);
      const open = Math.max(0, 1 - a - uncovered);
      // Uncovered: the continuation, fading into the fill with distance.
      const t = opacity * (1 - smoothstep(distance / fade));
      const farAlpha = f[3] as number;
      const nearAlpha = t + (1 - t) * farAlpha;
      // Open: the blurred copy goes under the picture's own transparency too; a colour does not.
      const openAlpha = far ? farAlpha * open : 0;
      const outAlpha = a + uncovered * nearAlpha + openAlpha;
      if (outAlpha <= 0) continue;
      const frontWeight = a / outAlpha;
      const nearWeight = (uncovered * t) / outAlpha;
      const farWeight = (uncovered * (1 - t) * farAlpha + openAlpha) / outAlpha;
      for (let c = 0; c < 3; c++)
        data[o + c] =
          (data[o + c] as number) * frontWeight + (n[c] as number) * nearWeight + (f[c] as number) * farWeight;
      data[o + 3] = outAlpha * 255;
    }
  }
}
