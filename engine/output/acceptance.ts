/**
 * Checks a made file against its format's rules, reading the file's own bytes rather than what the
 * encoder was asked (docs/product.md, "A file each platform accepts"): exact pixel size, a type the
 * platform takes, no transparency where it is refused, under the byte cap, sRGB (no other colour
 * profile), and nothing personal carried along (no EXIF, GPS, XMP or text).
 */
import { formatSize, OUTPUT_LABELS, type FileCheck, type FormatRules } from '../plan/output';
import { sniffType } from '../input/sniff';

/** What the container itself says. */
interface Read {
  width: number;
  height: number;
  alpha: boolean;
  /** An embedded colour profile that is not sRGB (its description, or 'unnamed'). */
  otherProfile: string | null;
  /** Metadata that could carry where or how a photo was taken ('EXIF', 'XMP', 'text', 'comment'). */
  metadata: string[];
}

export function checkFile(bytes: Uint8Array, rules: FormatRules): FileCheck {
  const type = sniffType(bytes);
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp')
    return {
      ready: false,
      width: 0,
      height: 0,
      type: 'png',
      bytes: bytes.length,
      maxBytes: rules.maxBytes,
      alpha: false,
      problems: ['The file is not a JPEG, PNG or WebP.'],
    };
  const read = type === 'jpeg' ? readJpeg(bytes) : type === 'png' ? readPng(bytes) : readWebp(bytes);
  const problems: string[] = [];
  if (read.width !== rules.width || read.height !== rules.height)
    problems.push(`It is ${read.width}×${read.height}, not ${rules.width}×${rules.height}.`);
  if (!rules.types.includes(type)) problems.push(`The platform does not take ${OUTPUT_LABELS[type]}.`);
  if (rules.opaque && read.alpha) problems.push('It has transparency, which the platform refuses.');
  if (rules.maxBytes !== null && bytes.length > rules.maxBytes)
    // To the byte: a file just over its cap would read as equal to it, rounded.
    problems.push(
      `${bytes.length.toLocaleString('en-US')} bytes is over the ${formatSize(rules.maxBytes, rules.maxBytes)} limit.`,
    );
  if (read.otherProfile) problems.push(`Its colours are in ${read.otherProfile}, not sRGB.`);
  if (read.metadata.length > 0) problems.push(`It carries ${read.metadata.join(', ')} metadata.`);
  return {
    ready: problems.length === 0,
    width: read.width,
    height: read.height,
    type,
    bytes: bytes.length,
    maxBytes: rules.maxBytes,
    alpha: read.alpha,
    problems,
  };
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(bytes.length, start + length)));
const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) * 65536 + u16(b, i + 2)) >>> 0;
const u24le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16);
const u32le = (b: Uint8Array, i: number) => (u24le(b, i) + (b[i + 3] ?? 0) * 16777216) >>> 0;

/** An ICC profile's description (its 'desc' tag, v2 text or v4 multi-localised), or 'unnamed'. */
export function profileName(icc: Uint8Array): string {
  const count = u32(icc, 128);
  for (let t = 0; t < Math.min(count, 100); t++) {
    const at = 132 + t * 12;
    if (ascii(icc, at, 4) !== 'desc') continue;
    const offset = u32(icc, at + 4);
    const kind = ascii(icc, offset, 4);
    if (kind === 'desc') return ascii(icc, offset + 12, Math.max(0, u32(icc, offset + 8) - 1)).trim() || 'unnamed';
    if (kind === 'mluc') {
      const length = u32(icc, offset + 20);
      const start = offset + u32(icc, offset + 24);
      let name = '';
      for (let i = 0; i + 1 < length; i += 2) name += String.fromCharCode(u16(icc, start + i));
      return name.trim() || 'unnamed';
    }
  }
  return 'unnamed';
}

const isSrgb = (name: string) => /srgb/i.test(name);

