import type { ReactNode } from 'react';

/** A content page: a heading, an optional "Last updated" line, and readable text. */
export function Page({
  title,
  lastUpdated,
  intro,
  children,
}: {
  title: string;
  lastUpdated?: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {lastUpdated ? <p className="mt-2 text-sm text-slate-500">Last updated: {lastUpdated}</p> : null}
      {intro ? <div className="mt-4 text-lg text-slate-600">{intro}</div> : null}
      <div className="mt-8 space-y-4 leading-relaxed text-slate-700">{children}</div>
    </main>
  );
}

/** A titled section of a content page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 pt-4">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The date the legal pages carry: when their text last changed (docs/product.md, "Site pages"). */
export const LEGAL_LAST_UPDATED = 'April 15, 2025';

/**
 * Title and description for a route's `head`; with the page's path, also its canonical address and
 * the Open Graph tags a shared link's preview reads. The path stays relative here: the worker makes
 * it absolute with the site's address when it answers the page (worker/routes/pages.ts), which the
 * build does not know.
 */
export function pageHead(title: string, description: string, path?: string) {
  const full = `${title} | Social Resizer`;
  const meta = [{ title: full }, { name: 'description', content: description }];
  if (!path) return { meta };
  return {
    meta: [
      ...meta,
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Social Resizer' },
      { property: 'og:title', content: full },
      { property: 'og:description', content: description },
      { property: 'og:url', content: path },
    ],
    links: [{ rel: 'canonical', href: path }],
  };
}
