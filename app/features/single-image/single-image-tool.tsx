import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CropDetailsInput, ImageRequestResponse, UploadResponse } from '../../../shared/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { StepIndicator } from '../tools/step-indicator';
import { useStepScroll } from '../tools/use-step-scroll';
import { AdjustStep, type Adjustment } from './adjust-step';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import { createImageRequest, imageRequestQuery, processImage } from './queries';
import { findFormat } from '../../../shared/formats';
import { readOutputSettings } from '../tools/output-settings';
import { DownloadStep } from './download-step';
import { DEFAULT_PLATFORM } from './rules';
import { UploadStep } from './upload-step';

const STEPS = ['Upload Image', 'Format & Adjust', 'Download'] as const;
const TITLES = ['Upload Image', 'Adjust Image & Choose Format', 'Download'] as const;

/** The crop the request records: the cropper's croppedAreaPixels plus the zoom. */
function cropDetailsOf(adjustment: Adjustment, upload: UploadResponse): CropDetailsInput {
  const area = adjustment.area ?? { x: 0, y: 0, width: upload.width, height: upload.height };
  return { x: area.x, y: area.y, width: area.width, height: area.height, zoom: adjustment.zoom };
}

/** The same crop to within half a pixel and the slider's step. */
function sameCrop(a: CropDetailsInput, b: CropDetailsInput): boolean {
  return (
    (['x', 'y', 'width', 'height'] as const).every((k) => Math.abs(a[k] - b[k]) < 0.5) &&
    Math.abs(a.zoom - b.zoom) < 0.005
  );
}

/**
 * The Single Image tool: upload, format and adjust, download (spec document 1, section 2). Its job
 * lives in the address (`requestId`): once a request exists its id is there, so Back, a refresh or
 * a return from checkout opens the same upload, format, crop and zoom again, from the server.
 */
export function SingleImageTool({
  requestId,
  onRequestId,
}: {
  requestId: string | null;
  onRequestId: (id: string | null) => void;
}) {
  const [step, setStep] = useState(1);
  const cardRef = useStepScroll<HTMLDivElement>(step);
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [platform, setPlatform] = useState(DEFAULT_PLATFORM);
  const [adjustment, setAdjustment] = useState<Adjustment | null>(null);
  const [fill, setFill] = useState<Fill>(SINGLE_DEFAULT_FILL);
  const [request, setRequest] = useState<ImageRequestResponse | null>(null);
  const creating = useRef(false);

  // An address naming a request this page does not hold: open it as it was left.
  const saved = useQuery({
    ...imageRequestQuery(requestId ?? ''),
    enabled: requestId !== null && request?.id !== requestId,
  });
  // Set while rendering (React's pattern for state that follows fetched data), once per request.
  const [restoredId, setRestoredId] = useState<string | null>(null);
  const savedFormat = saved.data ? findFormat(saved.data.formatId) : undefined;
  if (saved.data && savedFormat && restoredId !== saved.data.id) {
    const data = saved.data;
    setRestoredId(data.id);
    setUpload(data.upload);
    setFile({ name: data.originalFilename, size: data.upload.size });
    setPlatform(savedFormat.platform);
    const { zoom, ...area } = data.cropDetails;
    setAdjustment({ format: savedFormat, crop: { x: 0, y: 0 }, zoom, area });
    setFill(data.fill);
    setRequest(data);
    setStep(data.status === 'complete' ? 3 : 2);
  }
  useEffect(() => {
    if (!saved.error) return;
    toast({
      title: 'Image not available',
      description: errorMessage(saved.error, 'Please upload it again.'),
      variant: 'destructive',
    });
    onRequestId(null);
  }, [saved.error, onRequestId]);
  // The request this page works on is the one in the address.
  useEffect(() => {
    if (request && request.id !== requestId) onRequestId(request.id);
  }, [request, requestId, onRequestId]);

  const startOver = useCallback(() => {
    setStep(1);
    setUpload(null);
    setFile(null);
    setAdjustment(null);
    setRequest(null);
    onRequestId(null);
  }, [onRequestId]);

  const create = useMutation({
    mutationFn: ({ upload, adjustment }: { upload: UploadResponse; adjustment: Adjustment }) =>
      createImageRequest(upload, adjustment.format, cropDetailsOf(adjustment, upload), readOutputSettings(), fill),
    // Silent on success: recording the job is our business, not news for the user (issue 19).
    onSuccess: (created) => setRequest(created),
    onError: (error) =>
      toast({
        title: 'Request Failed',
        description: errorMessage(error, 'Failed to create image processing request.'),
        variant: 'destructive',
      }),
  });

  // Entering step 2 with a format and no request creates one (spec document 1, section 2).
  useEffect(() => {
    if (step !== 2 || !upload || !adjustment?.area || request || creating.current) return;
    creating.current = true;
    create.mutate({ upload, adjustment }, { onSettled: () => (creating.current = false) });
  }, [step, upload, adjustment, request, create]);

  const process = useMutation({
    mutationFn: async () => {
      if (!upload) throw new Error('Please upload an image first.');
      if (!adjustment) throw new Error('Please select a format.');
      // The request records one format and crop; an adjusted one is recorded as a new request.
      let current = request;
      const crop = cropDetailsOf(adjustment, upload);
      if (!current || current.formatId !== adjustment.format.id || !sameCrop(current.cropDetails, crop))
        current = await createImageRequest(upload, adjustment.format, crop, readOutputSettings(), fill);
      return processImage(current.id, { output: readOutputSettings(), fill });
    },
    onSuccess: (processed) => {
      setRequest(processed);
      setStep(3);
    },
    onError: (error) =>
      toast({
        title: 'Processing Failed',
        description: errorMessage(error, 'Failed to process your image.'),
        variant: 'destructive',
      }),
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
    process.mutate();
  }

  return (
    <Card ref={cardRef} className="scroll-mt-20" data-in-use={step > 1 || undefined}>
      <CardHeader className="gap-4">
        <StepIndicator steps={STEPS} current={step} />
        <CardTitle className="text-xl">{TITLES[step - 1]}</CardTitle>
      </CardHeader>
      <CardContent>
        {step === 1 ? (
          <UploadStep
            upload={upload}
            file={file}
            onUploaded={(uploaded, chosen) => {
              setUpload(uploaded);
              setFile(chosen);
              setRequest(null);
            }}
            onCleared={() => {
              setUpload(null);
              setFile(null);
              setRequest(null);
            }}
            onNext={() => setStep(2)}
          />
        ) : null}
        {step === 2 && upload ? (
          <AdjustStep
            upload={upload}
            platform={platform}
            adjustment={adjustment}
            onPlatform={setPlatform}
            onAdjust={setAdjustment}
            onBack={() => setStep(1)}
            onNext={next}
            busy={process.isPending}
            fill={fill}
            onFill={setFill}
          />
        ) : null}
        {step === 3 && request && adjustment ? (
          <DownloadStep
            request={request}
            format={adjustment.format}
            onRequest={setRequest}
            onStartOver={startOver}
            onBackToEdit={() => setStep(2)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
