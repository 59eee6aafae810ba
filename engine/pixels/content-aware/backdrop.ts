import { uprightSize } from '../../input/exif';
import type { Picture } from '../raster';
import { resampleCrop } from '../resample';
import { boxBlur, Field } from './maps';

/** How much darker than the picture the blurred copy is, so the picture stands out from it. */
const DIM = 0.82;

/**
 * The 'blur' fill far from the picture: a blurred, slightly darkened copy of the picture's cover
 * crop at the output's size. Made at 1/32 of the size and read bilinearly, so it costs a few
 * kilobytes. Planes: red, green, blue (0..255, dimmed) and alpha (0..1).
 */
export function blurredCopy(source: Picture, orientation: number, output: { width: number; height: number }): Field {
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
  const planes = [0, 1, 2, 3].map((c) => {
    const plane = new Float32Array(bw * bh);
    const scale = c < 3 ? DIM : 1 / 255;
    for (let i = 0; i < plane.length; i++) plane[i] = (small.data[i * 4 + c] as number) * scale;
    return boxBlur(boxBlur(plane, bw, bh, 2), bw, bh, 2);
  });
  return new Field(planes, bw, bh, output.width, output.height);
}
