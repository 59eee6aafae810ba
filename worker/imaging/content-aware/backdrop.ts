import { uprightSize } from '../exif';
import type { Picture, Raster } from '../raster';
import { resampleCrop } from '../resample';
import { boxBlur } from './maps';

/**
 * Fills the transparent parts of an extended output with a blurred, slightly darkened copy of the
 * picture’s cover crop, in place. The backdrop is made at 1/32 of the size and sampled
 * bilinearly, so it costs a few kilobytes, not a second full-size buffer. Next to the picture
 * (`inside`, the output rectangle it covers) the backdrop fades into the picture's own nearest edge
 * pixel, so the seam shows no step.
 */
export function fillBackdrop(
  output: Raster,
  source: Picture,
  orientation: number,
  inside: { x0: number; y0: number; x1: number; y1: number },
): void {
  const { width: uw, height: uh } = uprightSize(source.width, source.height, orientation);
  const bw = Math.max(2, Math.round(output.width / 32));
  const bh = Math.max(2, Math.round(output.height / 32));
  const cover = Math.max(bw / uw, bh / uh);
  const cw = bw / cover;
  const ch = bh / cover;
  const small = resampleCrop({
    source,
    orientation,
    crop: { x: (uw - cw) / 2, y: (uh - ch) / 2, width: cw, height: ch },
    width: bw,
    height: bh,
  });
  const blurred = [0, 1, 2, 3].map((c) => {
    const plane = new Float32Array(bw * bh);
    for (let i = 0; i < plane.length; i++) plane[i] = small.data[i * 4 + c] as number;
    return boxBlur(boxBlur(plane, bw, bh, 2), bw, bh, 2);
  });
  const DIM = 0.82;
  const data = output.data;
  // The fade from the picture's edge into the backdrop, in output pixels.
  const feather = Math.max(6, 0.05 * Math.max(output.width, output.height));
  const ix0 = Math.max(0, Math.ceil(inside.x0));
  const ix1 = Math.min(output.width - 1, Math.floor(inside.x1) - 1);
  const iy0 = Math.max(0, Math.ceil(inside.y0));
  const iy1 = Math.min(output.height - 1, Math.floor(inside.y1) - 1);
  const hasInside = ix1 >= ix0 && iy1 >= iy0;
  for (let y = 0; y < output.height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, ((y + 0.5) * bh) / output.height - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < output.width; x++) {
      const o = (y * output.width + x) * 4;
      const alpha = data[o + 3] as number;
      if (alpha === 255) continue;
      const fx = Math.min(bw - 1, Math.max(0, ((x + 0.5) * bw) / output.width - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const sample = (plane: Float32Array) =>
        ((plane[y0 * bw + x0] as number) * (1 - tx) + (plane[y0 * bw + x1] as number) * tx) * (1 - ty) +
        ((plane[y1 * bw + x0] as number) * (1 - tx) + (plane[y1 * bw + x1] as number) * tx) * ty;
      const a = alpha / 255;
      const backAlpha = sample(blurred[3] as Float32Array) / 255;
      const outAlpha = a + backAlpha * (1 - a);
      if (outAlpha <= 0) continue;
      // The nearest pixel of the picture, and how far it is: near it, the backdrop takes its colour.
      let edge = -1;
      let near = 0;
      if (hasInside) {
        const nx = Math.min(ix1, Math.max(ix0, x));
        const ny = Math.min(iy1, Math.max(iy0, y));
        const distance = Math.hypot(nx - x, ny - y);
        edge = (ny * output.width + nx) * 4;
        near = (data[edge + 3] as number) === 255 ? Math.exp(-distance / feather) : 0;
      }
      for (let c = 0; c < 3; c++) {
        const front = data[o + c] as number;
        const blur = sample(blurred[c] as Float32Array) * DIM;
        const back = near > 0 ? near * (data[edge + c] as number) + (1 - near) * blur : blur;
        data[o + c] = (front * a + back * backAlpha * (1 - a)) / outAlpha;
      }
      data[o + 3] = outAlpha * 255;
    }
  }
}
