/**
 * Colour management: pictures tagged with an RGB matrix/TRC ICC profile (Display P3 from phones,
 * Adobe RGB and ProPhoto from cameras and editors) are converted to sRGB in place right after
 * decoding, as libvips does, so every output is sRGB and colours do not wash out. An sRGB profile
 * leaves the pixels as they are; so does any other (a LUT-based or grey one, rare for photos, or a
 * damaged one that fails parseIcc's checks), and the picture is treated as sRGB.
 *
 * The conversion is the matrix-shaper path of LittleCMS: each channel through the profile's tone
 * curve to linear light, the profile's colorants to PCS XYZ (D50), the inverse of sRGB's D50
 * colorants, sRGB's curve; relative colorimetric, out-of-gamut values clipped. Tables make it a
 * few operations a pixel (docs/decisions/0008-colour-management.md).
 */
import { log } from '../log';
import { concatBytes } from '../bytes';
import type { Picture } from './raster';

/** A profile as a file embeds it (PNG's iCCP: still zlib-compressed). */
export type EmbeddedProfile = { bytes: Uint8Array; compressed: boolean };

/** Profiles larger than this are not read (real ones are a few kilobytes; ProPhoto about 1 KB). */
export const MAX_ICC_BYTES = 1 << 20;

type Curve = (x: number) => number;
/** Each channel's tone curve at the 256 8-bit inputs: linear light, 0 to 1. */
type Linear = [Float32Array, Float32Array, Float32Array];
/** The colorant matrix (linear RGB → XYZ D50, row-major) and the tone curves. */
export type MatrixProfile = { matrix: number[]; linear: Linear };
/** A profile to apply, or why it is ignored (the picture is then treated as sRGB). */
export type IccReading = { profile: MatrixProfile; reason?: undefined } | { profile: null; reason: string };

/** What a profile must meet to be applied (docs/decisions/0008-colour-management.md, "Validation"). */
const LIMITS = {
  /** Tags in the table, as LittleCMS allows. */
  tags: 100,
  /** The gamma of a one-entry `curv` and of a `para` curve. */
  gamma: { min: 0.1, max: 10 },
  /** A curve stays within [0, 1] and never falls below an earlier value by more than this. */
  slack: 0.01,
  /** A curve rises at least this much from black to white (a table of zeros does not). */
  rise: 0.5,
  /** The white the colorants add up to: Y within this of 1, chromaticity within this of D50's. */
  whiteY: 0.2,
  whiteXy: 0.05,
  /** |det| over the product of the column lengths: 0 singular, 1 orthogonal; real profiles 0.42 to 0.87. */
  conditioning: 0.05,
};
const D50_XY = [0.3457, 0.3585] as const;
/** The device classes of a picture's RGB profile: display, input device, colour space. */
const CLASSES = new Set(['mntr', 'scnr', 'spac']);
const COLORANTS = ['rXYZ', 'gXYZ', 'bXYZ'] as const;
const CURVES = ['rTRC', 'gTRC', 'bTRC'] as const;

const tag = (b: Uint8Array, at: number) =>
  String.fromCharCode(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0);
/** A signature as a log line may show it (the file chooses these bytes). */
const printable = (sig: string) => sig.replace(/[^ -~]/g, '?').trim();
/** A number as a log line shows it: s15Fixed16 and float noise rounded away. */
const shown = (v: number) => String(Number(v.toFixed(4)));

class Ignored extends Error {}
const ignore = (reason: string): never => {
  throw new Ignored(reason);
};

/**
 * Reads an RGB → XYZ matrix/TRC profile, checked as LittleCMS checks one before building a
 * transform and for what a picture needs besides: a singular matrix, a zero gamma or a curve that
 * gives NaN would turn the picture black or garbled, so such a profile is ignored, with the reason.
 */
export function parseIcc(b: Uint8Array): IccReading {
  try {
    return { profile: readProfile(b) };
  } catch (error) {
    if (error instanceof Ignored) return { profile: null, reason: error.message };
    throw error;
  }
}

