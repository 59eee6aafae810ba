/**
 * The adjusters' steps by name, as the address carries them (`/?tab=bannerAdjuster&astep=results`),
 * so each step is a history entry; a run's results live in the address too (`run`: its image
 * request, `targets`: its formats), so a reload or a link shows them again from the server
 * (docs/product.md, "Banner and profile adjusters").
 */
export const ADJUSTER_STEPS = ['upload', 'configure', 'results'] as const;
export type AdjusterStep = (typeof ADJUSTER_STEPS)[number];

/** What the address says about an adjuster: its step and the run whose results it shows. */
export type AdjusterAddress = { step: AdjusterStep | null; run: string | null; targets: number[] };
/** A change to it: only the keys given change (null removes one). */
export type AdjusterAddressChange = { step?: AdjusterStep; run?: string | null; targets?: number[] | null };

/** `2,20,36` ⇄ [2, 20, 36]: the run's target formats as the address writes them. */
export const TARGETS_PATTERN = /^\d{1,4}(,\d{1,4}){0,99}$/;
export const parseTargets = (text: string | undefined): number[] => (text ? text.split(',').map(Number) : []);
export const writeTargets = (ids: number[]): string => ids.join(',');

/** The step that can be shown for the one asked: results need a run, the configure step an upload. */
export function shownAdjusterStep(asked: AdjusterStep | null, have: { upload: boolean; run: boolean }): AdjusterStep {
  if (asked === 'results' && have.run) return 'results';
  if (asked !== 'upload' && asked !== null && have.upload) return 'configure';
  return 'upload';
}
