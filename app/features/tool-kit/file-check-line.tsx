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
}: {
  file: OutputFile | null | undefined;
  platform: string;
  className?: string;
}) {
  const check = file?.check;
  if (!check) return null;
  return (
    <p className={cn('text-xs', check.ready ? 'text-emerald-800' : 'text-red-700', className)} data-testid="file-check">
      <span aria-hidden="true">{check.ready ? '✓ ' : '✗ '}</span>
      {fileCheckLine(check, platformName(platform))}
    </p>
  );
}
