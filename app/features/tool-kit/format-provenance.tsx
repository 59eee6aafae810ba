import type { Confidence, PlatformFormat } from '../../../shared/formats';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11' -> 'Nov 2026': when a size was last checked against its source; the value itself if it is not a month. */
export function checkedMonth(checked: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(checked);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : checked;
}

/** How sure the catalogue is of a size, in words (docs/product.md, "Formats guide"). */
export const CONFIDENCE_WORDS: Record<Confidence, string> = {
  official: 'Official: from the platform’s own help or developer pages',
  'widely-cited': 'Widely cited: independent guides agree, no official page found',
  uncertain: 'Uncertain: sources disagree, or only one guide gives it',
};

/**
 * Where a size comes from: "checked Nov 2026 · LinkedIn Help", the source linked in a new tab, so
 * a visitor can see for themselves that the size is current (docs/product.md, "Formats guide").
 */
export function FormatProvenance({ format }: { format: Pick<PlatformFormat, 'checked' | 'source'> }) {
  const { name, url } = format.source;
  return (
    <>
      {`checked ${checkedMonth(format.checked)} · `}
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {name} <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        name
      )}
    </>
  );
}
