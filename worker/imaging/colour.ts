/**
 * Colour management: pictures tagged with an RGB matrix/TRC ICC profile (Display P3 from phones,
 * Adobe RGB and ProPhoto from cameras and editors) are converted to sRGB in place right after
 * decoding, as libvips does, so every output is sRGB and colours do not wash out. An sRGB profile,
 * an unreadable one or a LUT-based one (rare for photos) leaves the pixels as they are.
 *
 * The conversion is the matrix-shaper path of LittleCMS: each channel through the profile's tone
 * curve to linear light, the profile's colorants to PCS XYZ (D50), the inverse of sRGB's D50
 * colorants, sRGB's curve; relative colorimetric, out-of-gamut values clipped. Tables make it a
 * few operations a pixel (docs/decisions/0008-colour-management.md).
 */

/** Profiles larger than this are not read (real ones are a few kilobytes; ProPhoto about 1 KB). */
export const MAX_ICC_BYTES = 1 << 20;

type Curve = (x: number) => number;
export type MatrixProfile = { matrix: number[]; curves: [Curve, Curve, Curve] };

const tag = (b: Uint8Array, at: number) =>
  String.fromCharCode(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0);

/** An RGB → XYZ matrix/TRC profile, or null when the profile is not one we can apply. */
export function parseIcc(b: Uint8Array): MatrixProfile | null {
  if (b.length < 132 || b.length > MAX_ICC_BYTES || tag(b, 36) !== 'acsp') return null;
  if (tag(b, 16) !== 'RGB ' || tag(b, 20) !== 'XYZ ') return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const count = view.getUint32(128);
  if (count > 100 || 132 + count * 12 > b.length) return null;
  const tags = new Map<string, { offset: number; size: number }>();
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const offset = view.getUint32(at + 4);
    const size = view.getUint32(at + 8);
    if (offset + size <= b.length && size >= 8) tags.set(tag(b, at), { offset, size });
  }
  const s15 = (at: number) => view.getInt32(at) / 65536;
  const xyz = (name: string): number[] | null => {
    const t = tags.get(name);
    if (!t || t.size < 20 || tag(b, t.offset) !== 'XYZ ') return null;
    return [s15(t.offset + 8), s15(t.offset + 12), s15(t.offset + 16)];
  };
  const curve = (name: string): Curve | null => {
    const t = tags.get(name);
    if (!t || t.size < 12) return null;
    const type = tag(b, t.offset);
    if (type === 'curv') {
      const n = view.getUint32(t.offset + 8);
      if (t.size < 12 + 2 * n) return null;
      if (n === 0) return (x) => x;
      if (n === 1) {
        const gamma = view.getUint16(t.offset + 12) / 256;
        return (x) => x ** gamma;
      }
      const table = Array.from({ length: n }, (_, i) => view.getUint16(t.offset + 12 + 2 * i) / 65535);
      return (x) => {
        const at = Math.min(n - 1, Math.max(0, x * (n - 1)));
        const i = Math.floor(at);
        const f = at - i;
        return (table[i] as number) * (1 - f) + (table[Math.min(n - 1, i + 1)] as number) * f;
      };
    }
    if (type === 'para') {
      const fn = view.getUint16(t.offset + 8);
      const arity = [1, 3, 4, 5, 7][fn];
      if (arity === undefined || t.size < 12 + 4 * arity) return null;
      const [g = 1, a = 1, bb = 0, c = 0, d = 0, e = 0, f = 0] = Array.from({ length: arity }, (_, i) =>
        s15(t.offset + 12 + 4 * i),
      );
      const power = (x: number) => (a * x + bb > 0 ? (a * x + bb) ** g : 0);
      if (fn === 0) return (x) => x ** g;
      if (fn === 1) return (x) => (x >= -bb / a ? power(x) : 0);
      if (fn === 2) return (x) => (x >= -bb / a ? power(x) + c : c);
      if (fn === 3) return (x) => (x >= d ? power(x) : c * x);
      return (x) => (x >= d ? power(x) + e : c * x + f);
    }
    return null;
  };
  const [r, g, bl] = [xyz('rXYZ'), xyz('gXYZ'), xyz('bXYZ')];
  const curves = [curve('rTRC'), curve('gTRC'), curve('bTRC')];
  if (!r || !g || !bl || !curves[0] || !curves[1] || !curves[2]) return null;
  // Columns are the colorants: linear RGB → XYZ (D50).
  const matrix = [r[0], g[0], bl[0], r[1], g[1], bl[1], r[2], g[2], bl[2]] as number[];
  return { matrix, curves: curves as [Curve, Curve, Curve] };
}

/** sRGB's colorants adapted to D50 (as in LittleCMS's and libvips' sRGB profiles). */
const SRGB_D50 = [0.4360747, 0.3850649, 0.1430804, 0.2225045, 0.7168786, 0.0606169, 0.0139322, 0.0971045, 0.7141733];

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
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
  const linear = profile.curves.map((curve) => Float32Array.from({ length: 256 }, (_, i) => curve(i / 255)));
  const identity = matrix.every((v, i) => Math.abs(v - (i % 4 === 0 ? 1 : 0)) < 2e-3);
  const srgbCurves = linear.every((table) => table.every((v, i) => Math.abs(srgbEncode(v) * 255 - i) < 0.5));
  if (identity && srgbCurves) return null;
  const encode = Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) =>
    Math.round(srgbEncode(i / ENCODE_STEPS) * 255),
  );
  return { linear, matrix: Float32Array.from(matrix), encode };
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
