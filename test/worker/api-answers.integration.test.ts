/**
 * Every answer the app reads, as the worker really sends it, parses with the schema the app's
 * client checks it against (shared/schemas.ts, app/lib/api.ts): a field renamed on one side fails here.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminContactMessageSchema,
  adminOkAnswerSchema,
  adminPaymentSchema,
  allowanceAnswerSchema,
  batchResponseSchema,
  batchSummarySchema,
  contactAnswerSchema,
  conversionResponseSchema,
  imageRequestResponseSchema,
  messageAnswerSchema,
  newsletterAnswerSchema,
  outboxMessageSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  planSchema,
  platformFormatSchema,
  publicUserSchema,
  purchaseSchema,
  receiptSchema,
  sessionAnswerSchema,
  uploadResponseSchema,
} from '../../shared/schemas';
import { bannerRequest, Browser, fixture, insertSession, insertUser, settle } from './helpers';

/** The answer's JSON parsed by `schema`, with its status checked first. */
async function answer<S extends z.ZodType>(res: Response, status: number, schema: S): Promise<z.output<S>> {
  expect(res.status, await res.clone().text()).toBe(status);
  const json: unknown = await res.json();
  const parsed = schema.safeParse(json);
  expect(parsed.error?.issues ?? [], JSON.stringify(json).slice(0, 300)).toEqual([]);
  return parsed.data as z.output<S>;
}

describe('the answers the app reads', () => {
  it('match their schemas: account, session, catalogue, allowance, upload, request, conversions, purchases, payment, receipts', async () => {
    const browser = new Browser();
    await answer(await browser.register('answers'), 201, publicUserSchema);
    await answer(await browser.call('/api/user'), 200, publicUserSchema);
    expect((await answer(await browser.call('/api/session'), 200, sessionAnswerSchema)).user?.username).toBe('answers');
    expect(await answer(await new Browser().call('/api/session'), 200, sessionAnswerSchema)).toEqual({ user: null });
    await answer(await browser.call('/api/plans'), 200, z.array(planSchema));
    await answer(await browser.call('/api/platform-formats'), 200, z.array(platformFormatSchema));
    await answer(await browser.call('/api/profile-formats'), 200, z.array(platformFormatSchema));
    await answer(await browser.call('/api/payment-config'), 200, paymentConfigSchema);
    await answer(await browser.call('/api/check-rate-limits'), 200, allowanceAnswerSchema);

    await answer(await browser.upload('rgb.png', fixture('rgb.png')), 201, uploadResponseSchema);
    const id = await bannerRequest(browser);
    await answer(await browser.call(`/api/image-requests/${id}`), 200, imageRequestResponseSchema);
    const processed = await answer(
      await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [12] } }),
      200,
      imageRequestResponseSchema,
    );
    expect(processed.file).not.toBeNull();
    const started = await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: processed.formatId, targetFormatIds: [36], useAi: false },
    });
    await answer(started, 202, conversionResponseSchema);
    await settle(browser, id);
    await answer(await browser.call(`/api/conversions/${id}`), 200, conversionResponseSchema);

    expect((await browser.call(`/api/download/${id}`)).status).toBe(200);
    const purchases = await answer(await browser.call('/api/user/purchases'), 200, z.array(purchaseSchema));
    expect(purchases).toHaveLength(1);

    const other = await bannerRequest(browser);
    await answer(
      await browser.call('/api/create-payment-intent', {
        method: 'POST',
        json: { imageRequestId: other, planId: 'single' },
      }),
      200,
      paymentIntentResponseSchema,
    );
    const receipts = await answer(await browser.call('/api/user/payments'), 200, z.array(receiptSchema));
    expect(receipts.map((r) => [r.planId, r.status, r.image?.requestId])).toEqual([['single', 'pending', other]]);
    await answer(
      await browser.call('/api/user/password', {
        method: 'POST',
        json: { currentPassword: 'correct horse', newPassword: 'battery staple' },
      }),
      200,
      messageAnswerSchema,
    );
    await answer(await browser.call('/api/logout', { method: 'POST' }), 200, messageAnswerSchema);
  });

  it('match their schemas: batches, contact, newsletter, password reset and the admin lists', async () => {
    const user = new Browser().signIn(await insertSession(await insertUser('answers-batch', { unlimited: true })));
    const photo = await bannerRequest(user);
    const batch = await answer(
      await user.call('/api/batches', { method: 'POST', json: { requestIds: [photo], formats: [12] } }),
      202,
      batchResponseSchema,
    );
    await answer(await user.call(`/api/batches/${batch.id}`), 200, batchResponseSchema);
    await answer(await user.call('/api/batches'), 200, z.array(batchSummarySchema));

    const visitor = new Browser();
    const contact = { name: 'Ada', email: 'ada@example.com', subject: 'general', message: 'Hello there, team.' };
    await answer(await visitor.call('/api/contact', { method: 'POST', json: contact }), 201, contactAnswerSchema);
    await answer(
      await visitor.call('/api/newsletter', { method: 'POST', json: { email: 'ada@example.com' } }),
      201,
      newsletterAnswerSchema,
    );
    await answer(
      await visitor.call('/api/password-reset', { method: 'POST', json: { email: 'answers-batch@example.com' } }),
      202,
      messageAnswerSchema,
    );
    const outbox = await answer(await visitor.call('/api/outbox'), 200, z.array(outboxMessageSchema));
    expect(outbox.length).toBeGreaterThan(0);

    const admin = new Browser();
    const login = admin.call('/api/admin/login', { method: 'POST', json: { password: 'test-admin-secret-7f3a' } });
    await answer(await login, 200, adminOkAnswerSchema);
    await answer(await admin.call('/api/admin/users'), 200, z.array(publicUserSchema));
    await answer(await admin.call('/api/admin/payments'), 200, z.array(adminPaymentSchema));
    await answer(await admin.call('/api/admin/contact-messages'), 200, z.array(adminContactMessageSchema));
    await answer(await admin.call('/api/admin/logout', { method: 'POST' }), 200, adminOkAnswerSchema);
  });
});
