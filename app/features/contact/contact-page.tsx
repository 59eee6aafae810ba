import { ContactForm } from './contact-form';

const faq = [
  { q: 'How quickly do you reply?', a: 'Within 24 hours on business days (Monday to Friday, 9 am to 5 pm Pacific).' },
  {
    q: 'Can I get help with a payment?',
    a: 'Yes: choose "Billing question" and include the date of the payment and the e-mail address you used.',
  },
  {
    q: 'A platform changed its sizes. Will you update?',
    a: 'Yes. Tell us which format changed and we will check it against the platform’s own help pages.',
  },
];

export function ContactPage() {
  return (
    <main className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[2fr_1fr]">
      <section>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact us</h1>
        <p className="mt-3 text-slate-600">Questions, feedback or a format we should add? Send us a message.</p>
        <div className="mt-8">
          <ContactForm />
        </div>
      </section>
      <aside className="space-y-8">
        <section>
          <h2 className="font-semibold text-slate-900">Contact information</h2>
          <p className="mt-2 text-sm text-slate-600">
            E-mail:{' '}
            <a className="text-brand-700 underline underline-offset-2" href="mailto:support@socialresizer.app">
              support@socialresizer.app
            </a>
          </p>
        </section>
        <section>
          <h2 className="font-semibold text-slate-900">Hours</h2>
          <p className="mt-2 text-sm text-slate-600">
            Monday to Friday, 9 am to 5 pm PST. We reply within 24 hours on business days.
          </p>
        </section>
        <section>
          <h2 className="font-semibold text-slate-900">Frequently asked</h2>
          <dl className="mt-2 space-y-3 text-sm">
            {faq.map((item) => (
              <div key={item.q}>
                <dt className="font-medium text-slate-800">{item.q}</dt>
                <dd className="text-slate-600">{item.a}</dd>
              </div>
            ))}
          </dl>
        </section>
      </aside>
    </main>
  );
}
