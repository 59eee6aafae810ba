import { useState } from 'react';
import type { OutputFile } from '../../../../shared/schemas';

/** The browser's estimate and the settings it was made for (use-quality-preview.ts). */
type Estimate = { size: number | null; type: string | null; quality: number | null };

/**
 * How far the server's file is from the browser's estimate for that file's own type and quality,
 * or null until both are known: the browser's resampling differs a little from the server's
 * (docs/product.md, "Quality preview").
 */
export function fileToEstimate(estimate: Estimate, file: OutputFile | null): number | null {
  if (!file || !estimate.size || estimate.type !== file.type || estimate.quality !== file.quality) return null;
  return file.size / estimate.size;
}

/**
 * The estimated size, corrected by the last made file: at the settings of the file the server made
 * it reads that file's own size (never "About 169 KB" beside "186 KB"), and at other settings the
 * estimate is scaled by the same ratio until the next file is made.
 */
export function useCalibratedSize(estimate: Estimate, file: OutputFile | null): number | null {
  const [learned, setLearned] = useState<{ file: OutputFile; ratio: number } | null>(null);
  const ratio = fileToEstimate(estimate, file);
  // Learned while rendering (React's pattern for state that follows props): once per file.
  if (ratio !== null && file && learned?.file !== file) setLearned({ file, ratio });
  if (estimate.size === null) return null;
  return Math.round(estimate.size * (ratio ?? learned?.ratio ?? 1));
}
