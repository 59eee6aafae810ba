/**
 * What a finished format says it kept (docs/product.md, "Keep this"), from the server's framing of
 * that target; the run's framing stands in while the server has not said (an older answer).
 */
import type { TargetFraming } from '../../../shared/schemas';

/** How every target of a run was asked to be framed: the user's box, the analysis, or a centred crop. */
export type Framing = 'focus' | 'auto' | 'centre';

const RUN_FRAMING: Record<Framing, string> = {
  focus: 'Kept your box',
  auto: 'Framed automatically',
  centre: 'Centred crop',
};

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 faces and 1 line of text", or null when nothing was found. */
export function keptWords(kept: TargetFraming['kept']): string | null {
  const parts = [
    kept.faces > 0 ? count(kept.faces, 'face', 'faces') : null,
    kept.text > 0 ? count(kept.text, 'line of text', 'lines of text') : null,
  ].filter((p) => p !== null);
  return parts.length ? parts.join(' and ') : null;
}

export function framingText(framing: TargetFraming | undefined, run: Framing): string {
  if (!framing) return RUN_FRAMING[run];
  const kept = keptWords(framing.kept);
  switch (framing.framing) {
    case 'hand':
      return 'Framed by hand';
    case 'box':
      return framing.extended ? 'Extended the canvas to keep your box' : 'Kept your box';
    case 'planned':
      if (!kept) return 'Centred on the most detailed area';
      return framing.extended ? `Extended the canvas to keep ${kept}` : `Kept ${kept}`;
    case 'centred':
      return 'Centred crop';
    case 'request':
      return 'Framed as your picture';
  }
}
