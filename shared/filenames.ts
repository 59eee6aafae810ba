/**
 * Names that leave the server as files: download names, ZIP folders and entries, and the header
 * that carries them (docs/security.md, "Names that leave the server"). The user's file name is
 * kept as they typed it everywhere it is shown; only here is it made safe to write to a disk.
 */

/**
 * The stem's budget in UTF-16 units, as Windows counts: a batch ZIP path holds it twice (folder and
 * file) plus our longest suffix (61, '-google-play-store-tablet-screenshot-landscape-2560x1440.webp'),
 * 222 in all, under Windows' 260 with room for the folder it is unpacked into.
 */
export const MAX_STEM_CHARS = 80;
/** Disks count a name's UTF-8 bytes (255 at most): 120 plus the suffix is 181 at most. */
export const MAX_STEM_BYTES = 120;

// Controls (C0, DEL, C1), format characters (bidirectional controls, zero-width, soft hyphen, BOM),
// lone surrogates (UTF-8 cannot carry them) and everything Unicode says to draw as nothing.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/gu;
const LINE_BREAKS = /[\p{Zl}\p{Zp}]/gu;
// Path separators and what Windows refuses in a name.
const REFUSED = /[\\/<>:"|?*]/g;
// Windows opens a device for these names, with any extension and spaces before it.
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³]) *(\.|$)/i;
const utf8 = new TextEncoder();

/**
 * The user's file name without its extension, as a file or folder name every disk accepts and no
 * unpacker places outside its folder: one path segment, visible characters only, NFC, not hidden,
 * no trailing dot or space, no device name, at most 80 characters and 120 UTF-8 bytes, 'image'
 * when nothing is left. Our own ASCII tails ('-linkedin-banner-1584x396.png', ' (2)') keep it safe.
 */
export function safeName(originalFilename: string): string {
  const cleaned = originalFilename
    .replace(/\.[^.]*$/, '')
    .replace(INVISIBLE, '')
    .replace(LINE_BREAKS, ' ')
    .replace(REFUSED, '_')
    .normalize('NFC');
  let cut = '';
  let bytes = 0;
  for (const ch of cleaned) {
    bytes += utf8.encode(ch).length;
    if (cut.length + ch.length > MAX_STEM_CHARS || bytes > MAX_STEM_BYTES) break;
    cut += ch;
  }
  return notADevice(cut.replace(/^[\s.]+|[\s.]+$/gu, '')) || 'image';
}

/**
 * `name`, or `name (2)`, `name (3)`…, the first not yet in `taken` when case is ignored (as Windows
 * and macOS disks ignore it); records the one it answers. A batch ZIP's folders, one per photo.
 */
export function uniqueName(taken: Set<string>, name: string): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name} (${n})`;
    const key = candidate.toUpperCase().toLowerCase();
    if (!taken.has(key)) {
      taken.add(key);
      return candidate;
    }
  }
}

/**
 * The header that names a download (RFC 6266): the name in UTF-8 (RFC 5987) for every current
 * browser, and an ASCII stand-in for older ones. Neither can hold a quote, CR or LF.
 */
export function contentDisposition(filename: string): string {
  return `attachment; filename="${asciiName(filename)}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

/** Accents dropped ('É' -> 'E'); any other non-ASCII character, a quote, a backslash and '%' (which some clients decode) as '_'. */
function asciiName(name: string): string {
  let out = '';
  for (const ch of name) {
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += /^[\x20-\x7e]$/.test(ch) && !'"\\%'.includes(ch) ? ch : /^[A-Za-z0-9]$/.test(bare) ? bare : '_';
  }
  return notADevice(out); // 'CÓN.png' folds to a device name
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

function notADevice(name: string): string {
  return DEVICE.test(name) ? `_${name}` : name;
}
