import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { ARTICLES, BLOG_CATEGORIES, FEATURED_LIMIT } from '../../app/features/blog/articles';
import { CareersBoard } from '../../app/features/careers/careers-board';
import { FAQ_TOPICS } from '../../app/features/help/faq';
import { NO_RESULTS } from '../../app/features/help/search-results';
import { dismissToast } from '../../app/components/ui/use-toast';
import { json, mockApi, renderApp } from './render-app';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  dismissToast();
});
const signedOut = { 'GET /api/session': json({ user: null }) };
const ada = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  name: null,
  hasUnlimitedAccess: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function openHelp() {
  mockApi(signedOut);
  renderApp('/help');
  await screen.findByRole('searchbox', { name: 'Search help articles' });
}
const questions = () =>
  screen.queryAllByRole('button', { expanded: false }).concat(screen.queryAllByRole('button', { expanded: true }));
const search = () => screen.getByRole('searchbox', { name: 'Search help articles' });

describe('help centre', () => {
  it('searches every topic and the sizes live, in one ranked list, and Clear brings the topics back', async () => {
    await openHelp();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'General',
      'Single Image Resizer',
      'Banner Adjuster',
      'Account & Billing',
    ]);
    const generalCount = FAQ_TOPICS.find((t) => t.id === 'general')!.items.length;
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(generalCount);

    // "STRIPE" appears only in a billing answer: it is found from the General tab, under its topic's name.
    fireEvent.change(search(), { target: { value: 'STRIPE' } });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 match for “STRIPE”');
    expect(screen.getByRole('button', { name: 'How do I pay?' })).toBeInTheDocument();
    expect(screen.getByText('Account & Billing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'What does it cost?' })).not.toBeInTheDocument();

    // Words in any order and case, plurals folded.
    fireEvent.change(search(), { target: { value: 'ACCOUNT deleting my' } });
    expect(screen.queryByRole('button', { name: 'How do I delete my account?' })).toBeNull();
    fireEvent.change(search(), { target: { value: 'accounts delete' } });
    expect(screen.getByRole('button', { name: 'How do I delete my account?' })).toBeInTheDocument();

    // A size question finds the size, linked to the tool with that format.
    fireEvent.change(search(), { target: { value: 'instagram story size' } });
    const story = PLATFORM_FORMATS.find((f) => f.key === 'instagram_story')!;
    const link = screen.getByRole('link', { name: 'Instagram Story: 1080 × 1920' });
    expect(link).toHaveAttribute('href', `/?tab=singleImage&format=${story.id}`);

    fireEvent.change(search(), { target: { value: 'zzqx nothing like this' } });
    expect(screen.getByRole('status')).toHaveTextContent(NO_RESULTS);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search()).toHaveValue('');
    expect(screen.queryByText(NO_RESULTS)).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(4);
  });

  it('keeps one answer open at a time', async () => {
    await openHelp();
    const [first, second] = screen.getAllByRole('button', { expanded: false });
    fireEvent.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(questions().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
  });

  it('gives one refund rule, the one the terms state', async () => {
    mockApi(signedOut);
    renderApp('/terms');
    const terms = await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    const termsText = terms.closest('main')!.textContent!;
    const refund = FAQ_TOPICS.flatMap((t) => t.items).find((i) => i.question === 'Can I get a refund?')!;
    expect(termsText).toContain(refund.answer.split(' If ')[0]);
    expect(FAQ_TOPICS.flatMap((t) => t.items).some((i) => /30[- ]day refund|refund within 30/i.test(i.answer))).toBe(
      false,
    );
  });
});

