/**
 * An upload's body read once, into one buffer of its declared length (the room made for it:
 * engine/memory.ts), with the file's part found in it and handed on as a view of that
 * buffer, never copied. The runtime's `request.formData()` holds the body, then a File of the part,
 * then `arrayBuffer()`'s copy of it: three times a 50 MB file, in an isolate of 128 MB
 * (docs/decisions/0019-isolate-memory-budget.md).
 *
 * The body is multipart/form-data (RFC 7578) as browsers write it (the WHATWG HTML standard's
 * "multipart/form-data encoding algorithm"): parts between `--boundary` lines, each with its
 * headers; a file's name in the Content-Disposition's quoted `filename`, in UTF-8, with `"`, CR and
 * LF written as %22, %0D and %0A (read back here, where the runtime's own parser leaves them) and,
 * from some writers, a backslash before a character. A test holds the names read here to the
 * runtime's parser's.
 */

import { MAX_UPLOAD_BYTES } from '../../../shared/schemas';
import { freeNow, shrinkNow } from '@social-resizer/engine';

/** Room for the multipart boundaries and headers around a 50 MB file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** The largest body an upload may have: the file and its multipart headers (middleware/body-limits.ts). */
export const MAX_UPLOAD_BODY = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;

export type UploadedFile = { name: string; bytes: Uint8Array };
/** Why a body holds no file to take. */
export type NoFile = 'unreadable' | 'missing' | 'not-a-file';

const CRLF = [13, 10];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The boundary a multipart Content-Type names, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * Reads `body` into a buffer of `capacity` bytes (its declared length; more is unreadable) and
 * answers its bytes. A body shorter than its room (one sent without a length is given the cap's)
 * is answered in a buffer of its own size, the rest given back: the views kept after an upload
 * hold, and the ledger counts, only its bytes.
 */
export async function readBody(body: ReadableStream<Uint8Array>, capacity: number): Promise<Uint8Array | null> {
  const buffer = new Uint8Array(capacity);
  let length = 0;
  const reader = body.getReader();
  // Each piece read is copied in and freed (engine/memory.ts freeNow), and so is the buffer of a
  // body that cannot be read: a 50 MB upload leaves no garbage for V8 to find later.
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.byteLength > capacity) {
        freeNow(buffer);
        return null;
      }
      buffer.set(value, length);
      length += value.byteLength;
      freeNow(value);
    }
  } catch {
    freeNow(buffer);
    return null;
  } finally {
    reader.releaseLock();
  }
  return shrinkNow(buffer, length);
}

/** The first index of `needle` in `hay` at or after `from`, or -1. */
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let i = hay.indexOf(first, from); i !== -1 && i + needle.length <= hay.length; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** A Content-Disposition parameter's value (quoted as browsers quote it, or a token). */
function parameter(disposition: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]*))`, 'i').exec(disposition);
  if (!match) return null;
  if (match[1] === undefined) return match[2] ?? '';
  // A quoted string's escaped characters (as the runtime's parser reads them), then the HTML
  // standard's escapes of '"', CR and LF.
  return match[1].replace(/\\(.)/g, '$1').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** The part named `field` of a multipart body: its file's name and bytes (a view of `body`), or why there is none. */
export function filePart(body: Uint8Array, boundary: string, field: string): UploadedFile | NoFile {
  const delimiter = encoder.encode(`--${boundary}`);
  const next = encoder.encode(`\r\n--${boundary}`);
  let at = indexOf(body, delimiter, 0);
  if (at === -1) return 'unreadable';
  for (;;) {
    const lineEnd = at + delimiter.length;
    // `--boundary--` closes the body.
    if (body[lineEnd] === 45 && body[lineEnd + 1] === 45) return 'missing';
    if (body[lineEnd] !== CRLF[0] || body[lineEnd + 1] !== CRLF[1]) return 'unreadable';
    const headersEnd = indexOf(body, encoder.encode('\r\n\r\n'), lineEnd);
    if (headersEnd === -1) return 'unreadable';
    const headers = decoder.decode(body.subarray(lineEnd + 2, headersEnd));
    const contentStart = headersEnd + 4;
    const end = indexOf(body, next, contentStart);
    if (end === -1) return 'unreadable';
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    if (parameter(disposition, 'name') === field) {
      const name = parameter(disposition, 'filename');
      if (name === null) return 'not-a-file';
      return { name, bytes: body.subarray(contentStart, end) };
    }
    at = end + 2;
  }
}
