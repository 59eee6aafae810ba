/**
 * Password hashing: PBKDF2-HMAC-SHA256 through WebCrypto, 100,000 iterations, 16-byte random salt,
 * 32-byte hash, stored as `pbkdf2-sha256$100000$<salt b64>$<hash b64>` so the cost can be raised
 * later (a login with an older cost re-hashes the password; see `needsRehash`).
 *
 * Why PBKDF2 and not argon2id (written down in the README too):
 * - A Worker isolate has 128 MB. The image engine plans for 98 MB at its peak (engine/input/limits.ts).
 *   argon2id at OWASP's settings needs 19 MiB (or 7 MiB × 5 passes) of WASM memory, and a WASM
 *   memory never shrinks: it would stay in the isolate beside the engine and push renders over.
 * - 100,000 is not a choice but the ceiling: production Workers refuse PBKDF2 above 100,000
 *   iterations while local workerd has no cap, so a higher count would pass every local test and
 *   throw on the first real registration. `PBKDF2_MAX_ITERATIONS` guards it; a test pins it.
 */
import { fromBase64, toBase64 } from '../../lib/base64';

export const PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_MAX_ITERATIONS = 100_000;
const ALGORITHM = 'pbkdf2-sha256';
const SALT_BYTES = 16;
const HASH_BYTES = 32;

if (PBKDF2_ITERATIONS > PBKDF2_MAX_ITERATIONS)
  throw new Error('PBKDF2 iterations exceed what production Workers allow');

const encoder = new TextEncoder();

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFKC')), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** Compares in time that depends only on the length, never on where the first difference is. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `${ALGORITHM}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

type Parsed = { iterations: number; salt: Uint8Array<ArrayBuffer>; hash: Uint8Array };

function parse(stored: string): Parsed | null {
  const [algorithm, cost, saltText, hashText] = stored.split('$');
  const iterations = Number(cost);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS)
    return null;
  const salt = fromBase64(saltText ?? '');
  const hash = fromBase64(hashText ?? '');
  if (!salt || !hash || salt.length === 0 || hash.length === 0) return null;
  return { iterations, salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await pbkdf2(password, parsed.salt, parsed.iterations);
  return constantTimeEqual(candidate, parsed.hash);
}

/** True when the stored hash was made with other parameters than today's. */
export function needsRehash(stored: string): boolean {
  return parse(stored)?.iterations !== PBKDF2_ITERATIONS;
}

/** Made on first use: Workers allow random values only while handling a request. */
let decoy: Promise<string> | undefined;

/** Spends the same time as a real check, for unknown usernames, so timing does not tell them apart. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await decoy);
  return false;
}
