import { useMemo, useRef, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { Fill } from '../../../shared/fill';
import { enlargement } from '../../../shared/sharpness';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { SoftnessNote } from '../tool-kit/softness-note';
import { StepActions } from '../tool-kit/step-actions';
import { FormatPicker } from '../tool-kit/format-picker';
import { platformFormatsQuery } from '../tool-kit/queries';
import { shownPictureUrl } from '../tool-kit/shown-picture';
import { useCustomSizes } from '../tool-kit/use-custom-sizes';
import { useFormatCatalogue } from '../tool-kit/use-format-catalogue';
import type { Adjustment } from './adjustment';
import { FormatSummary } from './format-summary';
import { FramingPanel } from './framing-panel';
import { useFirstFraming } from './use-first-framing';
import { useOpeningFormat } from './use-opening-format';
import { useFramingHistory } from './use-framing-history';

type Props = {
  upload: UploadResponse;
  platform: string;
  adjustment: Adjustment | null;
  onPlatform: (platform: string) => void;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
  /** What fills the frame where the picture does not reach. */
  fill: Fill;
  onFill: (fill: Fill) => void;
  /** The format the visitor came for (a Help Center size links to it): opened instead of the suggestion. */
  preferredFormatId?: number;
  /** Said just above the step's buttons (an hourly limit reached). */
  notice?: ReactNode;
};

/** Tailwind's `lg` breakpoint, where the formats and the framing stand side by side. */
const LG = 1024;

/** Step 2: platform, format, zoom and position. */
export function AdjustStep({
  upload,
  platform,
  adjustment,
  onPlatform,
  onAdjust,
  onBack,
  onNext,
  busy,
  fill,
  onFill,
  preferredFormatId,
  notice,
}: Props) {
  const formatsQuery = useFormatCatalogue(platformFormatsQuery);
  // The user's own sizes beside the catalogue (docs/product.md, "Custom sizes").
  const custom = useCustomSizes().formats;
  const formats = useMemo(() => [...custom, ...(formatsQuery.data ?? [])], [custom, formatsQuery.data]);
  const history = useFramingHistory(adjustment, onAdjust);

  // Every format opens on the framing planned from what the picture shows; the user's own moves win after that.
  const first = useFirstFraming(upload);
  useOpeningFormat({ upload, formats, preferredFormatId, adjustment, first, onPlatform, onAdjust });

  const format = adjustment?.format ?? null;
  const picker = useRef<HTMLDivElement>(null);
  const framing = useRef<HTMLDivElement>(null);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <div ref={picker} className="scroll-mt-20">
          {formats.length === 0 ? (
            <p className="text-sm text-slate-600">Loading formats...</p>
          ) : (
            <FormatPicker
              formats={formats}
              value={format}
              platform={platform}
              onPlatform={onPlatform}
              aspect={upload.width / upload.height}
              // A new format starts from its own planned framing.
              onChange={(next) => {
                history.forget();
                onAdjust(first.frame(next));
                // On a phone the framing is above the formats: a format chosen is a format to frame.
                if (window.matchMedia?.(`(max-width: ${LG - 1}px)`).matches)
                  framing.current?.scrollIntoView({ block: 'start' });
              }}
            />
          )}
        </div>
        {/* The framing Next acts on: first on a phone; on a desktop it stays in view while the
            formats scroll past (scrolling itself only when a fill choice makes it taller). */}
        <div
          ref={framing}
          className="scroll-mt-20 space-y-3 max-lg:order-first lg:sticky lg:top-20 lg:max-h-[calc(100svh-10rem)] lg:overflow-y-auto"
        >
          {format ? (
            <FormatSummary
              format={format}
              onChange={() => {
                picker.current?.scrollIntoView({ block: 'start' });
                picker.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus({ preventScroll: true });
              }}
            />
          ) : null}
          {adjustment?.area ? (
            <>
              <FramingPanel
                // Each format's cropper opens on its own first framing.
                key={adjustment.format.id}
                upload={upload}
                pictureUrl={shownPictureUrl(upload)}
                adjustment={adjustment}
                onAdjust={onAdjust}
                history={history}
                fill={fill}
                onFill={onFill}
              />
              {/* Before the download: a frame that stretches the picture past sharp says so as it moves. */}
              <SoftnessNote factor={enlargement(adjustment.area, adjustment.format)} />
            </>
          ) : (
            <div
              className="flex h-48 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600"
              role={adjustment ? 'status' : undefined}
            >
              {adjustment ? 'Finding faces and text…' : 'Select a format to preview and adjust your image'}
            </div>
          )}
        </div>
      </div>

      {notice}
      {/* Kept in view while the picker and the framing scroll past. */}
      <StepActions>
        <Button variant="outline" onClick={onBack} className="mr-auto">
          Back
        </Button>
        <Button disabled={!adjustment?.area || busy} onClick={onNext}>
          {busy ? 'Processing...' : 'Next: Download'}
        </Button>
      </StepActions>
    </div>
  );
}
