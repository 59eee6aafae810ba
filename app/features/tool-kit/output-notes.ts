/** What the file-type picker says beside each type and under the quality slider (output-picker.tsx). */
import { formatSize, OUTPUT_LABELS, type OutputChoice, type OutputType } from '@social-resizer/engine/plan/output';

const HINTS: Record<OutputChoice, string> = {
  auto: 'PNG for logos, graphics and transparency; JPEG for photos',
  jpeg: 'Smallest for photos; no transparency',
  png: 'Lossless, keeps transparency; large for photos',
  webp: 'Smaller than JPEG; not every platform takes it',
};

export interface QualityEstimate {
  /** Bytes; null until the first encoding ends. */
  size: number | null;
  /** The quality that size is for (the slider may have moved on). */
  quality: number | null;
  /** The platform's file-size cap, above which the server lowers the quality. */
  maxBytes: number | null;
}

/** 'About 182 KB': the browser's encoders match the server's, within a few percent. */
export function estimateText(estimate: QualityEstimate, quality: number): string {
  if (estimate.size === null || estimate.quality !== quality) return 'Working out the size...';
  const over = estimate.maxBytes !== null && estimate.size > estimate.maxBytes;
  return `About ${formatSize(estimate.size, estimate.maxBytes)}${over ? `: over the ${formatSize(estimate.maxBytes ?? 0, estimate.maxBytes)} limit, so the file gets a lower quality` : ''}`;
}

export function refusedBy(accepted: readonly OutputType[], choice: OutputChoice): boolean {
  return choice !== 'auto' && !accepted.includes(choice);
}

/** What a choice gives here: its hint, or why it is refused (one format) or where it applies (several). */
export function chosenNote(
  choice: OutputChoice,
  accepted: readonly OutputType[],
  single: boolean,
  platformName: string | undefined,
): string {
  if (!refusedBy(accepted, choice)) return HINTS[choice];
  return single
    ? `${platformName ?? 'This platform'} does not accept ${OUTPUT_LABELS[choice]}`
    : 'Used where accepted; Auto for the others';
}
