/**
 * The server's check of a made file, as one line: "Ready for Bluesky: 1500×500 JPEG, 912 KB of …",
 * or what it breaks (docs/product.md, "A file each platform accepts"). Nothing for a file made
 * before files were checked.
 */
import { fileCheckLine } from '../../../shared/file-check';
import { platformName } from '../../../shared/platforms';
import type { OutputFile } from '../../../shared/schemas';
import { cn } from '../../lib/cn';

export function FileCheckLine({
  file,
  platform,
  className,
  brief = false,
}: {
  file: OutputFile | null | undefined;
  platform: string;
  className?: string;
  /** Where the size, type and weight already show beside it (a results tile): who it is ready for. */
  brief?: boolean;
}) {
  const check = file?.check;
  if (!check) return null;
  return (
    <p
      className={cn('text-xs', check.ready ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700', className)}
      data-testid="file-check"
    >
      <span aria-hidden="true">{check.ready ? '✓ ' : '✗ '}</span>
      {brief && check.ready ? `Ready for ${platformName(platform)}` : fileCheckLine(check, platformName(platform))}
    </p>
  );
}
