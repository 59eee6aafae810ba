import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { Button } from '../../components/ui/button';

/** Every target in one ZIP, once every one is ready. */
export function ZipCard({
  targets,
  requestId,
  allComplete,
  onDownload,
}: {
  targets: PlatformFormat[];
  requestId: string | null;
  allComplete: boolean;
  /** The results' download (a refusal shows the plans). */
  onDownload: (url: string) => Promise<void>;
}) {
  const [zipping, setZipping] = useState(false);
  return (
    <div className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div>
        {/* The button says it on a phone, where the results should show under it. */}
        <p className="hidden font-medium text-slate-900 sm:block">Download All as ZIP</p>
        <p className="text-sm text-slate-600">
          {targets.length} {targets.length === 1 ? 'file' : 'files'}, named by platform, format and size.
          {allComplete ? '' : ' Available when every format is ready.'}
        </p>
      </div>
      <Button
        disabled={!allComplete || !requestId || zipping}
        onClick={async () => {
          setZipping(true);
          await onDownload(`/api/download-zip/${requestId}?formats=${targets.map((t) => t.id).join(',')}`);
          setZipping(false);
        }}
      >
        {zipping ? 'Preparing ZIP...' : 'Download All as ZIP'}
      </Button>
    </div>
  );
}
