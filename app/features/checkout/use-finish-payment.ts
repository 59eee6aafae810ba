import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { processImage } from '../single-image/queries';
import { confirmPayment, useRefreshAfterPayment } from './queries';

/** What the checkout's address says after Stripe's redirect (3-D Secure) brings the buyer back. */
type ReturnSearch = { plan?: string; success?: boolean; payment_intent?: string };

/**
 * The end of an image's payment, after the provider says it succeeded (at once, or back from a
 * redirect): the server confirms and grants, then the image is processed and the dialog opens.
 */
export function useFinishPayment(imageRequestId: string, search: ReturnSearch) {
  const navigate = useNavigate();
  const refreshAfterPayment = useRefreshAfterPayment();
  const [paid, setPaid] = useState(false);

  /** After the provider says succeeded: the server confirms and grants, then the image is processed. */
  async function finish(paymentIntentId: string) {
    try {
      await confirmPayment(paymentIntentId, imageRequestId);
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'There was an error confirming your payment.'),
        variant: 'destructive',
      });
      return;
    }
    try {
      await processImage(imageRequestId);
    } catch (error) {
      console.error('processing after payment failed', error);
      toast({ title: 'Error', description: 'Failed to process the image after payment', variant: 'destructive' });
    }
    await refreshAfterPayment(imageRequestId);
    setPaid(true);
  }
  const finishing = useMutation({ mutationFn: finish });
  const finishPayment = finishing.mutate;

  // Back from a redirect: the flag leaves the address, the toast shows, and the payment is confirmed.
  const handledReturn = useRef(false);
  useEffect(() => {
    if (!search.success || handledReturn.current) return;
    handledReturn.current = true;
    void navigate({ to: '.', search: { plan: search.plan }, replace: true });
    toast({ title: 'Payment Successful', description: 'Your payment was received.', variant: 'success' });
    if (search.payment_intent) finishPayment(search.payment_intent);
  }, [search.success, search.plan, search.payment_intent, navigate, finishPayment]);

  return { finish, paid, setPaid };
}
