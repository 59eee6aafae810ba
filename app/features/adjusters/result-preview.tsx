import type { PlatformFormat } from '../../../shared/formats';
import type { OutputType } from '@social-resizer/engine/plan/output';
import type { ConversionResults } from '../../../shared/schemas';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useKeepsTransparency } from '../tool-kit/use-keeps-transparency';

/**
 * A result card's picture: the target's preview once made (a circle for a profile picture), a
 * spinner while it renders; a checkerboard only behind a file that keeps transparency
 * (docs/product.md, "Quality preview").
 */
export function ResultPreview({
  url,
  format,
  status,
  fileType,
}: {
  url: string | null;
  format: PlatformFormat;
  status: ConversionResults[string] | undefined;
  fileType: OutputType | undefined;
}) {
  const transparent = useKeepsTransparency(url, fileType);
  return (
    <div
      className={cn(
        'flex h-32 items-center justify-center overflow-hidden rounded-md',
        transparent ? 'bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]' : 'bg-slate-100',
      )}
      data-checkerboard={transparent}
    >
      {url ? (
        <img
          src={url}
          alt={`${format.description} preview`}
          className={cn('max-h-full max-w-full object-contain', format.profile && 'rounded-full')}
          loading="lazy"
        />
      ) : status === 'processing' ? (
        <Spinner className="scale-75" label="Processing" />
      ) : null}
    </div>
  );
}
