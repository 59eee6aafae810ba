/**
 * The planned framing of one target from the picture's detection (docs/product.md, "Intelligent
 * resizing"): what the adjusters, the batch, the single tool's first framing and its other formats
 * all start from. Profile pictures are framed on the face (planProfile), everything else by
 * planFraming from what matters in the picture (keepBoxes).
 */
import { fitCrop, type CropPlan, type CropRect, type CropTarget } from '@social-resizer/engine/plan/crop';
import { keepBoxes, type Detection } from '@social-resizer/engine/plan/detection';
import { planFraming } from '@social-resizer/engine/plan/framing';
import { planProfile } from '@social-resizer/engine/plan/profile';
import { ZOOM_FLOOR, ZOOM_MAX } from './schemas';

export function autoFraming(
  picture: { width: number; height: number },
  detection: Detection,
  target: CropTarget & { profile?: boolean },
): CropPlan {
  const profile = target.profile ? planProfile(picture, detection.faces, target) : null;
  return profile ?? planFraming(picture, keepBoxes(detection), target);
}

/** Whether at least half of the box lies inside the crop. */
function mostlyIn(box: CropRect, crop: CropRect): boolean {
  const w = Math.min(box.x + box.width, crop.x + crop.width) - Math.max(box.x, crop.x);
  const h = Math.min(box.y + box.height, crop.y + crop.height) - Math.max(box.y, crop.y);
  return w > 0 && h > 0 && w * h >= 0.5 * box.width * box.height;
}

/**
 * The Single Image tool's other formats (docs/product.md, "Single Image tool"): each planned as
 * intelligent resizing plans it, from what the user's own framing shows (the faces, text, panels and
 * marks mostly inside it), so a framing left as it opened gives every format its planned framing
 * and a user's edit (one face of a group, zoomed in) carries over. Null where the framing shows
 * none of the faces and text: the caller keeps its centre and zoom (fitCrop).
 */
export function framingWithin(
  picture: { width: number; height: number },
  detection: Detection,
  framing: CropRect,
  target: CropTarget & { profile?: boolean },
): CropPlan | null {
  const within = <B extends CropRect>(boxes: readonly B[]) => boxes.filter((b) => mostlyIn(b, framing));
  const shown: Detection = {
    ...detection,
    faces: within(detection.faces),
    text: within(detection.text),
    marks: within(detection.marks),
    panels: within(detection.panels ?? []),
  };
  if (shown.faces.length === 0 && shown.text.filter((l) => l.designed !== false).length === 0) return null;
  return autoFraming(picture, shown, target);
}

/**
 * The Single Image tool's first framing of a format: the planned crop and its zoom (the largest
 * crop of the format's shape inside the picture over it), kept on its centre where the plan zooms
 * in further than the slider goes (ZOOM_MAX) or out further than a request records (ZOOM_FLOOR).
 */
export function firstFraming(
  picture: { width: number; height: number },
  detection: Detection,
  target: CropTarget & { profile?: boolean },
): CropRect & { zoom: number } {
  const planned = autoFraming(picture, detection, target).crop;
  const aspect = target.width / target.height;
  const largest = picture.width / picture.height > aspect ? picture.height * aspect : picture.width;
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_FLOOR, largest / planned.width));
  return { ...fitCrop({ ...planned, zoom }, picture, target), zoom };
}
