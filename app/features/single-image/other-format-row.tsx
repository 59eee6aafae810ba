import type { PlatformFormat } from '../../../shared/formats';
import { fileSummary } from '@social-resizer/engine/plan/output';
import { FileCheckLine } from '../tool-kit/file-check-line';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { platformName } from '../../../shared/platforms';
import { formatLabel } from '../tool-kit/format-choice';

/** One other format made of this upload: its preview, name, file or status, and its download. */
export function OtherFormatRow({
  output,
  format,
  canDownload,
  onDownload,
}: {
  output: ImageRequestResponse['outputs'][number];
  format: PlatformFormat | undefined;
  canDownload: boolean;
  onDownload: (url: string) => void;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
      {output.previewPath ? (
        <img
          src={output.previewPath}
          alt=""
          className={cn('h-12 w-12 object-contain', format?.profile ? 'rounded-full' : 'rounded')}
        />
      ) : null}
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-medium text-slate-900">
          {format ? `${platformName(format.platform)}: ${formatLabel(format)}` : `Format ${output.formatId}`}
        </p>
        <p className="text-slate-500">
          {output.status === 'complete'
            ? output.file
              ? fileSummary(output.file)
              : ''
            : output.status === 'failed'
              ? (output.error ?? 'Processing failed')
              : 'Processing...'}
        </p>
        {format ? <FileCheckLine file={output.file} platform={format.platform} /> : null}
      </div>
      {output.downloadPath && canDownload ? (
        <Button size="sm" variant="outline" onClick={() => onDownload(output.downloadPath as string)}>
          Download
        </Button>
      ) : null}
    </li>
  );
}
