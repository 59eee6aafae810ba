import { PLATFORM_FORMATS } from '../../../shared/formats';
import { platformSlug } from '../../../shared/platform-slugs';
import { platformName, PLATFORMS, type Platform } from '../../../shared/platforms';
import { pageHead } from '../../components/layout/page';
import { formatsOf, sizeCount } from './platform-sizes';

/** The guide's first page's title, description and sharing tags. */
export function guideHead() {
  return pageHead(
    'Social media image sizes',
    `Exact image sizes for ${PLATFORMS.length} platforms, ${PLATFORM_FORMATS.length} formats: pixels, aspect ratios, file types, size limits and safe zones, each checked against its source.`,
    '/formats',
  );
}

/** A platform page's title, description and sharing tags, its sizes named in the description. */
export function platformHead(platform: Platform) {
  const name = platformName(platform);
  const formats = formatsOf(platform);
  const sizes = formats
    .slice(0, 3)
    .map((f) => `${f.format} ${f.width} × ${f.height}`)
    .join(', ');
  return pageHead(
    `${name} image sizes`,
    `The ${sizeCount(formats.length)} ${name} uses for images (${sizes}${formats.length > 3 ? ', …' : ''}) with file types, size limits and safe zones, each checked against its source.`,
    `/formats/${platformSlug(platform)}`,
  );
}
