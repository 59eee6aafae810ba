import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { cn } from '../../lib/cn';

/** The processed image on a checkerboard; a profile format in the circle its platform shows. */
export function ResultPreview({ previewPath, format }: { previewPath: string | null; format: PlatformFormat }) {
  return (
    <div className="flex items-center justify-center rounded-lg bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
      {previewPath ? (
        <figure className="flex flex-col items-center gap-2">
          <img
            src={previewPath}
            alt={`${format.description} preview`}
            data-shape={format.profile ? 'circle' : 'rect'}
            className={cn('max-h-56 max-w-full object-contain shadow sm:max-h-80', format.profile && 'rounded-full')}
          />
          {format.profile ? (
            <figcaption className="text-xs text-slate-600">
              As {platformName(format.platform)} shows it; the file itself is square.
            </figcaption>
          ) : null}
        </figure>
      ) : null}
    </div>
  );
}
