import { Link } from '@tanstack/react-router';
import { RETENTION_DAYS } from '../../../shared/limits';
import { LEGAL_LAST_UPDATED, Page, Section } from '../../components/layout/page';

export function PrivacyPage() {
  return (
    <Page
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="We collect as little as the service needs, keep it briefly, and never sell it."
    >
      <Section title="Your pictures">
        <p>
          Images you upload, the versions we make of them and their previews are stored only to make and deliver your
          downloads. They are deleted automatically {RETENTION_DAYS} days after upload. After that the image shows as
          expired; a record of a purchase stays in your account, without the picture.
        </p>
        <p>
          The banner and profile adjusters analyse your picture on our own servers to find faces, text and logos. No
          picture is sent to a third party for analysis, and none is used to train any model.
        </p>
      </Section>
      <Section title="What we collect">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            With an account: your username, e-mail address, optional name and a salted hash of your password (never the
            password itself).
          </li>
          <li>
            Your IP address, to count free downloads over 24 hours and to slow down password guessing. Counts are kept
            only as long as their window.
          </li>
          <li>
            Messages you send us through the contact form, and your e-mail address if you subscribe to the newsletter.
          </li>
          <li>
            Payment records: the plan, amount, status and date. Payments are handled by Stripe: we never see or store
            your card number.
          </li>
        </ul>
        <p>
          Our logs record the route, status and timing of requests with a random request id, not your pictures, e-mail
          address or password.
        </p>
      </Section>
      <Section title="Deleting your account">
        <p>
          You can delete your account from Account Settings on your{' '}
          <Link to="/account" className="text-brand-700 underline underline-offset-2">
            account page
          </Link>
          . Deleting it removes your pictures and your personal details at once and ends your unlimited access, which
          cannot be restored. We keep payment records that the law requires us to keep.
        </p>
      </Section>
      <Section title="Children">
        <p>
          The service is not for children under 13, and we do not knowingly collect their data. If you believe a child
          has given us data, contact us and we will delete it.
        </p>
      </Section>
      <Section title="Contact">
        <p>
          Questions about your data:{' '}
          <a className="text-brand-700 underline underline-offset-2" href="mailto:privacy@socialresizer.app">
            privacy@socialresizer.app
          </a>
          , or the{' '}
          <Link to="/contact" className="text-brand-700 underline underline-offset-2">
            contact form
          </Link>
          .
        </p>
      </Section>
    </Page>
  );
}
