/**
 * What a name that leaves the server as a file must be (docs/security.md, "Names that leave the
 * server"), checked on its own terms, for the unit table and the worker's ZIPs and downloads.
 */
import { expect } from 'vitest';

const DEVICES = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** One file or folder name: one path segment, visible, NFC, not hidden, no device, well under 255 bytes. */
export function expectSafeName(name: string): void {
  expect(name.length, name).toBeGreaterThan(0);
  expect(name, 'one path segment').not.toMatch(/[\\/]/);
  expect(name, 'not hidden, no dot segment').not.toMatch(/^\./);
  expect(name, 'no trailing dot or space').not.toMatch(/[\s.]$/u);
  expect(name, 'nothing Windows refuses').not.toMatch(/[<>:"|?*]/);
  expect(name, 'nothing invisible').not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u);
  expect(name, 'NFC').toBe(name.normalize('NFC'));
  expect(DEVICES.test(name.split('.')[0]!.trimEnd()), `${name} is a Windows device`).toBe(false);
  expect(new TextEncoder().encode(name).length, name).toBeLessThan(200);
}

/** A Content-Disposition header as a browser reads it (RFC 6266): the UTF-8 name and the ASCII one. */
export function parseDisposition(header: string | null): { ascii: string; utf8: string } {
  expect(header ?? '', 'printable ASCII only: no CR, LF or other byte a header cannot hold').toMatch(/^[\x20-\x7e]+$/);
  const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a download's disposition: ${header}`);
  return { ascii: match[1]!, utf8: decodeURIComponent(match[2]!) };
}
