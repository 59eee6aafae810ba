/**
 * A network's input from the picture (../input.ts): each input pixel the mean of its cell of the
 * picture, mapped per channel as the network was trained, in float64 rounded once to float32 as
 * the JavaScript it replaces did (the same to the bit, and nothing boxed).
 */

/**
 * Input rows y0..y1 (of `width` pixels, cells `fx` × `fy` picture pixels, as ../input.ts counts
 * them) from the picture's rows `top`.. at `rgba` (`pictureWidth` RGBA pixels a row,
 * `pictureHeight` rows in the whole picture). Writes `channels` planes of (y1 - y0) rows of
 * `stride` floats at `out`, the columns past `width` zero. `maps` holds per channel three float64:
 * the RGBA byte it reads (0, 1, 2), the mean and the standard deviation.
 */
export function areaAverage(
  rgba: usize,
  pictureWidth: i32,
  pictureHeight: i32,
  top: i32,
  fx: f64,
  fy: f64,
  width: i32,
  y0: i32,
  y1: i32,
  out: usize,
  stride: i32,
  maps: usize,
  channels: i32,
): void {
  const rows = y1 - y0;
  const plane = (<usize>rows * <usize>stride) << 2;
  memory.fill(out, 0, plane * <usize>channels);
  for (let y = y0; y < y1; y++) {
    const sy0 = <i32>Math.floor(<f64>y * fy);
    const sy1 = max(sy0 + 1, min(pictureHeight, <i32>Math.floor(<f64>(y + 1) * fy)));
    const orow = out + ((<usize>(y - y0) * <usize>stride) << 2);
    for (let x = 0; x < width; x++) {
      const sx0 = <i32>Math.floor(<f64>x * fx);
      const sx1 = max(sx0 + 1, min(pictureWidth, <i32>Math.floor(<f64>(x + 1) * fx)));
      let r: u32 = 0;
      let g: u32 = 0;
      let b: u32 = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        const row = rgba + ((<usize>(sy - top) * <usize>pictureWidth) << 2);
        for (let sx = sx0; sx < sx1; sx++) {
          const p = row + (<usize>sx << 2);
          r += load<u8>(p);
          g += load<u8>(p, 1);
          b += load<u8>(p, 2);
        }
      }
      const count = <f64>((sy1 - sy0) * (sx1 - sx0));
      for (let c = 0; c < channels; c++) {
        const m = maps + <usize>c * 24;
        const source = <i32>load<f64>(m);
        const sum = source == 0 ? r : source == 1 ? g : b;
        const value = (<f64>sum / count - load<f64>(m, 8)) / load<f64>(m, 16);
        store<f32>(orow + <usize>c * plane + (<usize>x << 2), <f32>value);
      }
    }
  }
}

