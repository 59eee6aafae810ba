import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { Button } from '../../components/ui/button';
import { FormatShape } from '../tool-kit/format-shape';
import { CONFIDENCE_WORDS, FormatProvenance } from '../tool-kit/format-provenance';
import { byteCapText, fileTypesText, transparencyText } from './format-facts';

/**
 * One size of the formats guide: its pixels and rules, where they come from, and one click to the
 * Single Image tool with it chosen (docs/product.md, "Formats guide").
 */
export function FormatSizeCard({ format }: { format: PlatformFormat }) {
  const facts: [term: string, detail: ReactNode][] = [
    ['Aspect ratio', format.aspectRatio],
    ['File types', fileTypesText(format)],
    ['File size', byteCapText(format)],
    ['Transparency', transparencyText(format)],
    ['Safe zone', format.safeZone?.note ?? 'None: the whole picture shows'],
    ['Source', <FormatProvenance key="source" format={format} />],
    ['Confidence', CONFIDENCE_WORDS[format.confidence]],
  ];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-format-id={format.id}>
      <div className="flex items-start gap-3">
        <FormatShape format={format} />
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{format.description}</h3>
          <p className="text-lg font-medium text-slate-900 tabular-nums">{`${format.width} × ${format.height} px`}</p>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="min-w-0 text-slate-700">{detail}</dd>
          </div>
        ))}
      </dl>
      <Button asChild size="sm" className="mt-4">
        <Link to="/" search={{ tab: 'singleImage', format: format.id }}>
          {`Resize to ${format.width} × ${format.height}`}
          <span className="sr-only">{`: ${platformName(format.platform)} ${format.description}`}</span>
        </Link>
      </Button>
    </li>
  );
}
