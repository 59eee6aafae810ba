/** The calls of the checkout and the unlimited page (spec document 1 section 7, document 2 section 7). */
import { queryOptions } from '@tanstack/react-query';
import type { Plan } from '../../../shared/plans';
import type { PaymentConfig, PaymentIntentResponse } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

export const plansQuery = queryOptions({
  queryKey: ['/api/plans'],
  queryFn: async () => (await apiRequest('GET', '/api/plans')).json() as Promise<Plan[]>,
});

export const paymentConfigQuery = queryOptions({
  queryKey: ['/api/payment-config'],
  queryFn: async () => (await apiRequest('GET', '/api/payment-config')).json() as Promise<PaymentConfig>,
});

export async function createPaymentIntent(imageRequestId: string, planId: string): Promise<PaymentIntentResponse> {
  return (
    await apiRequest('POST', '/api/create-payment-intent', { imageRequestId, planId })
  ).json() as Promise<PaymentIntentResponse>;
}

export async function confirmPayment(paymentIntentId: string, imageRequestId: string): Promise<void> {
  await apiRequest('POST', '/api/confirm-payment', { paymentIntentId, imageRequestId });
}

export async function createUnlimitedAccess(): Promise<PaymentIntentResponse> {
  return (await apiRequest('POST', '/api/create-unlimited-access')).json() as Promise<PaymentIntentResponse>;
}

export async function reportPaymentSuccess(paymentIntentId: string): Promise<void> {
  await apiRequest('POST', '/api/payment-success', { paymentIntentId });
}

/** '$1.99' */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Stripe keys say whether money moves: pk_test_… (and the local mode) is test, anything else live. */
export function isTestMode(config: PaymentConfig): boolean {
  return config.mode === 'local' || (config.publishableKey?.startsWith('pk_test_') ?? false);
}
