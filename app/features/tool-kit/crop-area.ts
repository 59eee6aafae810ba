/**
 * The cropper's framing and the picture's pixels, both ways: what the Single Image tool's crop
 * editor and the adjusters' "Adjust framing" read from react-easy-crop and open it on.
 */
type Size = { width: number; height: number };
type Area = { x: number; y: number; width: number; height: number };

/**
 * The cropper's framing in the picture's own pixels, from the percentages of it react-easy-crop
 * reports: its croppedAreaPixels (computeCroppedArea, react-easy-crop 6) worked from the picture's
 * size rather than the shown image's, which may be another size (shown-picture.ts). `restrict`
 * (zoom 1 or more) keeps the frame on the picture; under it the frame may reach past the edges.
 */
export function pictureArea(percentages: Area, picture: Size, aspect: number, restrict: boolean): Area {
  const limit = (max: number, value: number) => (restrict ? Math.min(max, Math.max(0, value)) : value);
  const round = (value: number) => Math.round(value) + 0; // never -0
  const width = Math.round(limit(picture.width, (percentages.width * picture.width) / 100));
  const height = Math.round(limit(picture.height, (percentages.height * picture.height) / 100));
  const size =
    picture.width >= picture.height * aspect
      ? { width: Math.round(height * aspect), height }
      : { width, height: Math.round(width / aspect) };
  return {
    ...size,
    x: round(limit(picture.width - size.width, (percentages.x * picture.width) / 100)),
    y: round(limit(picture.height - size.height, (percentages.y * picture.height) / 100)),
  };
}

/**
 * pictureArea's inverse, for the cropper to open on a framing left at `zoom`: its position as
 * percentages of the picture, and its size as the frame's share at that zoom (at zoom 1 the frame
 * spans the picture along the side that limits it: cropBox). The cropper reads its zoom from the
 * width share; from the rounded pixels it would come back a little off, and the framing with it.
 */
export function areaPercentages(area: Area, picture: Size, aspect: number, zoom: number): Area {
  const wide = picture.width >= picture.height * aspect;
  return {
    x: (area.x / picture.width) * 100,
    y: (area.y / picture.height) * 100,
    width: ((wide ? (aspect * picture.height) / picture.width : 1) * 100) / zoom,
    height: ((wide ? 1 : picture.width / (aspect * picture.height)) * 100) / zoom,
  };
}
