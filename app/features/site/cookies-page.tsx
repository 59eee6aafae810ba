import { LEGAL_LAST_UPDATED, Page, Section } from '../../components/layout/page';

const COOKIES = [
  { name: 'sr_session', purpose: 'Keeps you signed in.', lasts: '30 days from your last visit, or until you log out' },
  {
    name: 'sr_visitor',
    purpose: 'Lets a visitor without an account keep their uploads and purchases until they sign in.',
    lasts: '1 year',
  },
  {
    name: 'sr_admin',
    purpose: 'Keeps the administrator signed in to the admin area (administrators only).',
    lasts: '8 hours',
  },
];

export function CookiesPage() {
  return (
    <Page
      title="Cookie Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="We set only the cookies the service needs to work. We use no advertising or tracking cookies."
    >
      <Section title="Our cookies">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Cookie
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Lasts
                </th>
              </tr>
            </thead>
            <tbody>
              {COOKIES.map((cookie) => (
                <tr key={cookie.name} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono">{cookie.name}</td>
                  <td className="py-2 pr-4">{cookie.purpose}</td>
                  <td className="py-2">{cookie.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>All of them are HttpOnly (scripts cannot read them) and sent only to our own site.</p>
      </Section>
      <Section title="Stripe">
        <p>
          When you pay, the card form is provided by Stripe, which sets its own cookies to prevent fraud. They are
          governed by Stripe’s privacy policy.
        </p>
      </Section>
      <Section title="Your choices">
        <p>
          You can block or delete cookies in your browser. Without them you can still resize images, but you cannot stay
          signed in and a visitor’s uploads are not kept between visits.
        </p>
      </Section>
    </Page>
  );
}
