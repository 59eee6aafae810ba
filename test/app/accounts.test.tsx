import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast } from '../../app/components/ui/use-toast';
import { json, mockApi, renderApp } from './render-app';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => dismissToast());
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

/** A response that arrives when the test says so, to see the pending state. */
function deferred(response: () => Response) {
  let release = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = () => resolve(response());
  });
  return { handler: () => promise, release };
}

describe('the /auth page', () => {
  it('opens on Login and shows each field’s error under it, sending nothing', async () => {
    const calls = mockApi(signedOut);
    renderApp('/auth');
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    const form = screen.getByRole('form', { name: 'Login' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ad' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await within(form).findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(form).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('registers: "Creating Account" while pending, the welcome toast, then on to the tool', async () => {
    const pending = deferred(json(ada, 201));
    const calls = mockApi({ ...signedOut, 'POST /api/register': pending.handler });
    const { router } = renderApp('/auth');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Register' }));
    const form = await screen.findByRole('form', { name: 'Register' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByRole('button', { name: 'Creating Account' })).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST');
    expect(await post?.json()).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'correct horse',
      name: null,
    });

    pending.release();
    expect(await screen.findByText('Welcome, ada!')).toBeInTheDocument();
    expect(screen.getByText('Registration successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('button', { name: 'Account menu of ada' })).toHaveTextContent('A');
  });

  it('logs in: "Logging in" while pending, then to /unlimited-access when asked for it', async () => {
    const pending = deferred(json(ada));
    mockApi({ ...signedOut, 'POST /api/login': pending.handler });
    const { router } = renderApp('/auth?redirect=unlimited-access');
    const form = await screen.findByRole('form', { name: 'Login' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await within(form).findByRole('button', { name: 'Logging in' })).toBeDisabled();
    pending.release();
    expect(await screen.findByText('Welcome back, ada!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/unlimited-access'));
  });

  it('shows the server’s message when login fails', async () => {
    mockApi({ ...signedOut, 'POST /api/login': json({ message: 'Invalid username or password' }, 401) });
    const { router } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Login' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Login' }));
    // By the form (it stays), and in a toast.
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in user on at once', async () => {
    mockApi({ 'GET /api/session': json({ user: ada }) });
    const { router } = renderApp('/auth?redirect=elsewhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the header', () => {
  it('offers Sign In to a visitor, and Upgrade plus the avatar menu to a user', async () => {
    mockApi(signedOut);
    renderApp('/pricing');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('the menu shows name, e-mail and Unlimited Access, and logs out', async () => {
    const calls = mockApi({
      'GET /api/session': json({ user: { ...ada, name: 'Ada King Lovelace', hasUnlimitedAccess: true } }),
      'POST /api/logout': json({ message: 'Logged out' }),
    });
    renderApp('/pricing');
    const avatar = await screen.findByRole('button', { name: 'Account menu of Ada King Lovelace' });
    expect(avatar).toHaveTextContent('AK');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    fireEvent.keyDown(avatar, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada King Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Unlimited Access')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('You have been logged out successfully')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/logout'))).toBe(true);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('the account page', () => {
  const purchases = [
    {
      id: 'r1',
      createdAt: '2026-01-05T12:00:00.000Z',
      originalFilename: 'beach.jpg',
      formatId: 20,
      platform: 'linkedin',
      format: 'banner',
      processedPath: '/api/download/r1',
      previewPath: '/api/preview/r1/20',
      otherFormats: [
        {
          formatId: 28,
          platform: 'twitter',
          format: 'profile picture',
          downloadPath: '/api/download/r1/28',
          previewPath: '/api/preview/r1/28',
        },
      ],
      expired: false,
    },
    {
      id: 'r2',
      createdAt: '2026-03-17T12:00:00.000Z',
      originalFilename: 'team.png',
      formatId: 13,
      platform: 'instagram',
      format: 'post',
      processedPath: null,
      previewPath: null,
      otherFormats: [],
      expired: false,
    },
  ];

  const receipts = [
    {
      id: 'pay2',
      planId: 'unlimited',
      planName: 'Unlimited Access',
      amountCents: 999,
      currency: 'usd',
      status: 'succeeded',
      createdAt: '2026-03-20T09:00:00.000Z',
      paidAt: '2026-03-20T09:01:00.000Z',
      image: null,
    },
    {
      id: 'pay1',
      planId: 'single',
      planName: 'Single Download',
      amountCents: 199,
      currency: 'usd',
      status: 'succeeded',
      createdAt: '2026-01-05T11:59:00.000Z',
      paidAt: '2026-01-05T12:00:00.000Z',
      image: { requestId: 'r1', originalFilename: 'beach.jpg', platform: 'linkedin', format: 'banner', expired: false },
    },
    {
      id: 'pay0',
      planId: 'single',
      planName: 'Single Download',
      amountCents: 199,
      currency: 'usd',
      status: 'failed',
      createdAt: '2025-12-30T10:00:00.000Z',
      paidAt: null,
      image: { requestId: 'r0', originalFilename: 'old.png', platform: 'twitter', format: 'header', expired: true },
    },
  ];

  it('shows a receipt for every payment, a Single Download linked to its image', async () => {
    mockApi({
      'GET /api/session': json({ user: { ...ada, hasUnlimitedAccess: true } }),
      'GET /api/user/payments': json(receipts),
      'GET /api/user/purchases': json(purchases),
    });
    renderApp('/account');
    const list = await screen.findByRole('list', { name: 'Payments' });
    const [unlimited, single, failed] = within(list).getAllByRole('listitem');
    expect(unlimited).toHaveTextContent('Unlimited Access');
    expect(unlimited).toHaveTextContent('Mar 20, 2026 · Every download, on this account');
    expect(unlimited).toHaveTextContent('$9.99 USD');
    expect(within(unlimited!).getByText('Paid')).toBeInTheDocument();
    expect(single).toHaveTextContent('Jan 5, 2026');
    expect(single).toHaveTextContent('$1.99 USD');
    expect(within(single!).getByRole('link', { name: 'beach.jpg, LinkedIn Banner' })).toHaveAttribute(
      'href',
      '/?request=r1',
    );
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(failed).toHaveTextContent('old.png, X (Twitter) Header (deleted after 7 days)');
    expect(within(failed!).queryByRole('link')).not.toBeInTheDocument();
    // The images got are listed beside the payments.
    expect(await screen.findByRole('list', { name: 'Purchases' })).toHaveTextContent('beach.jpg');
  });

  it('shows the account, Not provided for no name, and each purchase with its date and status', async () => {
    mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/user/payments': json([]),
      'GET /api/user/purchases': json(purchases),
    });
    renderApp('/account');
    expect(await screen.findByText('Not provided')).toBeInTheDocument();
    expect(screen.getByText('Free Access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Unlimited' })).toHaveAttribute('href', '/unlimited-access');
    const list = await screen.findByRole('list', { name: 'Purchases' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(first).toHaveTextContent('beach.jpg');
    expect(first).toHaveTextContent('Jan 5, 2026 · LinkedIn · Banner');
    expect(within(first!).getByText('Processed')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    // A thumbnail of what was got, and the other format got for the same picture, round as shown.
    expect(within(first!).getByRole('img', { name: 'beach.jpg, as got' })).toHaveAttribute('src', '/api/preview/r1/20');
    const others = within(first!).getByRole('list', { name: 'Other formats of beach.jpg' });
    expect(others).toHaveTextContent('X (Twitter) · Profile Picture');
    expect(within(others).getByRole('button', { name: 'Download X (Twitter) profile picture' })).toBeInTheDocument();
    expect(others.querySelector('img')).toHaveClass('rounded-full');
    expect(second).toHaveTextContent('Mar 17, 2026');
    expect(within(second!).getByText('Processing')).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the empty states with a link to make the first image', async () => {
    mockApi({
      'GET /api/session': json({ user: { ...ada, hasUnlimitedAccess: true } }),
      'GET /api/user/payments': json([]),
      'GET /api/user/purchases': json([]),
    });
    renderApp('/account');
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(await screen.findByText('No images yet: the images you download show here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Image' })).toHaveAttribute('href', '/');
    expect(screen.getAllByText('Unlimited Access').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Upgrade to Unlimited' })).not.toBeInTheDocument();
  });

  it('says when the purchase history cannot be loaded', async () => {
    mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/user/payments': json({ message: 'Database unavailable' }, 500),
      'GET /api/user/purchases': json({ message: 'Database unavailable' }, 500),
    });
    renderApp('/account');
    expect(
      await screen.findByText('Error loading purchase history: 500: {"message":"Database unavailable"}'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Error loading payments: 500: {"message":"Database unavailable"}'),
    ).toBeInTheDocument();
  });

  it('says so when the purchase history comes back in a shape the page cannot read, instead of breaking', async () => {
    mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/user/payments': json([]),
      'GET /api/user/purchases': json([{ id: 'p1', platform: 'linkedin' }]),
    });
    renderApp('/account');
    expect(
      await screen.findByText(
        'Error loading purchase history: The server sent an answer this page cannot read. Please reload the page and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('deletes the account only with the password, then leaves for the home page', async () => {
    const calls = mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/user/payments': json([]),
      'GET /api/user/purchases': json([]),
      'DELETE /api/user': json({ message: 'Account deleted' }),
    });
    const { router } = renderApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const form = screen.getByRole('form', { name: 'Delete account' });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(form).findByText('Please enter your password to confirm')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Your account and your images have been deleted.')).toBeInTheDocument();
    const deletion = calls.find((c) => c.method === 'DELETE');
    expect(await deletion?.json()).toEqual({ password: 'correct horse' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
