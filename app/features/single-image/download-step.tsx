import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { ChoosePlan } from '../plans/choose-plan';
import { FileChoice } from './file-choice';
import { FileDetails } from './file-details';
import { OtherFormats } from './other-formats';
import { ResultPreview } from './result-preview';
import { allowanceText, useAccess } from './use-access';
import { useDownload } from './use-download';

type Props = {
  request: ImageRequestResponse;
  format: PlatformFormat;
  onRequest: (request: ImageRequestResponse) => void;
  onStartOver: () => void;
  onBackToEdit: () => void;
};

/** Step 3: the processed image, the allowance, the plans and the other formats. */
export function DownloadStep({ request, format, onRequest, onStartOver, onBackToEdit }: Props) {
  const [rendering, setRendering] = useState(false);
  // A download the server let through made the image the owner's (door.ts marks it acquired): the
  // step says so at once, as the server's answer for this request will after a refresh.
  const { download, downloading } = useDownload({
    onDownloaded: () => {
      if (!request.acquired) onRequest({ ...request, acquired: true });
    },
  });
  const access = useAccess(request);
  const canDownload = access.kind !== 'payment' && access.kind !== 'loading';

  // The picture and Download Now come first, on one screen at a phone's size too; what the file is
  // and its type follow.
  return (
    <div className="space-y-8">
      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
        <ResultPreview previewPath={request.previewPath} format={format} />
        <div className="space-y-3">
          <h3 className="text-xl font-semibold text-slate-900">Ready to Download</h3>
          <p className="text-sm font-medium" aria-live="polite" data-testid="allowance">
            {allowanceText(access)}
          </p>
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
          <FileDetails request={request} format={format} />
          <FileChoice request={request} format={format} onRequest={onRequest} onBusy={setRendering} />
        </div>
      </div>

      {access.kind === 'payment' ? <ChoosePlan requestId={request.id} /> : null}

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
