import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLANS } from '../../shared/plans';
import type { ImageRequestResponse } from '../../shared/schemas';
import { dismissToast } from '../../app/components/ui/use-toast';
import { json, mockApi, renderApp } from './render-app';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => dismissToast());
});

const ID = '3f2b9c1e-8a4d-4c55-9d1e-2b7f6a0c9e11';
const signedOut = { 'GET /api/session': json({ user: null }) };
const ada = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  name: null,
  hasUnlimitedAccess: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const local = { mode: 'local', publishableKey: null, available: true };
/** A request as GET /api/image-requests/{id} answers it (shared/schemas.ts, imageRequestResponseSchema). */
const request: ImageRequestResponse = {
  id: ID,
  originalFilename: 'beach.jpg',
  originalPath: '/uploads/x.jpg',
  upload: {
    id: 'x',
    path: '/uploads/x.jpg',
    originalFilename: 'beach.jpg',
    width: 3000,
    height: 2000,
    size: 812_000,
    type: 'image/jpeg',
  },
  formatId: 1,
  platform: 'linkedin',
  format: 'banner',
  width: 1584,
  height: 396,
  purpose: 'single',
  cropDetails: { x: 0, y: 0, width: 3000, height: 750, zoom: 1 },
  status: 'pending',
  error: null,
  output: { type: 'auto', quality: 82 },
  fill: { kind: 'transparent' },
  file: null,
  previewPath: `/api/preview/${ID}/1`,
  paymentId: null,
  hasUnlimitedAccess: false,
  acquired: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  outputs: [],
};
const base = { ...signedOut, 'GET /api/plans': json(PLANS), [`GET /api/image-requests/${ID}`]: json(request) };

