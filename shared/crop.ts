/**
 * Crop geometry both sides use: the app records a request's crop with it, the engine fits that
 * crop to other formats. Rectangles are in the upright picture's pixels (react-easy-crop's
 * croppedAreaPixels).
 */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop the cropper gives at this zoom, centred on the picture, for a target's shape. */
export function centredCrop(
  picture: { width: number; height: number },
  target: { width: number; height: number },
  zoom: number,
): CropRect & { zoom: number } {
  return { ...fitCrop({ x: 0, y: 0, ...picture, zoom }, picture, target), zoom };
}

/**
 * The crop for another format from the same picture: the same centre and zoom, fitted to the
 * other format's shape, as the cropper would have framed it (at zoom 1 the largest rectangle of
 * that shape inside the picture; zoom z shrinks it by z).
 */
export function fitCrop(
  base: CropRect & { zoom: number },
  picture: { width: number; height: number },
  target: { width: number; height: number },
): CropRect {
  const aspect = target.width / target.height;
  const fitWidth = picture.width / picture.height > aspect ? picture.height * aspect : picture.width;
  const width = fitWidth / base.zoom;
  const height = width / aspect;
  const cx = base.x + base.width / 2;
  const cy = base.y + base.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}
