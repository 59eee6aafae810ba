/**
 * The single-image tool's rules with numbers (docs/product.md, "Single Image tool"), kept pure so
 * the component tests pin them.
 */
export const DEFAULT_ZOOM = 1.25;
export const ZOOM_STEP = 0.01;
export const ZOOM_TICKS = [0.5, 1.5, 2.5, 3] as const;
export const DEFAULT_PLATFORM = 'linkedin';

/** Height of the cropper preview by the format's aspect ratio (width / height). */
export function previewHeight(aspect: number): number {
  if (aspect > 3) return 200;
  if (aspect > 2) return 250;
  if (aspect > 1.5) return 300;
  if (aspect < 0.8) return 500;
  return 400;
}

/** The 'Wide Format' badge shows above 2.5. */
export function isWideFormat(aspect: number): boolean {
  return aspect > 2.5;
}

/** 'Today at 3:07 PM' in the visitor's locale. */
export function createdLabel(date: Date): string {
  return `Today at ${date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
}
