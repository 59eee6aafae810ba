import { createFileRoute, Link } from '@tanstack/react-router';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { PLATFORMS } from '../../shared/platforms';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/help')({
  head: () => pageHead('Help Center', 'Answers about formats, sizes, downloads, payments and your account.'),
  component: () => (
    <Page title="Help Center" intro="Answers about formats, downloads, payments and your account.">
      <p>
        Social Resizer knows {PLATFORM_FORMATS.length} format specifications across {PLATFORMS.length} platforms. Upload a JPG, PNG or WEBP
        image of up to 50 MB; every download is a PNG at the exact size the platform asks for.
      </p>
      <p>
        Uploaded images and their outputs are deleted automatically after 7 days.{' '}
        <Link to="/contact" className="font-medium text-brand-700 hover:underline">
          Contact Support
        </Link>
      </p>
    </Page>
  ),
});
