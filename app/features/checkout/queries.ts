/** The calls of the checkout and the Unlimited Access page: payment config, intents, confirmation. */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  localPaymentAnswerSchema,
  paymentConfigSchema,
  paymentConfirmedSchema,
  paymentIntentResponseSchema,
  type PaymentIntentResponse,
} from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';
import { currentUserQuery } from '../auth/queries';
import { imageRequestQuery, rateLimitsQuery } from '../tool-kit/queries';

export const paymentConfigQuery = queryOptions({
  queryKey: ['/api/payment-config'],
  queryFn: () => apiRequest('GET', '/api/payment-config', paymentConfigSchema),
});

export async function createPaymentIntent(imageRequestId: string, planId: string): Promise<PaymentIntentResponse> {
  return apiRequest('POST', '/api/create-payment-intent', paymentIntentResponseSchema, { imageRequestId, planId });
}

export async function createUnlimitedAccess(): Promise<PaymentIntentResponse> {
  return apiRequest('POST', '/api/create-unlimited-access', paymentIntentResponseSchema);
}

/**
 * The payment for one image and plan, started when the page can take a card. Each intent records
 * a payment, so it is made once for the pair and dropped when the page goes (never fetched again).
 */
export const paymentIntentQuery = (imageRequestId: string, planId: string) =>
  queryOptions({
    queryKey: ['/api/create-payment-intent', imageRequestId, planId],
    queryFn: () => createPaymentIntent(imageRequestId, planId),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The Unlimited Access payment, made once when the user asks to pay (as paymentIntentQuery). */
export const unlimitedIntentQuery = queryOptions({
  queryKey: ['/api/create-unlimited-access'],
  queryFn: createUnlimitedAccess,
  staleTime: Infinity,
  gcTime: 0,
});

export async function confirmPayment(paymentIntentId: string, imageRequestId: string): Promise<void> {
  await apiRequest('POST', '/api/confirm-payment', paymentConfirmedSchema, { paymentIntentId, imageRequestId });
}

export async function reportPaymentSuccess(paymentIntentId: string): Promise<void> {
  await apiRequest('POST', '/api/payment-success', paymentConfirmedSchema, { paymentIntentId });
}

/** The local test mode's card form: the intent's id and status, or a 402 with Stripe's wording. */
export async function confirmLocalCard(card: { clientSecret: string; number: string; expiry: string; cvc: string }) {
  return (await apiRequest('POST', '/api/local-payments/confirm', localPaymentAnswerSchema, card)).paymentIntent;
}

/**
 * What a confirmed payment changes, read again: the user (who may now have unlimited access), the
 * free-download allowance, and the paid image request when there is one.
 */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return (imageRequestId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey }),
      imageRequestId && queryClient.invalidateQueries({ queryKey: imageRequestQuery(imageRequestId).queryKey }),
    ]);
}
