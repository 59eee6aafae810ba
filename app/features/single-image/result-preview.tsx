import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { cn } from '../../lib/cn';

const circleCaption = (format: PlatformFormat) =>
  `As ${platformName(format.platform)} shows it; the file itself is square.`;

/**
 * The processed image, on a checkerboard only where it keeps transparency (use-keeps-transparency.ts);
 * a profile format in the circle its platform shows.
 */
export function ResultPreview({
  previewPath,
  format,
  transparent,
}: {
  previewPath: string | null;
  format: PlatformFormat;
  transparent: boolean;
}) {
  return (
    <div
      data-checkerboard={transparent}
      className={cn(
        'flex items-center justify-center rounded-lg p-4',
        transparent ? 'bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]' : 'bg-slate-100',
      )}
    >
      {previewPath ? (
        <figure className="flex flex-col items-center gap-2">
          <img
            src={previewPath}
            alt={`${format.description} preview`}
            data-shape={format.profile ? 'circle' : 'rect'}
            className={cn('max-h-56 max-w-full object-contain shadow sm:max-h-80', format.profile && 'rounded-full')}
          />
          {format.profile ? <figcaption className="text-xs text-slate-600">{circleCaption(format)}</figcaption> : null}
        </figure>
      ) : null}
    </div>
  );
}

/**
 * Beside the quality's before and after (a square view), a profile format's result as the circle
 * its platform shows, small enough to keep the step on one screen.
 */
export function ProfileCircle({ previewPath, format }: { previewPath: string | null; format: PlatformFormat }) {
  if (!format.profile || !previewPath) return null;
  return (
    <figure className="flex items-center gap-3">
      <img
        src={previewPath}
        alt={`${format.description} preview`}
        data-shape="circle"
        className="h-14 w-14 shrink-0 rounded-full object-cover shadow"
      />
      <figcaption className="text-xs text-slate-600">{circleCaption(format)}</figcaption>
    </figure>
  );
}
