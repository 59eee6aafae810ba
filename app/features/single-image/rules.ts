/**
 * The single-image tool's rules with numbers (docs/product.md, "Single Image tool"), kept pure so
 * the component tests pin them.
 */
export const DEFAULT_ZOOM = 1.25;
export const ZOOM_STEP = 0.01;
export const ZOOM_TICKS = [0.5, 1.5, 2.5, 3] as const;
export const DEFAULT_PLATFORM = 'linkedin';

/** The cropper's preferred height by the format's aspect ratio (width / height); see cropBox. */
export function previewHeight(aspect: number): number {
  if (aspect > 3) return 200;
  if (aspect > 2) return 250;
  if (aspect > 1.5) return 300;
  if (aspect < 0.8) return 500;
  return 400;
}

/**
 * The most height the cropper takes: what a screen leaves under the sticky header, the step's
 * title, the format's line and the zoom, above the action bar. At 800 px high, 400 px; a story's
 * frame is then 225 px wide, 60 % of a 375 px phone.
 */
export const CROP_SCREEN_ROOM = 'max(200px, 100svh - 400px)';

export type CropBox = {
  /** react-easy-crop's objectFit: the picture fills the box along the side the frame spans. */
  objectFit: 'horizontal-cover' | 'vertical-cover';
  /** CSS sizes; `100cqw` is the width the cropper has (its parent is a size container). */
  width: string;
  height: string;
};

/**
 * The cropper's box for a format of `aspect` (width / height) over a picture of `pictureAspect`.
 * The frame is as large as the box allows and, at zoom 1, spans the picture along the side that
 * limits it, the same framing as the whole picture fitted (the zoom the server reads means the
 * same on a phone and a desktop): a picture wider than the format fills the box's height (and
 * the box is no taller than the frame can be, 100cqw / aspect); a taller one fills its width
 * (and the box is at least as tall as the frame). Either way the box keeps to the screen
 * (CROP_SCREEN_ROOM), narrowing a wide frame rather than hiding the zoom under the action bar.
 */
export function cropBox(aspect: number, pictureAspect: number): CropBox {
  const preferred = `${previewHeight(aspect)}px`;
  const frameFitsWidth = `100cqw / ${aspect.toFixed(4)}`;
  if (pictureAspect >= aspect)
    return {
      objectFit: 'vertical-cover',
      width: '100%',
      height: `min(${preferred}, ${CROP_SCREEN_ROOM}, ${frameFitsWidth})`,
    };
  const height = `min(max(${preferred}, ${frameFitsWidth}), ${CROP_SCREEN_ROOM})`;
  return { objectFit: 'horizontal-cover', width: `min(100%, ${height} * ${aspect.toFixed(4)})`, height };
}

/** The output preview stands beside the cropper on a desktop up to this aspect, under it when wider. */
export const PREVIEW_BESIDE_MAX_ASPECT = 2;

/** The 'Wide Format' badge shows above 2.5. */
export function isWideFormat(aspect: number): boolean {
  return aspect > 2.5;
}

/** 'Today at 3:07 PM' in the visitor's locale. */
export function createdLabel(date: Date): string {
  return `Today at ${date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
}
