import { Link } from '@tanstack/react-router';
import { platformName, type Platform } from '../../../shared/platforms';
import { Page, Section } from '../../components/layout/page';
import { BatchPitch } from '../batch/batch-pitch';
import { groupByKind, KIND_LABELS } from '../tool-kit/format-choice';
import { FormatSizeCard } from './format-size-card';
import { formatsOf, sizeCount } from './platform-sizes';

/** One platform's page of the formats guide: every size it uses, grouped by kind (docs/product.md, "Formats guide"). */
export function PlatformFormatsPage({ platform }: { platform: Platform }) {
  const formats = formatsOf(platform);
  const name = platformName(platform);
  return (
    <Page
      title={`${name} image sizes`}
      intro={`The ${sizeCount(formats.length)} ${name} uses for images, with the rules each file must meet and where we checked them.`}
    >
      <p>
        <Link to="/formats" activeOptions={{ exact: true }} className="font-medium text-brand-700 hover:underline">
          All platforms’ sizes
        </Link>
      </p>
      {groupByKind(formats).map(([kind, group]) => (
        <Section key={kind} title={KIND_LABELS[kind]}>
          <ul className="grid gap-3" aria-label={`${name} ${KIND_LABELS[kind].toLowerCase()}`}>
            {group.map((format) => (
              <FormatSizeCard key={format.id} format={format} />
            ))}
          </ul>
        </Section>
      ))}
      <BatchPitch />
    </Page>
  );
}
