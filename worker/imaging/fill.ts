import { hexToRgb, type Fill } from '../../shared/fill';
import { fillBackdrop } from './content-aware/backdrop';
import { uprightSize } from './exif';
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

/**
 * How much of each output column (or row) the picture covers, 0..1: the share of the pixel's
 * source span inside [0, length].
 */
function coverage(outputLength: number, start: number, extent: number, length: number): Float32Array {
  const cover = new Float32Array(outputLength);
  const step = extent / outputLength;
  for (let i = 0; i < outputLength; i++) {
    const a = start + i * step;
    const b = a + step;
    cover[i] = Math.min(1, Math.max(0, (Math.min(b, length) - Math.max(a, 0)) / step));
  }
  return cover;
}

/**
 * Fills, in place, the part of the output the picture does not reach. A colour goes under the
 * uncovered share of each pixel only (the picture's own transparency stays); the blurred copy is
 * the content-aware backdrop; transparent leaves it as it is.
 */
export function applyFill(output: Raster, fill: Fill, source: Picture, orientation: number, crop: CropRect): void {
  const upright = uprightSize(source.width, source.height, orientation);
  if (fill.kind === 'transparent' || !cropExtends(crop, upright)) return;
  if (fill.kind === 'blur') {
    // The output rectangle the picture covers.
    const sx = output.width / crop.width;
    const sy = output.height / crop.height;
    fillBackdrop(output, source, orientation, {
      x0: -crop.x * sx,
      y0: -crop.y * sy,
      x1: (upright.width - crop.x) * sx,
      y1: (upright.height - crop.y) * sy,
    });
    return;
  }
  const [fr, fg, fb] = hexToRgb(fill.color);
  const cx = coverage(output.width, crop.x, crop.width, upright.width);
  const cy = coverage(output.height, crop.y, crop.height, upright.height);
  const data = output.data;
  for (let y = 0; y < output.height; y++) {
    for (let x = 0; x < output.width; x++) {
      const under = 1 - (cx[x] as number) * (cy[y] as number);
      if (under <= 0) continue;
      const o = (y * output.width + x) * 4;
      const a = (data[o + 3] as number) / 255;
      const outAlpha = a + under * (1 - a);
      if (outAlpha <= 0) continue;
      const back = under * (1 - a);
      data[o] = ((data[o] as number) * a + fr * back) / outAlpha;
      data[o + 1] = ((data[o + 1] as number) * a + fg * back) / outAlpha;
      data[o + 2] = ((data[o + 2] as number) * a + fb * back) / outAlpha;
      data[o + 3] = outAlpha * 255;
    }
  }
}
