import { PLATFORM_FORMATS, type PlatformFormat } from '../../../shared/formats';
import type { Platform } from '../../../shared/platforms';
import { plural } from '../../lib/words';

/** A platform's formats in catalogue order: what its guide page lists and the index counts. */
export function formatsOf(platform: Platform): PlatformFormat[] {
  return PLATFORM_FORMATS.filter((format) => format.platform === platform);
}

/** '1 size', '7 sizes'. */
export const sizeCount = (count: number): string => plural(count, 'size');