describe('blog', () => {
  it('shows up to three featured articles and filters the list live by the eight categories', async () => {
    mockApi(signedOut);
    renderApp('/blog');
    await screen.findByRole('heading', { name: 'Featured' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([...BLOG_CATEGORIES]);
    const featured = screen.getByRole('heading', { name: 'Featured' }).closest('section')!;
    expect(within(featured).getAllByRole('article').length).toBeLessThanOrEqual(FEATURED_LIMIT);
    expect(within(featured).getAllByRole('article').length).toBeGreaterThan(0);

    expect(within(screen.getByRole('list', { name: 'All Posts articles' })).getAllByRole('article')).toHaveLength(8);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Tutorials' }));
    const tutorials = within(screen.getByRole('list', { name: 'Tutorials articles' })).getAllByRole('article');
    expect(tutorials).toHaveLength(ARTICLES.filter((a) => a.category === 'Tutorials').length);
    for (const card of tutorials) expect(card).toHaveTextContent('Tutorials');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Case Studies' }));
    expect(within(screen.getByRole('list', { name: 'Case Studies articles' })).getAllByRole('article')).toHaveLength(1);
  });

  it('gives every article a page with its title, author, date and read time, and sizes from the catalogue', async () => {
    mockApi(signedOut);
    const article = ARTICLES.find((a) => a.slug === 'linkedin-banner-not-cut-off')!;
    renderApp(`/blog/${article.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
    const banner = PLATFORM_FORMATS.find((f) => f.key === 'linkedin_profile_banner')!;
    expect(screen.getByRole('main')).toHaveTextContent(`${banner.width} × ${banner.height} px`);
    expect(screen.getByRole('main')).toHaveTextContent(`${article.author.name} · `);
    expect(screen.getByRole('main')).toHaveTextContent(`${article.readMinutes} min read`);
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(8);
  });

  it('answers an unknown article with the not-found page', async () => {
    mockApi(signedOut);
    renderApp('/blog/no-such-article');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('checks the newsletter address and stores a valid one', async () => {
    const calls = mockApi({ ...signedOut, 'POST /api/newsletter': json({ subscribed: true }, 201) });
    renderApp('/blog');
    const email = await screen.findByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'Reader@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findAllByText('Thanks! New articles will arrive in your inbox.')).length).toBeGreaterThan(0);
    expect(await calls.find((c) => c.method === 'POST')!.json()).toEqual({ email: 'reader@example.com' });
    expect(email).toHaveValue('');
  });
});

describe('careers', () => {
  it('lists four positions, filters by department, and shows the empty state with View All Positions', () => {
    render(<CareersBoard />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Engineering',
      'Marketing',
      'Customer Success',
      'Design',
      'Operations',
    ]);
    expect(screen.getAllByRole('button', { name: /Show details/ })).toHaveLength(4);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Engineering' }));
    expect(screen.getAllByRole('button', { name: /Show details/ })).toHaveLength(2);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Design' }));
    expect(screen.getByText('No open positions')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View All Positions' }));
    expect(screen.getAllByRole('button', { name: /Show details/ })).toHaveLength(4);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('expands a card to responsibilities, requirements, benefits and a mailto Apply', () => {
    render(<CareersBoard />);
    fireEvent.click(screen.getByRole('button', { name: /Customer Success Specialist/ }));
    for (const heading of ['Responsibilities', 'Requirements', 'Benefits'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    const apply = screen.getByRole('link', { name: 'Apply for Customer Success Specialist' });
    expect(apply.getAttribute('href')).toMatch(
      /^mailto:careers@socialresizer\.app\?subject=Application%3A%20Customer%20Success%20Specialist$/,
    );
  });
});

describe('home and legal pages', () => {
  it('shows how it works and what Batch is and costs, and no made-up testimonials', async () => {
    mockApi(signedOut);
    renderApp('/');
    const batch = (await screen.findByRole('heading', { name: /^Many photos\? Batch/ })).closest('section')!;
    expect(batch).toHaveTextContent('Unlimited Access: $9.99, paid once');
    expect(within(batch).getByRole('link', { name: 'Open Batch' })).toHaveAttribute('href', '/batch');
    expect(screen.getByRole('heading', { name: 'Pay once and download' })).toBeInTheDocument();
    expect(screen.queryByText(/testimonial/i)).toBeNull();
    expect(screen.queryAllByRole('figure')).toHaveLength(0);
  });

  it('puts Batch one click away in the header, and in the account menu', async () => {
    mockApi({ 'GET /api/session': json({ user: ada }) });
    renderApp('/help');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Batch' })).toHaveAttribute('href', '/batch');
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Account menu of ada' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Batch' })).toHaveAttribute('href', '/batch');
  });

  it.each([
    [
      '/privacy',
      'Privacy Policy',
      [
        /Account Settings/,
        /removes your pictures .* ends your unlimited access/,
        /under 13/,
        /deleted automatically 7 days after upload/,
      ],
    ],
    [
      '/terms',
      'Terms of Service',
      [
        /at least 13 years old/,
        /greater of \$100 or the amounts you paid us in the past 12 months/,
        /non-refundable, except where the law requires/,
      ],
    ],
    ['/cookies', 'Cookie Policy', [/sr_session/, /Stripe/]],
  ])('%s carries the date and the facts', async (path, title, facts) => {
    mockApi(signedOut);
    renderApp(path);
    const main = (await screen.findByRole('heading', { level: 1, name: title })).closest('main')!;
    expect(main).toHaveTextContent('Last updated: April 15, 2025');
    for (const fact of facts) expect(main.textContent).toMatch(fact);
  });
});
