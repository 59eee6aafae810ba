import { createFileRoute } from '@tanstack/react-router';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/about')({
  head: () => pageHead('About Us', 'Why we built Social Resizer: exact platform sizes from one upload.'),
  component: () => (
    <Page title="About Us" intro="One upload, every platform, exact to the pixel.">
      <p>
        Every platform wants a different size, and every platform crops what does not fit. Social Resizer keeps an up-to-date catalogue of
        the sizes each platform publishes and turns one picture into versions you can post without a second tool.
      </p>
    </Page>
  ),
});
