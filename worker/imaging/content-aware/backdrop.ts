import { uprightSize } from '../exif';
import type { Picture, Raster } from '../raster';
import { resampleCrop } from '../resample';
import { boxBlur } from './maps';

/**
 * Fills the transparent parts of an extended output with a blurred, slightly darkened copy of the
 * picture’s cover crop, in place. The backdrop is made at 1/32 of the size and sampled
 * bilinearly, so it costs a few kilobytes, not a second full-size buffer.
 */
export function fillBackdrop(output: Raster, source: Picture, orientation: number): void {
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
      for (let c = 0; c < 3; c++) {
        const front = data[o + c] as number;
        const back = sample(blurred[c] as Float32Array) * DIM;
        data[o + c] = (front * a + back * backAlpha * (1 - a)) / outAlpha;
      }
      data[o + 3] = outAlpha * 255;
    }
  }
}
