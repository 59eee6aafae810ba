import { z } from 'zod';

/**
 * One render of one target format of one request; the conversion row holds everything else. The
 * render id is the row's when the message was sent: a message whose row was asked again since is
 * dropped. Messages queued before render ids existed carry none.
 */
export const conversionMessageSchema = z.object({
  conversionId: z.uuid(),
  renderId: z.string().min(1).max(64).optional(),
});

export type ConversionMessage = z.infer<typeof conversionMessageSchema>;
