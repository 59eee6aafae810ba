import { useCallback, useState } from 'react';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { ImageRequestResponse, UploadResponse } from '../../../shared/schemas';
import { ToolCard } from '../tool-kit/tool-card';
import { UploadStep } from '../tool-kit/upload-step';
import type { ChosenFile } from '../tool-kit/use-photo-upload';
import { AdjustStep } from './adjust-step';
import type { Adjustment } from './adjustment';
import { DownloadStep } from './download-step';
import { DEFAULT_PLATFORM } from './rules';
import { useImageRequest } from './use-image-request';
import { useSavedRequest } from './use-saved-request';

const STEPS = ['Upload Image', 'Format & Adjust', 'Download'] as const;
const TITLES = ['Upload Image', 'Adjust Image & Choose Format', 'Download'] as const;

/**
 * The Single Image tool: upload, format and adjust, download. Its job lives in the address
 * (`requestId`): once a request exists its id is there, so Back, a refresh or a return from
 * checkout opens the same upload, format, crop and zoom again, from the server.
 */
export function SingleImageTool({
  requestId,
  onRequestId,
  formatId,
}: {
  requestId: string | null;
  onRequestId: (id: string | null) => void;
  /** The format asked for in the address (`/?format=`), opened after the upload. */
  formatId?: number;
}) {
  const [step, setStep] = useState(1);
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [platform, setPlatform] = useState(DEFAULT_PLATFORM);
  const [adjustment, setAdjustment] = useState<Adjustment | null>(null);
  const [fill, setFill] = useState<Fill>(SINGLE_DEFAULT_FILL);
  const [request, setRequest] = useState<ImageRequestResponse | null>(null);

  useSavedRequest({
    requestId,
    onRequestId,
    request,
    restore: (data, format) => {
      setUpload(data.upload);
      setFile({ name: data.originalFilename, size: data.upload.size });
      setPlatform(format.platform);
      const { zoom, ...area } = data.cropDetails;
      setAdjustment({ format, crop: { x: 0, y: 0 }, zoom, area });
      setFill(data.fill);
      setRequest(data);
      setStep(data.status === 'complete' ? 3 : 2);
    },
  });
  const { next, processing } = useImageRequest({
    adjusting: step === 2,
    upload,
    adjustment,
    fill,
    request,
    setRequest,
    onProcessed: () => setStep(3),
  });

  const startOver = useCallback(() => {
    setStep(1);
    setUpload(null);
    setFile(null);
    setAdjustment(null);
    setRequest(null);
    onRequestId(null);
  }, [onRequestId]);

  return (
    <ToolCard steps={STEPS} title={TITLES[step - 1]} step={step}>
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
          busy={processing}
          fill={fill}
          onFill={setFill}
          preferredFormatId={formatId}
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
    </ToolCard>
  );
}
