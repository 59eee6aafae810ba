import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { firstFraming } from '../../../shared/auto-framing';
import { centredCrop } from '@social-resizer/engine/plan/crop';
import type { PlatformFormat } from '../../../shared/formats';
import type { UploadResponse } from '../../../shared/schemas';
import { detectionQuery } from '../tool-kit/detection';
import type { Adjustment } from './adjustment';
import { DEFAULT_ZOOM } from './rules';

/**
 * How long the adjust step waits for the picture's detection before it opens on the centred
 * framing: detection is asked for as soon as the upload ends (single-image-tool.tsx) and takes a
 * second or two, so this is only met when the server cannot detect just now.
 */
export const DETECTION_WAIT_MS = 10_000;

/**
 * The first framing of each format (docs/product.md, "Single Image tool"): the crop intelligent
 * resizing plans from the picture's detection, the plan the adjusters and the batch start from, at a
 * zoom the cropper offers (shared/auto-framing.ts firstFraming). `frame` answers an adjustment with no framing yet (area
 * null) while the detection is on its way; where the models could not run or the wait ran out,
 * the centred framing at the default zoom.
 */
export type FirstFraming = { ready: boolean; frame: (format: PlatformFormat) => Adjustment };

export function useFirstFraming(upload: UploadResponse): FirstFraming {
  const query = useQuery(detectionQuery(upload));
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), DETECTION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const detection = query.data?.detection.source === 'models' ? query.data.detection : null;
  const ready = detection !== null || query.isError || (query.isSuccess && !detection) || waited;

  const frame = (format: PlatformFormat): Adjustment => {
    const start = { format, crop: { x: 0, y: 0 } };
    if (!ready) return { ...start, zoom: DEFAULT_ZOOM, area: null };
    if (!detection) {
      const area = centredCrop(upload, format, DEFAULT_ZOOM);
      return { ...start, zoom: DEFAULT_ZOOM, area: { x: area.x, y: area.y, width: area.width, height: area.height } };
    }
    const { zoom, ...area } = firstFraming(upload, detection, format);
    return { ...start, zoom, area };
  };
  return { ready, frame };
}
