/**
 * Request and response shapes shared by the worker (which decides) and the app (which helps).
 * Messages are the spec's own words where it gives them.
 */
import { z } from 'zod';

/** Every API failure. */
export type ApiErrorBody = { message: string };

/** The user as the API answers it: never anything about the password. */
export type PublicUser = {
  id: string;
  username: string;
  email: string;
  name: string | null;
  hasUnlimitedAccess: boolean;
  createdAt: string;
};

export const CONTACT_SUBJECTS = ['general', 'support', 'billing', 'feedback', 'partnership', 'other'] as const;

export const contactMessageSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.').max(100, 'Name must be at most 100 characters.'),
  email: z.email('Please enter a valid email address.').max(254, 'Please enter a valid email address.'),
  subject: z.enum(CONTACT_SUBJECTS, 'Please select a subject.'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters.').max(5000, 'Message must be at most 5000 characters.'),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
