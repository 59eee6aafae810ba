import { z } from 'zod';
import { ApiError } from '../lib/errors';
import { REQUEST_NOT_FOUND } from '../services/uploads/image-requests';

const idParam = z.object({ id: z.uuid(REQUEST_NOT_FOUND) });
const formatParam = z.object({
  id: z.uuid(REQUEST_NOT_FOUND),
  formatId: z.coerce.number().int().positive('Format not found'),
});

/** 404 rather than 400 for ids that cannot exist: to the caller they are simply not found. */
function notFoundOnBadId<T extends z.ZodType>(schema: T) {
  return (value: unknown): z.infer<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ApiError(404, parsed.error.issues[0]?.message ?? REQUEST_NOT_FOUND);
    return parsed.data;
  };
}

/** `{ id }` of an image request in the path. */
export const parseId = notFoundOnBadId(idParam);
/** `{ id, formatId }` of one format of an image request in the path. */
export const parseFormatParam = notFoundOnBadId(formatParam);
