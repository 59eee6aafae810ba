/**
 * How a rendered file was framed: 'request' (the request's own crop and zoom fitted to the target:
 * the single tool's paid framing), 'centred' (the centred cover crop), 'planned' (from the
 * faces, text and marks found in the picture, or the analysis where detection failed), 'box' (the
 * user's box to keep) or 'hand' (the user's own crop of that one target: the single tool's kind of
 * framing, so it downloads by the request rule).
 */
export const FRAMINGS = ['request', 'centred', 'planned', 'box', 'hand'] as const;
export type Framing = (typeof FRAMINGS)[number];

/**
 * Whether a finished file downloads free as an adjuster's output, by the pixel door's rule
 * (worker/services/access/door.ts, which decides with this): rendered by the banner or profile
 * adjuster with the adjuster's own framing (centred, planned or the user's box), and not the single
 * tool's own format (`ownFormatId`: null for a fan-out's request, which has no file of its own). Every other file goes by the request rule (a free download, a payment, or
 * the image being its owner's already); the results pages show which with this same test.
 */
export function isFreeAdjusterFile(
  file: { formatId: number; renderedFlow: string | null; framing: Framing | null },
  ownFormatId: number | null,
): boolean {
  return (
    file.formatId !== ownFormatId &&
    (file.renderedFlow === 'banner' || file.renderedFlow === 'profile') &&
    (file.framing === 'centred' || file.framing === 'planned' || file.framing === 'box')
  );
}
