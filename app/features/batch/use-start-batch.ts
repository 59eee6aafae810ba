import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import type { UploadResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import type { HourlyLimit } from '../../../shared/hourly-limit';
import { errorMessage, hourlyLimitOf } from '../../lib/api';
import { createFanOutRequest } from '../tool-kit/queries';
import { createBatch } from './queries';
import type { Photo } from './use-batch-photos';

/** Starts the batch on the server and opens its results page (`/batch?id=…`, a new history entry). */
export function useStartBatch() {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  // An hourly limit reached is said beside the Convert button, until the next try.
  const [limit, setLimit] = useState<HourlyLimit | null>(null);

  async function start({
    ready,
    targets,
    chosen,
    output,
    fill,
  }: {
    ready: Photo[];
    /** The chosen format ids, in the order chosen; `chosen` are their formats. */
    targets: number[];
    chosen: PlatformFormat[];
    output: OutputSettings;
    fill: Fill;
  }) {
    const first = chosen[0];
    if (!first || ready.length === 0) return;
    setStarting(true);
    setLimit(null);
    try {
      // Each photo is an image request (its first format, framed as the single tool opens it).
      const requestIds: string[] = [];
      const focus: Record<string, CropRect> = {};
      for (const photo of ready) {
        const request = await createFanOutRequest(photo.upload as UploadResponse, first);
        requestIds.push(request.id);
        if (photo.focus) focus[request.id] = photo.focus;
      }
      const batch = await createBatch({ requestIds, formats: targets, output, fill, focus });
      await navigate({ to: '/batch', search: { id: batch.id } });
    } catch (error) {
      const reached = hourlyLimitOf(error);
      if (reached) return setLimit(reached);
      toast({
        title: 'The batch could not start',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      // Back from the results finds the form ready to start another batch.
      setStarting(false);
    }
  }

  return { starting, start, limit };
}
