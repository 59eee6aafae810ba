import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { HourlyLimit } from '../../../shared/hourly-limit';
import type { Fill } from '../../../shared/fill';
import type { CropDetailsInput, ImageRequestResponse, UploadResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage, hourlyLimitOf } from '../../lib/api';
import { readOutputSettings } from '../tool-kit/output-settings';
import { cropDetailsOf, sameCrop, type Adjustment } from './adjustment';
import { createImageRequest } from '../tool-kit/queries';
import { rateLimitsQuery } from '../tool-kit/queries';
import { processImage } from './queries';

/**
 * The single tool's request: recorded on entering the adjust step with a framing and again when
 * the format changes (not while a crop moves), so `next` usually only renders it; recorded anew by
 * `next` when the crop changed since (then it calls `onProcessed`).
 */
export function useImageRequest({
  adjusting,
  upload,
  adjustment,
  fill,
  request,
  setRequest,
  onProcessed,
}: {
  adjusting: boolean;
  upload: UploadResponse | null;
  adjustment: Adjustment | null;
  fill: Fill;
  request: ImageRequestResponse | null;
  setRequest: (request: ImageRequestResponse) => void;
  onProcessed: (processed: ImageRequestResponse) => void;
}) {
  // The recording in flight: `next` waits for it rather than record the same framing twice.
  const recording = useRef<{ formatId: number; crop: CropDetailsInput; done: Promise<ImageRequestResponse> } | null>(
    null,
  );
  const record = (upload: UploadResponse, adjustment: Adjustment) => {
    const crop = cropDetailsOf(adjustment, upload);
    const inFlight = recording.current;
    if (inFlight && inFlight.formatId === adjustment.format.id && sameCrop(inFlight.crop, crop)) return inFlight.done;
    const done = createImageRequest(upload, adjustment.format, crop, readOutputSettings(), fill);
    recording.current = { formatId: adjustment.format.id, crop, done };
    const settled = () => {
      if (recording.current?.done === done) recording.current = null;
    };
    done.then(settled, settled);
    return done;
  };
  const queryClient = useQueryClient();
  // An hourly limit reached is said on the step, beside its button, until the next try.
  const [limit, setLimit] = useState<HourlyLimit | null>(null);
  const create = useMutation({
    mutationFn: ({ upload, adjustment }: { upload: UploadResponse; adjustment: Adjustment }) =>
      record(upload, adjustment),
    // Silent on success: recording the job is our business, not news for the user.
    onSuccess: (created) => setRequest(created),
    onError: (error) =>
      toast({
        title: 'Request Failed',
        description: errorMessage(error, 'Failed to create image processing request.'),
        variant: 'destructive',
      }),
  });

  const formatId = adjustment?.format.id;
  const framed = !!adjustment?.area;
  useEffect(() => {
    if (!adjusting || !upload || !adjustment || !framed || recording.current) return;
    const current = request?.upload.id === upload.id ? request : null;
    // Only a new format (or the first framing) records: a crop that moves waits for Next. A request
    // already rendered or paid for is kept (back from the download step): Next records anew if needed.
    if (current && (current.formatId === formatId || current.status !== 'pending' || current.acquired)) return;
    create.mutate({ upload, adjustment });
  }, [adjusting, upload, formatId, framed, request]);

  const process = useMutation({
    mutationFn: async () => {
      if (!upload) throw new Error('Please upload an image first.');
      if (!adjustment) throw new Error('Please select a format.');
      // The download step's allowance, asked beside the render: Download Now shows with the result.
      void queryClient.prefetchQuery(rateLimitsQuery);
      // The request records one format and crop; an adjusted one is recorded as a new request.
      // A request of another picture (answered late, after a new upload) is not this one's.
      let current = request?.upload.id === upload.id ? request : null;
      const crop = cropDetailsOf(adjustment, upload);
      if (!current || current.formatId !== adjustment.format.id || !sameCrop(current.cropDetails, crop))
        current = await record(upload, adjustment);
      return processImage(current.id, { output: readOutputSettings(), fill });
    },
    onSuccess: (processed) => {
      setRequest(processed);
      onProcessed(processed);
    },
    onError: (error) => {
      const reached = hourlyLimitOf(error);
      if (reached) setLimit(reached);
      else
        toast({
          title: 'Processing Failed',
          description: errorMessage(error, 'Failed to process your image.'),
          variant: 'destructive',
        });
    },
  });

  function next() {
    if (!upload) {
      toast({ title: 'Missing Information', description: 'Please upload an image first.', variant: 'destructive' });
      return;
    }
    if (!adjustment) {
      toast({ title: 'Missing Information', description: 'Please select a format.', variant: 'destructive' });
      return;
    }
    // No 'Processing Started' toast: the button says 'Processing...' and the next step follows.
    setLimit(null);
    process.mutate();
  }

  return { next, processing: process.isPending, limit };
}
