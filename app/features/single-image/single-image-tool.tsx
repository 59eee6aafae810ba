import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { findFormat } from '../../../shared/formats';
import { detectionQuery } from '../tool-kit/detection';
import { platformFormatsQuery } from '../tool-kit/queries';
import { ToolCard } from '../tool-kit/tool-card';
import { UploadStep } from '../tool-kit/upload-step';
import { AdjustStep } from './adjust-step';
import { DownloadStep } from './download-step';
import { shownStep, SINGLE_STEPS, type AddressChange, type SingleStep } from './steps';
import { LimitNotice } from '../tool-kit/limit-notice';
import { useImageRequest } from './use-image-request';
import { useFrameInAddress } from './frame-address';
import { useSingleWork } from './use-single-work';

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
  const work = useSingleWork({ uploadId, requestId, frame, onAddress });
  const { restoring, upload, adjustment, fill, request } = work;
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
    setRequest: work.setRequest,
    onProcessed: (processed) => onAddress({ request: processed.id, step: 'download' }, false),
  });

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
          file={work.file}
          onUploaded={(uploaded, chosen) => {
            // The next step's formats and what the picture shows (its first framing is planned
            // from it), asked for while the visitor looks at the upload.
            void queryClient.prefetchQuery(platformFormatsQuery);
            void queryClient.prefetchQuery(detectionQuery(uploaded));
            work.takeUpload(uploaded, chosen);
          }}
          onCleared={work.clear}
          onNext={() => go('adjust')}
        />
      ) : null}
      {!restoring && step === 'adjust' && upload ? (
        <AdjustStep
          notice={limit ? <LimitNotice limit={limit} /> : null}
          upload={upload}
          platform={work.platform}
          adjustment={adjustment}
          onPlatform={work.setPlatform}
          onAdjust={work.setAdjustment}
          onBack={() => go('upload')}
          onNext={next}
          busy={processing}
          fill={fill}
          onFill={work.setFill}
          preferredFormatId={formatId}
        />
      ) : null}
      {!restoring && step === 'download' && request && processedFormat ? (
        <DownloadStep
          request={request}
          format={processedFormat}
          onRequest={work.setRequest}
          onStartOver={work.startOver}
          onBackToEdit={() => go('adjust')}
        />
      ) : null}
    </ToolCard>
  );
}
