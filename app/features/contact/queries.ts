/** The contact page's one call: the message is stored for the admin dashboard. */
import { contactAnswerSchema, type ContactMessageInput } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

export async function sendContactMessage(input: ContactMessageInput): Promise<void> {
  await apiRequest('POST', '/api/contact', contactAnswerSchema, input);
}
