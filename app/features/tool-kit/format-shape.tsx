import type { PlatformFormat } from '../../../shared/formats';
import { cn } from '../../lib/cn';

/** The format's shape, drawn to scale in a small box: a circle for profile pictures. */
export function FormatShape({ format, size = 36 }: { format: PlatformFormat; size?: number }) {
  const aspect = format.width / format.height;
  const width = aspect >= 1 ? size : Math.max(4, size * aspect);
  const height = aspect >= 1 ? Math.max(4, size / aspect) : size;
  return (
    <span
      className="flex shrink-0 items-center justify-center"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <span
        data-shape={format.profile ? 'circle' : 'rect'}
        className={cn('block border-2 border-current bg-current/10', format.profile ? 'rounded-full' : 'rounded-sm')}
        style={{ width, height }}
      />
    </span>
  );
}
