import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initials } from '../../app/components/layout/user-menu';
import { validateContact } from '../../app/features/contact/contact-form';
import { ARTICLES } from '../../app/features/blog/articles';
import { createRouter } from '@tanstack/react-router';
import { createQueryClient } from '../../app/lib/api';
import { routeTree } from '../../app/routeTree.gen';
import { APP_PAGES, ARTICLE_SLUGS, isAppPage, routeFileOf } from '../../shared/pages';
import { json, mockApi, renderApp } from './render-app';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const signedOut = { 'GET /api/session': json({ user: null }) };
const user = {
  id: 'u1',
  username: 'grace',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  hasUnlimitedAccess: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('app shell', () => {
  it('shows the three tools on the home page, single image first', async () => {
    mockApi(signedOut);
    renderApp('/');
    const tabs = await screen.findByRole('tablist', { name: 'Tools' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Single Image', 'Banner Adjuster', 'Profile Picture Adjuster']);
    expect(within(tabs).getByRole('tab', { name: 'Single Image' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the 404 page for an unknown path', async () => {
    mockApi(signedOut);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    // Words for visitors only: no developer hint.
    expect(screen.queryByText(/router|app\/routes/)).toBeNull();
  });

  it('sends a signed-out visitor from a protected page to /auth', async () => {
    mockApi(signedOut);
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('shows a protected page to a signed-in user, and the header avatar with their initials', async () => {
    mockApi({
      'GET /api/session': json({ user }),
      'GET /api/user/payments': json([]),
      'GET /api/user/purchases': json([]),
    });
    renderApp('/account');
    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    expect(screen.getByText('Free Access')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu of Grace Hopper' })).toHaveTextContent('GH');
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('lists the footer columns with working links and the current year', async () => {
    mockApi(signedOut);
    renderApp('/');
    const support = await screen.findByRole('navigation', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});

describe('contact form rules', () => {
  it('words each rule as the spec does', () => {
    expect(validateContact({ name: 'A', email: 'x', subject: '', message: 'short' }).errors).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      subject: 'Please select a subject.',
      message: 'Message must be at least 10 characters.',
    });
    expect(
      validateContact({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'billing',
        message: 'A question about my payment.',
      }).errors,
    ).toEqual({});
  });

  it('shows the errors under the fields and sends nothing while invalid', async () => {
    const calls = mockApi(signedOut);
    renderApp('/contact');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends a valid message, shows the toast and clears the form', async () => {
    const calls = mockApi({ ...signedOut, 'POST /api/contact': json({ id: 'm1' }, 201) });
    renderApp('/contact');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'feedback' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'The banner came out perfectly.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText("Thank you for contacting us. We'll get back to you soon.")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    const post = calls.find((c) => c.method === 'POST');
    expect(await post?.json()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'feedback',
      message: 'The banner came out perfectly.',
    });
  });
});

describe('initials', () => {
  it('takes up to two initials of the name, else of the username', () => {
    expect(initials('Grace Brewster Hopper', 'grace')).toBe('GB');
    expect(initials('ada', 'x')).toBe('A');
    expect(initials(null, 'grace')).toBe('G');
    expect(initials(null, 'grace_hopper')).toBe('GH');
    expect(initials('  ', 'x')).toBe('X');
  });
});

describe("the worker's list of pages", () => {
  it('is the router’s, so only a path without a page answers 404', () => {
    const routed = [
      ...new Set(
        Object.keys(createRouter({ routeTree, context: { queryClient: createQueryClient() } }).routesByPath)
          .filter((path) => !path.includes('$'))
          .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)),
      ),
    ].sort();
    expect(routed).toEqual([...APP_PAGES].sort());
    expect(isAppPage('/checkout/any-id')).toBe(true);
    expect(isAppPage('/checkout/any-id/more')).toBe(false);
  });

  it('names the route file of each page, whose scripts the worker preloads', () => {
    const routeFiles = Object.keys(import.meta.glob('../../app/routes/*.tsx'));
    for (const path of [...APP_PAGES, `/blog/${ARTICLE_SLUGS[0]}`, '/checkout/any-id', '/help/', '/formats/linkedin']) {
      const file = routeFileOf(path);
      expect(file, path).not.toBeNull();
      expect(routeFiles, path).toContain(`../../app/routes/${file}.tsx`);
    }
    expect(routeFileOf('/')).toBe('index');
    expect(routeFileOf('/blog')).toBe('blog.index');
    expect(routeFileOf('/formats')).toBe('formats.index');
    expect(routeFileOf('/formats/google-play-store')).toBe('formats.$platform');
    expect(routeFileOf('/formats/nope')).toBeNull();
    expect(routeFileOf('/no/such/page')).toBeNull();
  });

  it('holds every article of the blog and nothing else', () => {
    expect([...ARTICLE_SLUGS].sort()).toEqual(ARTICLES.map((a) => a.slug).sort());
    for (const { slug } of ARTICLES) expect(isAppPage(`/blog/${slug}`)).toBe(true);
    expect(isAppPage('/blog/not-an-article')).toBe(false);
  });
});
