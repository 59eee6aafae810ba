import { useEffect, useRef } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { fileSummary } from '@social-resizer/engine/plan/output';
import type { ConversionFiles, ConversionResults, TargetFraming } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { enlargement } from '../../../shared/sharpness';
import { PayToDownload } from '../plans/pay-to-download';
import { SoftnessNote } from '../tool-kit/softness-note';
import { chargeText, type Charge } from './use-charges';
import { cn } from '../../lib/cn';
import { framingText, type Framing } from '../tool-kit/framing-text';
import { FileCheckLine } from '../tool-kit/file-check-line';
import { ResultPreview } from './result-preview';

const BADGES: Record<
  'complete' | 'payment' | 'processing' | 'failed' | 'waiting',
  { label: string; text: string; className: string }
> = {
  complete: { label: 'Ready', text: 'Ready to download', className: 'bg-emerald-100 text-emerald-800' },
  // Made, and not free: the card says what the file is and what getting it costs, never "Ready to download".
  payment: { label: 'Needs payment', text: '', className: 'bg-amber-50 text-amber-900' },
  processing: { label: 'Processing', text: 'Processing...', className: 'bg-sky-100 text-sky-800' },
  failed: { label: 'Failed', text: 'Processing failed', className: 'bg-red-100 text-red-800' },
  waiting: { label: 'Waiting', text: 'Waiting to process', className: 'bg-slate-100 text-slate-700' },
};

/**
 * One target: its size, what its framing kept and its file, its status badge, its preview once
 * ready, its download (or, where it needs payment, its price and the buttons that pay), and
 * "Adjust framing" to frame it by hand.
 */
export function ResultCard({
  format,
  status,
  file,
  framing,
  targetFraming,
  version,
  requestId,
  charge,
  reason,
  onDownload,
  onAdjust,
}: {
  format: PlatformFormat;
  status: ConversionResults[string] | undefined;
  file: ConversionFiles[string] | undefined;
  /** How the run asked every target to be framed; the server's own word for this one wins. */
  framing: Framing;
  targetFraming: TargetFraming | undefined;
  /** How often this target was framed by hand: the preview's address changes with it. */
  version: number;
  requestId: string | null;
  /** What downloading it costs (use-charges.ts), and why when it is not free. */
  charge: Charge;
  reason: string;
  onDownload: (url: string) => void;
  onAdjust: () => void;
}) {
  const paying = status === 'complete' && charge === 'payment';
  const badge = BADGES[paying ? 'payment' : (status ?? 'waiting')];
  const statusText = status === 'complete' ? chargeText(charge, reason) : badge.text;
  const preview =
    status === 'complete' && requestId
      ? `/api/preview/${requestId}/${format.id}${version ? `?v=${version}` : ''}`
      : null;
  // Framed by hand here and now needing payment: its price and the buttons that pay come into view.
  const footer = useRef<HTMLDivElement>(null);
  const framedHere = version > 0;
  useEffect(() => {
    if (paying && framedHere) footer.current?.scrollIntoView({ block: 'nearest' });
  }, [paying, framedHere]);
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid={`result-${format.id}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{format.description}</p>
          <p className="text-sm text-slate-600">
            {format.width} × {format.height} px
          </p>
          <p className="text-xs text-slate-500" data-testid={`framing-${format.id}`}>
            {framingText(status === 'complete' ? targetFraming : undefined, framing)}
          </p>
          {file ? (
            <p className="text-sm text-slate-600" data-testid={`file-${format.id}`}>
              {fileSummary(file)}
            </p>
          ) : null}
          <FileCheckLine file={file} platform={format.platform} />
        </div>
        <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)}>
          {badge.label}
        </span>
      </div>
      <ResultPreview url={preview} format={format} status={status} fileType={file?.type} />
      {/* Under the preview, so every card's picture stands at the same height. */}
      {status === 'complete' && targetFraming?.crop ? (
        <SoftnessNote factor={enlargement(targetFraming.crop, format)} brief className="px-2 py-1 text-xs" />
      ) : null}
      <div ref={footer} className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-600" data-testid={`charge-${format.id}`}>
          {statusText}
        </span>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="ghost"
            disabled={status !== 'complete' || !requestId}
            aria-label={`Adjust framing: ${format.description}`}
            onClick={onAdjust}
          >
            Adjust framing
          </Button>
          {/* Where Download would be, beside Adjust framing: in view when a framing saved makes it paid. */}
          {paying && requestId ? (
            <PayToDownload requestId={requestId} compact />
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={status !== 'complete' || !requestId}
              onClick={() => onDownload(`/api/download/${requestId}/${format.id}`)}
            >
              Download
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
