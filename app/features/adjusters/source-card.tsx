import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import type { UploadResponse } from '../../../shared/schemas';
import { cn } from '../../lib/cn';
import { shownPictureUrl } from '../tool-kit/shown-picture';
import type { AdjusterFlow } from './flows';

/** The picture the results came from, marked Original, with its source format when one was named. */
export function SourceCard({
  flow,
  upload,
  source,
}: {
  flow: AdjusterFlow;
  upload: UploadResponse;
  source: PlatformFormat | null;
}) {
  return (
    <div
      className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="source-card"
    >
      <img
        src={shownPictureUrl(upload)}
        alt={`Your ${flow.noun}`}
        className={cn(
          'h-12 w-12 object-cover sm:h-20 sm:w-20',
          flow.kind === 'profile' ? 'rounded-full' : 'rounded-md',
        )}
      />
      <div>
        <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-slate-50">Original</span>
        {source ? (
          <>
            <p className="mt-1 font-medium text-slate-900">{platformName(source.platform)}</p>
            <p className="text-sm text-slate-600">
              {source.description} · {source.width} × {source.height} px
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            Your photo · {upload.width} × {upload.height} px
          </p>
        )}
      </div>
    </div>
  );
}
