import { z } from 'zod';

/** One target format of one request to render; the conversion row holds everything else. */
export const conversionMessageSchema = z.object({
  conversionId: z.uuid(),
});

export type ConversionMessage = z.infer<typeof conversionMessageSchema>;
