import { Link } from '@tanstack/react-router';
import { PLATFORM_FORMATS } from '../../../shared/formats';
import { RETENTION_DAYS } from '../../../shared/limits';
import { PLATFORMS } from '../../../shared/platforms';
import { Page, Section } from '../../components/layout/page';

export function AboutPage() {
  return (
    <Page title="About Us" intro="One upload, every platform, exact to the pixel.">
      <p>
        Every platform wants a different size, and every platform crops what does not fit. Social Resizer keeps a
        catalogue of {PLATFORM_FORMATS.length} formats across {PLATFORMS.length} platforms and turns one picture into
        versions you can post without a second tool.
      </p>
      <Section title="What we believe">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Exact sizes.</strong> Every format names its source: the platform’s own help pages where they exist,
            and the sizes independent guides agree on where they do not.
          </li>
          <li>
            <strong>Pay once.</strong> Free downloads every day, and a one-time price when you need more. No
            subscription.
          </li>
          <li>
            <strong>Your pictures are yours.</strong> They are processed on our servers, never shared, and deleted after{' '}
            {RETENTION_DAYS} days.
          </li>
        </ul>
      </Section>
      <Section title="Who we are">
        <p>
          A small remote team of designers and engineers who got tired of resizing the same picture five times.{' '}
          <Link to="/careers" className="text-brand-700 underline underline-offset-2">
            We are hiring
          </Link>
          , and we read every{' '}
          <Link to="/contact" className="text-brand-700 underline underline-offset-2">
            message
          </Link>
          .
        </p>
      </Section>
    </Page>
  );
}
