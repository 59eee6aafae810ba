import { Suspense, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { enlargement } from '../../../shared/sharpness';
import { PayToDownload } from '../plans/pay-to-download';
import { SoftnessNote } from '../tool-kit/softness-note';
import { LazyQualityPanel } from '../tool-kit/quality-preview/lazy';
import { useCalibratedSize } from '../tool-kit/quality-preview/use-calibrated-size';
import { previewType, useQualityPreview } from '../tool-kit/quality-preview/use-quality-preview';
import { shownPictureUrl } from '../tool-kit/shown-picture';
import { useKeepsTransparency } from '../tool-kit/use-keeps-transparency';
import { FileCheckLine } from '../tool-kit/file-check-line';
import { FileChoice } from './file-choice';
import { FileDetails } from './file-details';
import { OtherFormats } from './other-formats';
import { ProfileCircle, ResultPreview } from './result-preview';
import { allowanceText, useAccess } from '../tool-kit/use-access';
import { useDownload } from '../tool-kit/use-download';

type Props = {
  request: ImageRequestResponse;
  format: PlatformFormat;
  onRequest: (request: ImageRequestResponse) => void;
  onStartOver: () => void;
  onBackToEdit: () => void;
};

/**
 * Step 3: the processed image (for JPEG and WebP, before and after at the quality being chosen:
 * docs/product.md, "Quality preview"), the allowance, the plans and the other formats.
 */
export function DownloadStep({ request, format, onRequest, onStartOver, onBackToEdit }: Props) {
  const [rendering, setRendering] = useState(false);
  const [draft, setDraft] = useState<OutputSettings>(request.output);
  const lossy = previewType(draft.type, request.file?.type);
  const preview = useQualityPreview({
    pictureUrl: shownPictureUrl(request.upload),
    pictureWidth: request.upload.width,
    format,
    area: request.cropDetails,
    fill: request.fill,
    type: lossy,
    quality: draft.quality,
  });
  const size = useCalibratedSize(preview, request.file);
  const transparent = useKeepsTransparency(request.previewPath, request.file?.type);
  const result = <ResultPreview previewPath={request.previewPath} format={format} transparent={transparent} />;
  // A download the server let through made the image the owner's (door.ts marks it acquired): the
  // step says so at once, as the server's answer for this request will after a refresh.
  const { download, downloading } = useDownload({
    onDownloaded: () => {
      if (!request.acquired) onRequest({ ...request, acquired: true });
    },
  });
  const access = useAccess(request);
  const paying = access.kind === 'payment';
  const canDownload = !paying && access.kind !== 'loading';

  // The picture and Download Now (or, where a payment is needed, the price and the buttons that pay)
  // come first, then the type and quality (so a phone shows the quality's before and after and its
  // slider on one screen), then what the file is.
  return (
    <div className="space-y-8">
      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
        {lossy ? (
          <div className="space-y-2">
            <Suspense fallback={result}>
              <LazyQualityPanel preview={preview} width={format.width} height={format.height} quality={draft.quality} />
            </Suspense>
            <ProfileCircle previewPath={request.previewPath} format={format} />
          </div>
        ) : (
          result
        )}
        <div className="space-y-3">
          <h3 className="text-xl font-semibold text-slate-900">{paying ? 'Get this image' : 'Ready to Download'}</h3>
          <p className="text-sm font-medium" aria-live="polite" data-testid="allowance">
            {allowanceText(access)}
          </p>
          <FileCheckLine file={request.file} platform={format.platform} className="text-sm" />
          <SoftnessNote factor={enlargement(request.cropDetails, format)} />
          {paying ? <PayToDownload requestId={request.id} /> : null}
          <div className="flex flex-wrap gap-2">
            {canDownload ? (
              <Button onClick={() => download(`/api/download/${request.id}`)} disabled={downloading || rendering}>
                Download Now
              </Button>
            ) : null}
            <Button variant="outline" onClick={onBackToEdit}>
              Back to Edit
            </Button>
            <Button variant="ghost" onClick={onStartOver}>
              Start Over
            </Button>
          </div>
          <FileChoice
            request={request}
            format={format}
            onRequest={onRequest}
            onBusy={setRendering}
            draft={draft}
            onDraft={setDraft}
            estimate={lossy ? { size, quality: preview.quality, maxBytes: format.maxBytes ?? null } : undefined}
          />
          <FileDetails request={request} format={format} />
        </div>
      </div>

      <OtherFormats
        request={request}
        current={format}
        canDownload={canDownload}
        onRequest={onRequest}
        onDownload={download}
      />
    </div>
  );
}
