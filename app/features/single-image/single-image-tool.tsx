import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import { findFormat } from '../../../shared/formats';
import type { ImageRequestResponse, UploadResponse } from '../../../shared/schemas';
import { detectionQuery } from '../tool-kit/detection';
import { platformFormatsQuery } from '../tool-kit/queries';
import { ToolCard } from '../tool-kit/tool-card';
import { UploadStep } from '../tool-kit/upload-step';
import type { ChosenFile } from '../tool-kit/use-photo-upload';
import { AdjustStep } from './adjust-step';
import type { Adjustment } from './adjustment';
import { DownloadStep } from './download-step';
import { DEFAULT_PLATFORM } from './rules';
import { shownStep, SINGLE_STEPS, type AddressChange, type SingleStep } from './steps';
import { LimitNotice } from '../tool-kit/limit-notice';
import { useImageRequest } from './use-image-request';
import { readFrame, useFrameInAddress } from './frame-address';
import { useSavedWork } from './use-saved-work';

const STEPS = ['Upload Image', 'Format & Adjust', 'Download'] as const;
const TITLES = ['Upload Image', 'Adjust Image & Choose Format', 'Download'] as const;

/**
 * The Single Image tool: upload, format and adjust, download. Its picture, its job and its step live
 * in the address (`uploadId`, `requestId`, `step`): each step is a history entry, and a refresh,
 * Back or a return from checkout opens the same picture, format, crop and zoom again, from the
 * server. A step that cannot be shown (the download of nothing processed) gives way to the one
 * before it.
 */
export function SingleImageTool({
  uploadId,
  requestId,
  step: askedStep,
  frame,
  onAddress,
  formatId,
}: {
  uploadId: string | null;
  requestId: string | null;
  step: SingleStep | null;
  /** The adjust step's framing not yet recorded with a request (frame-address.ts). */
  frame?: string;
  onAddress: (change: AddressChange, replace: boolean) => void;
  /** The format asked for in the address (`/?format=`), opened after the upload. */
  formatId?: number;
}) {
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [platform, setPlatform] = useState(DEFAULT_PLATFORM);
  const [adjustment, setAdjustment] = useState<Adjustment | null>(null);
  const [fill, setFill] = useState<Fill>(SINGLE_DEFAULT_FILL);
  const [request, setRequest] = useState<ImageRequestResponse | null>(null);

  const { restoring, release } = useSavedWork({
    uploadId,
    requestId,
    upload,
    request,
    onAddress,
    restoreUpload: (saved) => {
      setUpload(saved);
      setFile({ name: saved.originalFilename, size: saved.size });
    },
    restoreRequest: (data, format) => {
      setUpload(data.upload);
      setFile({ name: data.originalFilename, size: data.upload.size });
      setPlatform(format.platform);
      // The framing moved since the request was recorded, if the address says so; else the request's.
      const { zoom, ...area } = data.cropDetails;
      const moved = readFrame(frame, format);
      setAdjustment({ format, crop: { x: 0, y: 0 }, zoom: moved?.zoom ?? zoom, area: moved?.area ?? area });
      setFill(moved?.fill ?? data.fill);
      setRequest(data);
    },
  });
  // No step named: the upload step, or where a named request was left.
  const step = shownStep(askedStep ?? (requestId ? null : 'upload'), { upload: upload !== null, request });
  // The address names a step this page cannot show (or none while it holds work): it names the
  // one shown instead. The bare home page, holding nothing, is the upload step as it is.
  const bare = askedStep === null && step === 'upload' && upload === null;
  useEffect(() => {
    if (restoring || askedStep === step || bare) return;
    onAddress({ step }, true);
  }, [restoring, askedStep, step, bare, onAddress]);
  const go = (next: SingleStep) => onAddress({ step: next }, false);
  useFrameInAddress({
    adjusting: step === 'adjust' && !restoring,
    adjustment,
    fill,
    written: frame,
    onFrame: useCallback((text: string) => onAddress({ frame: text }, true), [onAddress]),
  });

  const { next, processing, limit } = useImageRequest({
    adjusting: step === 'adjust',
    upload,
    adjustment,
    fill,
    request,
    setRequest,
    onProcessed: (processed) => onAddress({ request: processed.id, step: 'download' }, false),
  });

  const startOver = () => {
    release({ request: true, upload: true });
    setUpload(null);
    setFile(null);
    setAdjustment(null);
    setRequest(null);
    onAddress({ upload: null, request: null, frame: null, step: 'upload' }, false);
  };
  // A new picture is new work: the address stops naming the old request.
  const forgetRequest = () => {
    setRequest(null);
    if (!requestId) return;
    release({ request: true, upload: false });
    onAddress({ request: null }, true);
  };

  const index = SINGLE_STEPS.indexOf(restoring ? (askedStep ?? 'adjust') : step) + 1;
  const processedFormat = request ? findFormat(request.formatId) : undefined;
  return (
    <ToolCard steps={STEPS} title={TITLES[index - 1]} step={index}>
      {restoring ? (
        <p className="py-12 text-center text-sm text-slate-600" role="status">
          Opening your image...
        </p>
      ) : null}
      {!restoring && step === 'upload' ? (
        <UploadStep
          upload={upload}
          file={file}
          onUploaded={(uploaded, chosen) => {
            // The next step's formats and what the picture shows (its first framing is planned
            // from it), asked for while the visitor looks at the upload.
            void queryClient.prefetchQuery(platformFormatsQuery);
            void queryClient.prefetchQuery(detectionQuery(uploaded));
            setUpload(uploaded);
            setFile(chosen);
            setAdjustment(null);
            forgetRequest();
          }}
          onCleared={() => {
            release({ request: true, upload: true });
            setUpload(null);
            setFile(null);
            setAdjustment(null);
            setRequest(null);
            onAddress({ upload: null, request: null, frame: null }, true);
          }}
          onNext={() => go('adjust')}
        />
      ) : null}
      {!restoring && step === 'adjust' && upload ? (
        <AdjustStep
          notice={limit ? <LimitNotice limit={limit} /> : null}
          upload={upload}
          platform={platform}
          adjustment={adjustment}
          onPlatform={setPlatform}
          onAdjust={setAdjustment}
          onBack={() => go('upload')}
          onNext={next}
          busy={processing}
          fill={fill}
          onFill={setFill}
          preferredFormatId={formatId}
        />
      ) : null}
      {!restoring && step === 'download' && request && processedFormat ? (
        <DownloadStep
          request={request}
          format={processedFormat}
          onRequest={setRequest}
          onStartOver={startOver}
          onBackToEdit={() => go('adjust')}
        />
      ) : null}
    </ToolCard>
  );
}
