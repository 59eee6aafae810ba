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
  image: CanvasImageSource & { naturalWidth: number; naturalHeight: number },
  area: Area,
  fill: Fill,
  opaque: boolean,
): void {
  const { width, height } = context.canvas;
  context.clearRect(0, 0, width, height);
  if (fill.kind === 'color' || opaque) {
    context.fillStyle = fill.kind === 'color' ? fill.color : '#fff';
    context.fillRect(0, 0, width, height);
  }
  if (fill.kind === 'blur') {
    // The cover crop of the picture, blurred and a little darker, as the engine's backdrop.
    const cover = Math.max(width / image.naturalWidth, height / image.naturalHeight);
    const w = width / cover;
    const h = height / cover;
    context.filter = `blur(${Math.round(Math.max(width, height) / 24)}px) brightness(0.82)`;
    context.drawImage(image, (image.naturalWidth - w) / 2, (image.naturalHeight - h) / 2, w, h, 0, 0, width, height);
    context.filter = 'none';
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
}
