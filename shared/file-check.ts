/**
 * What the server found when it checked a file against its format's rules (docs/product.md, "A file
 * each platform accepts"): the facts read back from the file's own bytes, and each rule it breaks
 * as a sentence. The engine makes it (engine/output/acceptance.ts, its type engine/plan/output.ts
 * FileCheck, which this schema reads); the app shows it.
 */
import {
  formatSize,
  OUTPUT_LABELS,
  type FileCheck as EngineFileCheck,
  type OutputType,
} from '@social-resizer/engine/plan/output';
import { z } from './zod';

export const fileCheckSchema = z.lazy(() =>
  z.object({
    /** Every rule met: the file is offered as ready for its platform. */
    ready: z.boolean(),
    width: z.number(),
    height: z.number(),
    type: z.enum(['jpeg', 'png', 'webp']),
    bytes: z.number(),
    maxBytes: z.number().nullable(),
    /** Any pixel can be transparent (an alpha channel or a transparent colour). */
    alpha: z.boolean(),
    /** Each rule the file breaks, as the user reads it; empty when ready. */
    problems: z.array(z.string()),
  }),
) satisfies z.ZodType<EngineFileCheck>;
export type FileCheck = z.infer<typeof fileCheckSchema>;

/** 'Ready for Bluesky: 1500×500 JPEG, 912 KB of 1 MB' (or what it breaks). */
export function fileCheckLine(check: FileCheck, platform: string): string {
  if (!check.ready) return `Not ready for ${platform}: ${check.problems.join('; ')}`;
  const size =
    check.maxBytes === null
      ? formatSize(check.bytes)
      : `${formatSize(check.bytes, check.maxBytes)} of ${formatSize(check.maxBytes, check.maxBytes)}`;
  return `Ready for ${platform}: ${check.width}×${check.height} ${OUTPUT_LABELS[check.type as OutputType]}, ${size}`;
}