describe('the checkout page', () => {
  it('shows the order summary, the local test-mode banner with test cards, and the card form', async () => {
    mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json({ clientSecret: 'pi_local_1_secret_2', paymentIntentId: 'pi_local_1' }),
    });
    renderApp(`/checkout/${ID}?plan=single`);
    expect(await screen.findByRole('heading', { name: 'Secure Checkout' })).toBeInTheDocument();
    expect(await screen.findByText('LinkedIn Banner')).toBeInTheDocument();
    expect(screen.getByText('1584 × 396 pixels')).toBeInTheDocument();
    expect(screen.getByText('One-time purchase')).toBeInTheDocument();
    expect(screen.getByText(PLANS[0]!.description)).toBeInTheDocument();
    expect(screen.getByText('$1.99')).toBeInTheDocument();
    expect(screen.getByText('Local test mode: no real payment is made')).toBeInTheDocument();
    expect(screen.getByText('Success: 4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('Decline: 4000 0000 0000 0002')).toBeInTheDocument();
    for (const benefit of ['Optimized for social media', 'High-quality processing', 'Instant download after payment'])
      expect(screen.getByText(benefit)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $1.99' })).toBeEnabled();
  });

  it('uses the plan of the address, or the first plan', async () => {
    const calls = mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json({ clientSecret: 's', paymentIntentId: 'pi_local_1' }),
    });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('button', { name: 'Pay $1.99' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(await post?.json()).toEqual({ imageRequestId: ID, planId: 'single' });
  });

  it('warns before a live payment with the currency and amount', async () => {
    mockApi({
      ...base,
      'GET /api/payment-config': json({ mode: 'stripe', publishableKey: 'pk_live_abc' }),
      'POST /api/create-payment-intent': json({ clientSecret: 's', paymentIntentId: 'pi_1' }),
    });
    renderApp(`/checkout/${ID}?plan=unlimited`);
    expect(await screen.findByText('Your card will be charged USD 9.99. This is a real payment.')).toBeInTheDocument();
  });

  it('shows the Configuration Error screen without a public payment key', async () => {
    mockApi({ ...base, 'GET /api/payment-config': json({ mode: 'stripe', publishableKey: null }) });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Configuration Error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('shows the Payment Error screen and toast when the intent cannot be made', async () => {
    mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json({ message: 'Image request not found' }, 404),
    });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(screen.getAllByText('Image request not found').length).toBeGreaterThan(0);
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('offers to sign in when Unlimited Access is chosen signed out', async () => {
    mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json(
        { message: 'Please sign in to buy Unlimited Access, so it is yours on every device.' },
        401,
      ),
    });
    renderApp(`/checkout/${ID}?plan=unlimited`);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?redirect=unlimited-access',
    );
  });

  it('shows the Payment Setup Error screen without a client secret', async () => {
    mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json({ clientSecret: '', paymentIntentId: 'pi_1' }),
    });
    renderApp(`/checkout/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Payment Setup Error' })).toBeInTheDocument();
    expect(screen.getByText('Please try again later or contact support.')).toBeInTheDocument();
  });

  it('takes success=true out of the address and says the payment succeeded', async () => {
    mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json({ clientSecret: 's', paymentIntentId: 'pi_local_1' }),
    });
    const { router } = renderApp(`/checkout/${ID}?plan=single&success=true`);
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ plan: 'single' }));
  });

  it('offers the download instead of a form for an image that is already yours', async () => {
    const calls = mockApi({
      ...base,
      [`GET /api/image-requests/${ID}`]: json({ ...request, status: 'complete', acquired: true }),
      'GET /api/payment-config': json(local),
      [`GET /api/download/${ID}`]: json({ message: 'This image was deleted after 7 days' }, 410),
    });
    renderApp(`/checkout/${ID}?plan=single`);
    expect(await screen.findByRole('heading', { name: 'This image is already yours' })).toBeInTheDocument();
    expect(screen.getByText('You have this image already: downloading it again costs nothing.')).toBeInTheDocument();
    expect(screen.getByText('beach.jpg')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to editor' })).toHaveAttribute('href', `/?request=${ID}`);
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    // The server decides the download: its refusal is told, as anywhere else.
    expect(await screen.findByText('This image was deleted after 7 days')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toContain(`GET /api/download/${ID}`);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes the test card’s expiry typed without the slash, shown as MM / YY', async () => {
    const calls = mockApi({
      ...base,
      'GET /api/payment-config': json(local),
      'POST /api/create-payment-intent': json({ clientSecret: 'pi_local_1_secret_2', paymentIntentId: 'pi_local_1' }),
      'POST /api/local-payments/confirm': json({ message: 'Your card was declined.', type: 'card_error' }, 402),
    });
    renderApp(`/checkout/${ID}?plan=single`);
    const form = await screen.findByRole('form', { name: 'Card payment' });
    const expiry = within(form).getByLabelText('Expiry (MM / YY)');
    for (const [typed, shown] of [
      ['1', '1'],
      ['12', '12'],
      ['123', '12 / 3'],
      ['12 / 34', '12 / 34'],
      ['12 / ', '12'],
      ['4', '04'],
      ['1/', '01'],
      ['1234', '12 / 34'],
    ]) {
      fireEvent.change(expiry, { target: { value: typed } });
      expect(expiry).toHaveValue(shown);
    }
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4000000000000002' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay $1.99' }));
    expect((await screen.findAllByText('Card error: Your card was declined.')).length).toBeGreaterThan(0);
    const confirm = calls.find((c) => new URL(c.url).pathname === '/api/local-payments/confirm');
    expect(await confirm?.json()).toEqual({
      clientSecret: 'pi_local_1_secret_2',
      number: '4000 0000 0000 0002',
      expiry: '12 / 34',
      cvc: '123',
    });
  });

  it('sends a visitor without an image request home', async () => {
    mockApi(signedOut);
    const { router } = renderApp('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the unlimited access page', () => {
  it('asks a visitor to sign in, with the way back', async () => {
    mockApi(signedOut);
    renderApp('/unlimited-access');
    expect(await screen.findByRole('link', { name: 'Sign in to purchase' })).toHaveAttribute(
      'href',
      '/auth?redirect=unlimited-access',
    );
    expect(screen.getByText('$9.99')).toBeInTheDocument();
  });

  it('tells a user who has it already', async () => {
    mockApi({ 'GET /api/session': json({ user: { ...ada, hasUnlimitedAccess: true } }) });
    renderApp('/unlimited-access');
    expect(await screen.findByText('You already have unlimited access!')).toBeInTheDocument();
  });

  it('in live mode shows the LIVE MODE badge, the 8-second toast and the pay button', async () => {
    const calls = mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/payment-config': json({ mode: 'stripe', publishableKey: 'pk_live_abc' }),
      'POST /api/create-unlimited-access': json({ clientSecret: 's', paymentIntentId: 'pi_1' }),
    });
    renderApp('/unlimited-access');
    // Opening the page records nothing; the payment starts when the user asks to pay.
    const start = await screen.findByRole('button', { name: 'Continue to payment - $9.99' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(start);
    expect(await screen.findByText('LIVE MODE')).toBeInTheDocument();
    expect(await screen.findByText('Live Payment Mode')).toBeInTheDocument();
    expect(screen.getByText('You will be charged $9.99. This is a real payment.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('in local test mode shows TEST MODE and the local card form', async () => {
    mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/payment-config': json(local),
      'POST /api/create-unlimited-access': json({ clientSecret: 's', paymentIntentId: 'pi_local_1' }),
    });
    renderApp('/unlimited-access');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment - $9.99' }));
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $9.99 - Unlimited Access' })).toBeInTheDocument();
    expect(screen.queryByText('Live Payment Mode')).not.toBeInTheDocument();
  });

  it('says so when the payment cannot be prepared', async () => {
    mockApi({
      'GET /api/session': json({ user: ada }),
      'GET /api/payment-config': json(local),
      'POST /api/create-unlimited-access': json({ message: 'boom' }, 500),
    });
    renderApp('/unlimited-access');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment - $9.99' }));
    expect(
      (await screen.findAllByText('Failed to initialize payment. Please try again later.')).length,
    ).toBeGreaterThan(0);
  });
});

describe('the pricing page', () => {
  it('sends a visitor to register and to sign in for Unlimited', async () => {
    mockApi(signedOut);
    renderApp('/pricing');
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Get Unlimited Access' })).toHaveAttribute(
      'href',
      '/auth?redirect=unlimited-access',
    );
    // Both plans, priced and described as the checkout describes them.
    for (const plan of PLANS) {
      const card = screen.getByText(plan.description).closest('div.flex.flex-col') as HTMLElement;
      expect(within(card).getByText(plan.name)).toBeInTheDocument();
      expect(card).toHaveTextContent(`$${plan.price.toFixed(2)} one time`);
    }
    expect(screen.getByRole('link', { name: 'Choose an image' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-in user to the tool and to the unlimited page', async () => {
    mockApi({ 'GET /api/session': json({ user: ada }) });
    renderApp('/pricing');
    const main = await screen.findByRole('main');
    await waitFor(() =>
      expect(within(main).getByRole('link', { name: 'Get Unlimited Access' })).toHaveAttribute(
        'href',
        '/unlimited-access',
      ),
    );
    expect(within(main).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/');
  });
});
