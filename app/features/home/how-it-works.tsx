import { PLATFORM_FORMATS } from '../../../shared/formats';
import { PLATFORMS } from '../../../shared/platforms';

const howItWorks = [
  {
    title: 'Upload a high-resolution image',
    text: 'JPG, PNG or WEBP up to 50 MB. The larger the original, the sharper every output.',
  },
  {
    title: 'Choose and adjust',
    text: `Pick one of ${PLATFORM_FORMATS.length} formats across ${PLATFORMS.length} platforms, then zoom and drag to frame it.`,
  },
  {
    title: 'Pay once and download',
    text: 'A JPEG, WebP or PNG at the exact size the platform asks for. No subscription.',
  },
];

/** The home page's three steps, under the tools. */
export function HowItWorks() {
  return (
    <section className="mt-16" aria-labelledby="how-it-works">
      <h2 id="how-it-works" className="text-center text-2xl font-bold text-slate-900">
        How it works
      </h2>
      <ol className="mt-8 grid gap-6 sm:grid-cols-3">
        {howItWorks.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
            <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
            <h3 className="mt-1 font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
