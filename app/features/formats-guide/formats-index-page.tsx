import { Link } from '@tanstack/react-router';
import { PLATFORM_FORMATS } from '../../../shared/formats';
import { platformSlug } from '../../../shared/platform-slugs';
import { platformName, PLATFORMS } from '../../../shared/platforms';
import { Page } from '../../components/layout/page';
import { BatchPitch } from '../batch/batch-pitch';
import { formatsOf, sizeCount } from './platform-sizes';

/** The formats guide's first page: every platform, how many sizes it has, and a link to them (docs/product.md, "Formats guide"). */
export function FormatsIndexPage() {
  return (
    <Page
      title="Social media image sizes"
      intro={`The exact image sizes of ${PLATFORMS.length} platforms, ${PLATFORM_FORMATS.length} formats in all: pixels, aspect ratio, file types, size limits and safe zones, each with the source it was checked against.`}
    >
      <p>
        Choose a platform to see every size it uses. Each size opens the resizer with that format chosen: upload a
        picture and download it at exactly that size.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Platforms">
        {PLATFORMS.map((platform) => (
          <li key={platform}>
            <Link
              to="/formats/$platform"
              params={{ platform: platformSlug(platform) }}
              className="flex items-baseline justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 hover:border-brand-300"
            >
              <span className="font-medium text-slate-900">{platformName(platform)}</span>
              <span className="text-sm text-slate-600">{sizeCount(formatsOf(platform).length)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <BatchPitch />
    </Page>
  );
}
