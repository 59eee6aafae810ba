import type { z } from '../../shared/zod';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The first message for each field of a failed zod parse, to show under that field. */
export function fieldErrors<T>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
