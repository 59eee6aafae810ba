import { useEffect, useEffectEvent, type Dispatch, type SetStateAction } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import type { UploadResponse } from '../../../shared/schemas';
import { suggestFormats } from '../tool-kit/format-choice';
import type { Adjustment } from './adjustment';
import type { FirstFraming } from './use-first-framing';

/**
 * The format a fresh picture opens on, with its first framing: the one asked for, else the popular
 * format nearest the picture's shape, with that format's platform shown. A format shown while the
 * detection was on its way gets its first framing when the detection arrives.
 */
export function useOpeningFormat({
  upload,
  formats,
  preferredFormatId,
  adjustment,
  first,
  onPlatform,
  onAdjust,
}: {
  upload: UploadResponse;
  formats: readonly PlatformFormat[];
  preferredFormatId?: number;
  adjustment: Adjustment | null;
  first: FirstFraming;
  onPlatform: (platform: string) => void;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
}): void {
  const suggested =
    formats.length > 0 && !adjustment
      ? (formats.find((f) => f.id === preferredFormatId) ?? suggestFormats(formats, upload.width / upload.height)[0])
      : undefined;
  const frameFirst = useEffectEvent(first.frame);
  useEffect(() => {
    if (!suggested) return;
    onPlatform(suggested.platform);
    onAdjust(frameFirst(suggested));
  }, [suggested, onPlatform, onAdjust]);
  // Planned here, not in the state updater: React runs updaters while rendering, where an effect
  // event may not be called, and the page would fall over whenever the detection came late.
  const waitingFormat = adjustment !== null && adjustment.area === null ? adjustment.format : null;
  useEffect(() => {
    if (!waitingFormat || !first.ready) return;
    const framed = frameFirst(waitingFormat);
    onAdjust((a) => (a && a.area === null && a.format.id === waitingFormat.id ? framed : a));
  }, [waitingFormat, first.ready, onAdjust]);
}
