/**
 * The output's pixels as the browser can draw them from the user's own picture: the crop at the
 * canvas size, over the fill where the framing leaves the picture (a colour, the blurred picture,
 * or nothing), on white where the output cannot keep transparency (docs/product.md, "Fill").
 * The framing preview draws it small; the quality preview draws it at the format's own size.
 */
import type { Area } from 'react-easy-crop';
import type { Fill } from '../../../../shared/fill';

export function drawOutput(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bitmap: ImageBitmap,
  /** The picture's own width: `area` is in its pixels, and the bitmap may be another size of it. */
  pictureWidth: number,
  area: Area,
  fill: Fill,
  opaque: boolean,
): void {
  const { width, height } = context.canvas;
  const { width: bitmapWidth, height: bitmapHeight } = bitmap;
  context.clearRect(0, 0, width, height);
  if (bitmapWidth === 0) return; // a bitmap let go (shown-picture.ts keeps the last few)
  if (fill.kind === 'color' || opaque) {
    context.fillStyle = fill.kind === 'color' ? fill.color : '#fff';
    context.fillRect(0, 0, width, height);
  }
  if (fill.kind === 'blur') {
    // The cover crop of the picture, blurred and a little darker, as the engine's backdrop.
    const cover = Math.max(width / bitmapWidth, height / bitmapHeight);
    const w = width / cover;
    const h = height / cover;
    context.filter = `blur(${Math.round(Math.max(width, height) / 24)}px) brightness(0.82)`;
    context.drawImage(bitmap, (bitmapWidth - w) / 2, (bitmapHeight - h) / 2, w, h, 0, 0, width, height);
    context.filter = 'none';
  }
  context.imageSmoothingQuality = 'high';
  const k = bitmapWidth / pictureWidth;
  context.drawImage(bitmap, area.x * k, area.y * k, area.width * k, area.height * k, 0, 0, width, height);
}