function readProfile(b: Uint8Array): MatrixProfile {
  if (b.length < 132 || b.length > MAX_ICC_BYTES) ignore(`a profile of ${b.length} bytes`);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The size field may fall short of the bytes (padding after the profile), never beyond them.
  const size = view.getUint32(0);
  if (size < 132 || size > b.length) ignore(`its size field says ${size} bytes, it has ${b.length}`);
  if (tag(b, 36) !== 'acsp') ignore('no acsp signature');
  if (tag(b, 16) !== 'RGB ' || tag(b, 20) !== 'XYZ ')
    ignore(`colour space ${printable(tag(b, 16))} to ${printable(tag(b, 20))}, not RGB to XYZ`);
  if (!CLASSES.has(tag(b, 12))) ignore(`profile class ${printable(tag(b, 12))}`);
  const count = view.getUint32(128);
  const tableEnd = 132 + count * 12;
  if (count > LIMITS.tags || tableEnd > size) ignore(`a tag table of ${count} entries`);
  const tags = new Map<string, { offset: number; size: number }>();
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const offset = view.getUint32(at + 4);
    const length = view.getUint32(at + 8);
    if (offset < tableEnd || offset + length > size) ignore(`tag ${printable(tag(b, at))} lies outside the profile`);
    tags.set(tag(b, at), { offset, size: length });
  }
  const used = [...COLORANTS, ...CURVES].map((name) => {
    const t = tags.get(name) ?? ignore(`no ${name} tag (not a matrix/TRC profile)`);
    return { name, type: tag(b, t.offset), ...t };
  });
  // Tags may share their data whole (one curve for three channels), never in part.
  for (const x of used)
    for (const y of used)
      if ((x.offset !== y.offset || x.size !== y.size) && x.offset < y.offset + y.size && y.offset < x.offset + x.size)
        ignore(`tags ${x.name} and ${y.name} overlap`);

  const s15 = (at: number) => view.getInt32(at) / 65536;
  const [r = [], g = [], bl = []] = used.slice(0, 3).map(({ name, type, offset, size }) => {
    if (type !== 'XYZ ' || size < 20) ignore(`${name} is not an XYZ tag of 20 bytes`);
    return [s15(offset + 8), s15(offset + 12), s15(offset + 16)];
  });
  // Columns are the colorants: linear RGB → XYZ (D50).
  const matrix = [0, 1, 2].flatMap((row) => [r[row] ?? 0, g[row] ?? 0, bl[row] ?? 0]);
  checkColorants(matrix);
  const linear = used
    .slice(3)
    .map(({ name, type, offset, size }) => sampleCurve(name, readCurve(view, name, type, offset, size)));
  return { matrix, linear: linear as Linear };
}

/** The colorants map RGB white to about D50 and form a well-conditioned matrix (LittleCMS inverts it). */
function checkColorants(m: number[]): void {
  const [xr = 0, xg = 0, xb = 0, yr = 0, yg = 0, yb = 0, zr = 0, zg = 0, zb = 0] = m;
  if (Math.min(yr, yg, yb) < -0.001) ignore('a colorant with negative luminance');
  const white = [xr + xg + xb, yr + yg + yb, zr + zg + zb] as const;
  const sum = white[0] + white[1] + white[2];
  const near = (v: number, to: number, within: number) => Math.abs(v - to) <= within; // false for NaN
  if (
    !near(white[1], 1, LIMITS.whiteY) ||
    !near(white[0] / sum, D50_XY[0], LIMITS.whiteXy) ||
    !near(white[1] / sum, D50_XY[1], LIMITS.whiteXy)
  )
    ignore(`its colorants add up to white (${white.map(shown).join(', ')}), not D50`);
  const lengths = Math.hypot(xr, yr, zr) * Math.hypot(xg, yg, zg) * Math.hypot(xb, yb, zb);
  if (!(Math.abs(det3(m)) / lengths >= LIMITS.conditioning)) ignore('its colorant matrix is singular or nearly so');
}

/** A `curv` (identity, gamma or table) or `para` (ICC functions 0 to 4) tone curve. */
function readCurve(view: DataView, name: string, type: string, offset: number, size: number): Curve {
  const truncated = () => ignore(`${name} is truncated`);
  const gamma = (g: number) => {
    if (!(g >= LIMITS.gamma.min && g <= LIMITS.gamma.max)) ignore(`${name} has gamma ${shown(g)}`);
    return g;
  };
  if (type === 'curv') {
    if (size < 12) truncated();
    const n = view.getUint32(offset + 8);
    if (size < 12 + 2 * n) truncated();
    if (n === 0) return (x) => x;
    if (n === 1) {
      const g = gamma(view.getUint16(offset + 12) / 256);
      return (x) => x ** g;
    }
    const table = Array.from({ length: n }, (_, i) => view.getUint16(offset + 12 + 2 * i) / 65535);
    return (x) => {
      const at = Math.min(n - 1, Math.max(0, x * (n - 1)));
      const i = Math.floor(at);
      const f = at - i;
      return (table[i] as number) * (1 - f) + (table[Math.min(n - 1, i + 1)] as number) * f;
    };
  }
  if (type === 'para') {
    if (size < 12) truncated();
    const fn = view.getUint16(offset + 8);
    const arity = [1, 3, 4, 5, 7][fn] ?? ignore(`${name} is a para curve of unknown function ${fn}`);
    if (size < 12 + 4 * arity) truncated();
    const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = Array.from(
      { length: arity },
      (_, i) => view.getInt32(offset + 12 + 4 * i) / 65536,
    );
    gamma(g);
    const power = (x: number) => (a * x + b > 0 ? (a * x + b) ** g : 0);
    if (fn === 0) return (x) => x ** g;
    if (fn === 1) return (x) => (x >= -b / a ? power(x) : 0);
    if (fn === 2) return (x) => (x >= -b / a ? power(x) + c : c);
    if (fn === 3) return (x) => (x >= d ? power(x) : c * x);
    return (x) => (x >= d ? power(x) + e : c * x + f);
  }
  return ignore(`${name} is neither a curv nor a para curve`);
}

