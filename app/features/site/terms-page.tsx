import {
  FREE_DOWNLOADS_ANONYMOUS,
  FREE_DOWNLOADS_REGISTERED,
  REFUND_POLICY,
  RETENTION_DAYS,
} from '../../../shared/limits';
import { PLANS } from '../../../shared/plans';
import { LEGAL_LAST_UPDATED, Page, Section } from '../../components/layout/page';

export function TermsPage() {
  return (
    <Page
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="By using Social Resizer you agree to these terms."
    >
      <Section title="Who may use the service">
        <p>
          You must be at least 13 years old to use Social Resizer. If you use it for an organisation, you confirm that
          you may accept these terms for it.
        </p>
      </Section>
      <Section title="Your content">
        <p>
          You keep every right to the pictures you upload. You give us only the permission needed to store, process and
          deliver them to you. Upload only pictures you have the right to use. Uploaded images and their outputs are
          deleted {RETENTION_DAYS} days after upload.
        </p>
      </Section>
      <Section title="Free use and fees">
        <p>
          Visitors get {FREE_DOWNLOADS_ANONYMOUS} free download every 24 hours and registered users{' '}
          {FREE_DOWNLOADS_REGISTERED}. Beyond that, downloads are paid:{' '}
          {PLANS.map((plan) => `${plan.name} at $${plan.price.toFixed(2)}`).join(' or ')}, charged once in US dollars
          through Stripe. There is no subscription.
        </p>
        <p>{REFUND_POLICY}</p>
      </Section>
      <Section title="Acceptable use">
        <p>
          Do not use the service to process unlawful content, to break or overload it, or to get around its limits. We
          may suspend accounts that do.
        </p>
      </Section>
      <Section title="Liability">
        <p>
          The service is provided as is. To the extent the law allows, our total liability for any claim is limited to
          the greater of $100 or the amounts you paid us in the past 12 months.
        </p>
      </Section>
      <Section title="Changes">
        <p>
          We may update these terms; the date above shows the latest version. Continued use after a change means you
          accept it.
        </p>
      </Section>
    </Page>
  );
}