function readJpeg(bytes: Uint8Array): Read {
  const read: Read = { width: 0, height: 0, alpha: false, otherProfile: null, metadata: [] };
  const icc: Uint8Array[] = [];
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) break;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = u16(bytes, i + 2);
    const body = i + 4;
    if (marker === 0xe1) {
      const id = ascii(bytes, body, 29);
      read.metadata.push(id.startsWith('Exif') ? 'EXIF' : id.startsWith('http://ns.adobe.com/xap') ? 'XMP' : 'APP1');
    } else if (marker === 0xe2 && ascii(bytes, body, 11) === 'ICC_PROFILE') {
      icc.push(bytes.subarray(body + 14, i + 2 + length));
    } else if (marker === 0xed) read.metadata.push('IPTC');
    else if (marker === 0xfe) read.metadata.push('comment');
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      read.height = u16(bytes, body + 1);
      read.width = u16(bytes, body + 3);
    }
    if (marker === 0xda) break;
    i += 2 + length;
  }
  if (icc.length > 0) {
    const whole = new Uint8Array(icc.reduce((n, part) => n + part.length, 0));
    icc.reduce((at, part) => (whole.set(part, at), at + part.length), 0);
    const name = profileName(whole);
    if (!isSrgb(name)) read.otherProfile = name;
  }
  return read;
}

function readPng(bytes: Uint8Array): Read {
  const read: Read = { width: u32(bytes, 16), height: u32(bytes, 20), alpha: false, otherProfile: null, metadata: [] };
  const colourType = bytes[25] ?? 0;
  read.alpha = colourType === 4 || colourType === 6;
  let i = 8;
  while (i + 8 <= bytes.length) {
    const length = u32(bytes, i);
    const kind = ascii(bytes, i + 4, 4);
    if (kind === 'tRNS') read.alpha = true;
    else if (kind === 'eXIf') read.metadata.push('EXIF');
    else if (kind === 'tEXt' || kind === 'zTXt' || kind === 'iTXt') {
      const keyword = ascii(bytes, i + 8, 79).split('\0')[0] ?? '';
      read.metadata.push(keyword === 'XML:com.adobe.xmp' ? 'XMP' : 'text');
    } else if (kind === 'iCCP') {
      const name = ascii(bytes, i + 8, 79).split('\0')[0] ?? 'unnamed';
      if (!isSrgb(name)) read.otherProfile = name || 'unnamed';
    } else if (kind === 'IEND') break;
    i += 12 + length;
  }
  return read;
}

function readWebp(bytes: Uint8Array): Read {
  const read: Read = { width: 0, height: 0, alpha: false, otherProfile: null, metadata: [] };
  let i = 12;
  while (i + 8 <= bytes.length) {
    const kind = ascii(bytes, i, 4);
    const length = u32le(bytes, i + 4);
    const body = i + 8;
    if (kind === 'VP8X') {
      read.width = u24le(bytes, body + 4) + 1;
      read.height = u24le(bytes, body + 7) + 1;
    } else if (kind === 'VP8 ' && read.width === 0) {
      read.width = u16le(bytes, body + 6) & 0x3fff;
      read.height = u16le(bytes, body + 8) & 0x3fff;
    } else if (kind === 'VP8L') {
      const bits = u32le(bytes, body + 1);
      if (read.width === 0) {
        read.width = (bits & 0x3fff) + 1;
        read.height = ((bits >>> 14) & 0x3fff) + 1;
      }
      if ((bits >>> 28) & 1) read.alpha = true;
    } else if (kind === 'ALPH') read.alpha = true;
    else if (kind === 'EXIF') read.metadata.push('EXIF');
    else if (kind === 'XMP ') read.metadata.push('XMP');
    else if (kind === 'ICCP') {
      const name = profileName(bytes.subarray(body, body + length));
      if (!isSrgb(name)) read.otherProfile = name;
    }
    i = body + length + (length & 1);
  }
  return read;
}

const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