/** The curve at every 8-bit input: finite, within [0, 1], rising from black to white, never falling back. */
function sampleCurve(name: string, curve: Curve): Float32Array {
  const samples = Float32Array.from({ length: 256 }, (_, i) => curve(i / 255));
  let peak = -Infinity;
  for (const v of samples) {
    // Written so that NaN fails every comparison.
    if (!(v >= -LIMITS.slack && v <= 1 + LIMITS.slack && v >= peak - LIMITS.slack))
      ignore(`${name} gives ${shown(v)} (outside [0, 1], or falling)`);
    peak = Math.max(peak, v);
  }
  if (!((samples[255] as number) - (samples[0] as number) >= LIMITS.rise))
    ignore(`${name} rises only from ${shown(samples[0] as number)} to ${shown(samples[255] as number)}`);
  return samples;
}

/** sRGB's colorants adapted to D50 (as in LittleCMS's and libvips' sRGB profiles). */
const SRGB_D50 = [0.4360747, 0.3850649, 0.1430804, 0.2225045, 0.7168786, 0.0606169, 0.0139322, 0.0971045, 0.7141733];

type Mat3 = [number, number, number, number, number, number, number, number, number];

/** The determinant of a row-major 3×3 matrix. */
function det3(m: number[]): number {
  const [a, b, c, d, e, f, g, h, i] = m as Mat3;
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as Mat3;
  const det = det3(m);
  return [
    (e * i - f * h) / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    -(d * i - f * g) / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    (d * h - e * g) / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

function multiply3(m: number[], n: number[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out.push(
        (m[r * 3] as number) * (n[c] as number) +
          (m[r * 3 + 1] as number) * (n[3 + c] as number) +
          (m[r * 3 + 2] as number) * (n[6 + c] as number),
      );
  return out;
}

const srgbEncode = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const ENCODE_STEPS = 4096;

/** The tables of a conversion, or null when the profile is sRGB already (nothing to do). */
export function srgbTransform(
  profile: MatrixProfile,
): { linear: Float32Array[]; matrix: Float32Array; encode: Uint8Array } | null {
  const matrix = multiply3(invert3(SRGB_D50), profile.matrix);
  const identity = matrix.every((v, i) => Math.abs(v - (i % 4 === 0 ? 1 : 0)) < 2e-3);
  const srgbCurves = profile.linear.every((table) => table.every((v, i) => Math.abs(srgbEncode(v) * 255 - i) < 0.5));
  if (identity && srgbCurves) return null;
  const encode = Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) =>
    Math.round(srgbEncode(i / ENCODE_STEPS) * 255),
  );
  return { linear: profile.linear, matrix: Float32Array.from(matrix), encode };
}

/** Converts the picture's RGB (3 or 4 channels, alpha untouched) to sRGB in place. */
export function applySrgb(data: Uint8Array | Uint8ClampedArray, channels: 3 | 4, profile: MatrixProfile): boolean {
  const t = srgbTransform(profile);
  if (!t) return false;
  const [lr, lg, lb] = t.linear as [Float32Array, Float32Array, Float32Array];
  const m = t.matrix;
  const [m0 = 1, m1 = 0, m2 = 0, m3 = 0, m4 = 1, m5 = 0, m6 = 0, m7 = 0, m8 = 1] = Array.from(m);
  const enc = t.encode;
  const toIndex = (v: number) => (v <= 0 ? 0 : v >= 1 ? ENCODE_STEPS : Math.round(v * ENCODE_STEPS));
  for (let i = 0; i < data.length; i += channels) {
    const r = lr[data[i] as number] as number;
    const g = lg[data[i + 1] as number] as number;
    const b = lb[data[i + 2] as number] as number;
    data[i] = enc[toIndex(m0 * r + m1 * g + m2 * b)] as number;
    data[i + 1] = enc[toIndex(m3 * r + m4 * g + m5 * b)] as number;
    data[i + 2] = enc[toIndex(m6 * r + m7 * g + m8 * b)] as number;
  }
  return true;
}

/**
 * Converts a decoded picture to sRGB in place when its file embeds a profile to apply. Every
 * codec's profile passes here, so one check covers JPEG, PNG and WebP alike; a damaged profile is
 * ignored with a log line saying why, and the picture is treated as sRGB.
 */
export async function convertToSrgb(picture: Picture, embedded: EmbeddedProfile, type: string): Promise<void> {
  const icc = embedded.compressed ? await inflateProfile(embedded.bytes) : embedded.bytes;
  const { profile, reason } = icc
    ? parseIcc(icc)
    : { profile: null, reason: 'the compressed profile does not inflate' };
  if (profile) applySrgb(picture.data, picture.channels, profile);
  else log('warn', 'colour profile ignored', { type, reason });
}

/** A zlib-compressed profile (PNG's iCCP), inflated up to MAX_ICC_BYTES; null when it is damaged or larger. */
async function inflateProfile(compressed: Uint8Array): Promise<Uint8Array | null> {
  try {
    const reader = new Blob([compressed as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'))
      .getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_ICC_BYTES) {
        await reader.cancel();
        return null;
      }
      parts.push(value);
    }
    return concatBytes(parts);
  } catch {
    return null; // a damaged profile is ignored, as libvips does: the pixels are still good
  }
}
