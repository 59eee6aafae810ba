/** The blog's one call: the newsletter address is stored. */
import { newsletterAnswerSchema } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

export async function subscribeToNewsletter(input: { email: string }): Promise<void> {
  await apiRequest('POST', '/api/newsletter', newsletterAnswerSchema, input);
}
