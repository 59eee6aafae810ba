/**
 * The adjusters' steps by name, as the address carries them (`/?tab=bannerAdjuster&astep=results`),
 * so each step is a history entry (docs/product.md, "Banner and profile adjusters"); what else the
 * address holds is in address.ts.
 */
export const ADJUSTER_STEPS = ['upload', 'configure', 'results'] as const;
export type AdjusterStep = (typeof ADJUSTER_STEPS)[number];

/** The step that can be shown for the one asked: results need a run, the configure step an upload. */
export function shownAdjusterStep(asked: AdjusterStep | null, have: { upload: boolean; run: boolean }): AdjusterStep {
  if (asked === 'results' && have.run) return 'results';
  if (asked !== 'upload' && asked !== null && have.upload) return 'configure';
  return 'upload';
}
