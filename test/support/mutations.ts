/**
 * Marker-level mutants of real JPEG, PNG and WebP files: the structure an attacker edits (segment
 * and chunk lengths, repeated, missing and hidden headers, sizes that disagree), not random noise.
 * Deterministic (a seeded generator), bounded in count, with PNG CRCs recomputed so every mutant
 * reaches the reader that must refuse it. Used by the engine tests in Node and the upload tests in
 * workerd.
 */

export type Mutant = { name: string; bytes: Uint8Array };

/** A small deterministic generator, so a failure names a reproducible case. */
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const concat = (...parts: ArrayLike<number>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const be16 = (n: number) => [(n >> 8) & 255, n & 255];
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

// ── JPEG ─────────────────────────────────────────────────────────────────────────────────────

type JpegSegment = { marker: number; start: number; end: number };

/** The segments of a sound JPEG, each from its FF to the end of its payload (SOS: of its entropy data). */
export function jpegSegments(b: Uint8Array): JpegSegment[] {
  const out: JpegSegment[] = [];
  let pos = 2;
  while (pos < b.length) {
    const marker = b[pos + 1] ?? 0;
    if (marker === 0xd9) break;
    let end = pos + 2 + (((b[pos + 2] ?? 0) << 8) | (b[pos + 3] ?? 0));
    if (marker === 0xda) {
      while (
        end + 1 < b.length &&
        !(b[end] === 0xff && b[end + 1] !== 0 && ((b[end + 1] ?? 0) < 0xd0 || (b[end + 1] ?? 0) > 0xd7))
      )
        end++;
    }
    out.push({ marker, start: pos, end });
    pos = end;
  }
  return out;
}

/** A frame header (SOF0) claiming width × height, 3 components at 4:2:0. */
export function sofSegment(width: number, height: number, marker = 0xc0): number[] {
  return [0xff, marker, 0, 17, 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
}

export function jpegMutants(name: string, original: Uint8Array, count: number): Mutant[] {
  const segments = jpegSegments(original);
  const of = (...markers: number[]) => segments.filter((s) => markers.includes(s.marker));
  const firstSof = of(0xc0, 0xc1, 0xc2)[0]!;
  const firstSos = of(0xda)[0]!;
  const head = (at: number) => original.subarray(0, at);
  const tail = (at: number) => original.subarray(at);
  const out: Mutant[] = [];
  for (let i = 0; i < count; i++) {
    const random = prng(i * 104729 + original.length);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const huge = pick([
      [6000, 6000],
      [30000, 30000],
      [65535, 65535],
      [16000, 200],
    ] as const);
    let bytes: Uint8Array;
    let kind: string;
    switch (i % 10) {
      case 0: {
        // A segment's length field set to a value that does not fit it.
        const seg = pick(segments.filter((s) => s.marker !== 0xda));
        const length = ((original[seg.start + 2] ?? 0) << 8) | (original[seg.start + 3] ?? 0);
        const value = pick([0, 1, 2, length - 1, length + 1, length + 64, 0xffff, Math.floor(random() * 0x10000)]);
        bytes = original.slice();
        bytes.set(be16(value), seg.start + 2);
        kind = `length-${seg.marker.toString(16)}-${value}`;
        break;
      }
      case 1: {
        // A table, frame or scan segment repeated.
        const seg = pick(of(0xc0, 0xc1, 0xc2, 0xc4, 0xdb, 0xda));
        bytes = concat(head(seg.end), original.subarray(seg.start, seg.end), tail(seg.end));
        kind = `repeat-${seg.marker.toString(16)}`;
        break;
      }
      case 2: {
        // A frame, table or scan segment missing.
        const seg = pick(of(0xc0, 0xc1, 0xc2, 0xc4, 0xdb, 0xda));
        bytes = concat(head(seg.start), tail(seg.end));
        kind = `drop-${seg.marker.toString(16)}`;
        break;
      }
      case 3: {
        // A restart interval that does not match the data.
        const interval = pick([0, 1, 3, 0xffff]);
        bytes = concat(head(firstSos.start), [0xff, 0xdd, 0, 4, ...be16(interval)], tail(firstSos.start));
        kind = `dri-${interval}`;
        break;
      }
      case 4: {
        // The reported attack: an FF 00 "segment" whose length hides a second, huge frame header.
        const hidden = sofSegment(huge[0], huge[1]);
        bytes = concat(head(firstSof.start), [0xff, 0x00, ...be16(hidden.length + 2)], hidden, tail(firstSof.start));
        kind = `ff00-hides-${huge[0]}x${huge[1]}`;
        break;
      }
      case 5: {
        // A huge frame hidden behind an unknown marker, or after the scan as a second frame.
        const hidden = sofSegment(huge[0], huge[1]);
        const unknown = pick([0x02, 0x4f, 0xc8, 0xf0]);
        bytes =
          random() < 0.5
            ? concat(head(firstSof.start), [0xff, unknown, ...be16(hidden.length + 2)], hidden, tail(firstSof.start))
            : concat(head(firstSos.end), hidden, tail(firstSos.end));
        kind = `hidden-frame-${huge[0]}x${huge[1]}`;
        break;
      }
      case 6: {
        // The frame's own size changed: huge, zero or smaller than the data.
        const [w, h] = pick([huge, [0, 10], [10, 0], [1, 1], [8, 8]] as const);
        bytes = original.slice();
        bytes.set([...be16(h), ...be16(w)], firstSof.start + 5);
        kind = `frame-size-${w}x${h}`;
        break;
      }
      case 7: {
        // Garbage in a scan header or a frame header's component fields.
        const seg = pick([firstSos, firstSof]);
        bytes = original.slice();
        for (let k = 0; k < 3; k++) bytes[seg.start + 4 + Math.floor(random() * 10)] = Math.floor(random() * 256);
        kind = `header-garbage-${seg.marker.toString(16)}`;
        break;
      }
      case 8: {
        // Hundreds of scans: each walks the whole image.
        const scan = original.subarray(firstSos.start, firstSos.end);
        bytes = concat(head(firstSos.end), ...Array.from({ length: 150 }, () => scan), tail(firstSos.end));
        kind = 'many-scans';
        break;
      }
      default: {
        // A progressive or lossless frame type swapped in, or arithmetic coding declared.
        bytes = original.slice();
        const marker = pick([0xc2, 0xc0, 0xc3, 0xc9, 0xcc]);
        bytes[firstSof.start + 1] = marker;
        kind = `frame-type-${marker.toString(16)}`;
      }
    }
    out.push({ name: `${name}#${i}-${kind}`, bytes });
  }
  return out;
}

// ── PNG ──────────────────────────────────────────────────────────────────────────────────────

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc(bytes: ArrayLike<number>): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its length and a correct CRC. */
export function pngChunk(type: string, data: ArrayLike<number>): Uint8Array {
  const typeAndData = concat(
    [...type].map((ch) => ch.charCodeAt(0)),
    data,
  );
  return concat(be32(data.length), typeAndData, be32(crc(typeAndData)));
}

type PngChunk = { type: string; data: Uint8Array };

export function pngChunks(b: Uint8Array): PngChunk[] {
  const out: PngChunk[] = [];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let pos = 8; pos + 12 <= b.length;) {
    const length = view.getUint32(pos);
    out.push({
      type: String.fromCharCode(...b.subarray(pos + 4, pos + 8)),
      data: b.subarray(pos + 8, pos + 8 + length),
    });
    pos += 12 + length;
  }
  return out;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (chunks: Array<Uint8Array>) => concat(PNG_SIGNATURE, ...chunks);
const ihdr = (width: number, height: number, depth = 8, colour = 2, interlace = 0) =>
  pngChunk('IHDR', [...be32(width), ...be32(height), depth, colour, 0, 0, interlace]);

export function pngMutants(name: string, original: Uint8Array, count: number): Mutant[] {
  const chunks = pngChunks(original);
  const rebuilt = (list: PngChunk[]) => list.map((c) => pngChunk(c.type, c.data));
  const header = chunks[0]!;
  const view = new DataView(header.data.buffer, header.data.byteOffset, 13);
  const [width, height] = [view.getUint32(0), view.getUint32(4)];
  const out: Mutant[] = [];
  for (let i = 0; i < count; i++) {
    const random = prng(i * 7919 + original.length);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    let bytes: Uint8Array;
    let kind: string;
    switch (i % 8) {
      case 0: {
        // A second IHDR, huge or small, after the first.
        const [w, h] = pick([
          [100000, 100000],
          [16383, 16383],
          [1, 1],
          [width * 2, height],
        ] as const);
        bytes = png([
          ihdr(width, height, header.data[8], header.data[9], header.data[12]),
          ihdr(w, h),
          ...rebuilt(chunks.slice(1)),
        ]);
        kind = `repeat-ihdr-${w}x${h}`;
        break;
      }
      case 1: {
        // Image data before the header.
        const idat = chunks.find((c) => c.type === 'IDAT')!;
        bytes = png([pngChunk('IDAT', idat.data), ...rebuilt(chunks)]);
        kind = 'idat-before-ihdr';
        break;
      }
      case 2: {
        // A chunk length far past the file (the CRC cannot even be found).
        const index = Math.floor(random() * chunks.length);
        const all = rebuilt(chunks);
        const value = pick([0x7fffffff, 0xffffffff, 0x80000000, (chunks[index]?.data.length ?? 0) + 1]);
        all[index] = concat(be32(value), all[index]!.subarray(4));
        bytes = png(all);
        kind = `chunk-length-${value}`;
        break;
      }
      case 3: {
        // The header's size changed, with a valid CRC: huge, larger or smaller than the data.
        const [w, h] = pick([
          [100000, 100000],
          [16383, 16383],
          [1, 0x7fffffff],
          [width + 1, height],
          [width, Math.max(1, height >> 1)],
          [1, 1],
        ] as const);
        bytes = png([ihdr(w, h, header.data[8], header.data[9], header.data[12]), ...rebuilt(chunks.slice(1))]);
        kind = `ihdr-size-${w}x${h}`;
        break;
      }
      case 4: {
        // Invalid depth, colour type, compression or interlace fields.
        const fields = header.data.slice();
        fields[8 + Math.floor(random() * 5)] = pick([0, 3, 5, 7, 9, 17, 255]);
        bytes = png([pngChunk('IHDR', fields), ...rebuilt(chunks.slice(1))]);
        kind = 'ihdr-fields';
        break;
      }
      case 5: {
        // The image data split into many tiny IDAT chunks (valid), or an empty IDAT added.
        const idat = concat(...chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
        const rest = chunks.filter((c) => c.type !== 'IDAT' && c.type !== 'IEND' && c.type !== 'IHDR');
        const size = pick([1, 7, 1000]);
        const pieces: Uint8Array[] = [];
        for (let at = 0; at < idat.length; at += size) pieces.push(pngChunk('IDAT', idat.subarray(at, at + size)));
        bytes = png([
          pngChunk('IHDR', header.data),
          ...rebuilt(rest),
          pngChunk('IDAT', []),
          ...pieces,
          pngChunk('IEND', []),
        ]);
        kind = `idat-split-${size}`;
        break;
      }
      case 6: {
        // A palette or transparency chunk of the wrong size, or repeated.
        const type = pick(['PLTE', 'tRNS']);
        const data = new Uint8Array(pick([0, 1, 770, 3000])).fill(7);
        bytes = png([
          pngChunk('IHDR', header.data),
          pngChunk(type, data),
          pngChunk(type, data),
          ...rebuilt(chunks.slice(1)),
        ]);
        kind = `${type}-${data.length}`;
        break;
      }
      default: {
        // No IEND, or IEND before the data.
        bytes =
          random() < 0.5
            ? png(rebuilt(chunks.filter((c) => c.type !== 'IEND')))
            : png([pngChunk('IHDR', header.data), pngChunk('IEND', []), ...rebuilt(chunks.slice(1))]);
        kind = 'iend';
      }
    }
    out.push({ name: `${name}#${i}-${kind}`, bytes });
  }
  return out;
}

// ── WebP ─────────────────────────────────────────────────────────────────────────────────────

type RiffChunk = { fourcc: string; data: Uint8Array };

export function riffChunks(b: Uint8Array): RiffChunk[] {
  const out: RiffChunk[] = [];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let pos = 12; pos + 8 <= b.length;) {
    const size = view.getUint32(pos + 4, true);
    out.push({ fourcc: String.fromCharCode(...b.subarray(pos, pos + 4)), data: b.subarray(pos + 8, pos + 8 + size) });
    pos += 8 + size + (size & 1);
  }
  return out;
}

export const riffChunk = (fourcc: string, data: ArrayLike<number>, size = data.length) =>
  concat(
    [...fourcc].map((c) => c.charCodeAt(0)),
    le32(size),
    data,
    data.length & 1 ? [0] : [],
  );
export const riff = (chunks: Uint8Array[], size?: number) => {
  const body = concat([0x57, 0x45, 0x42, 0x50], ...chunks);
  return concat([0x52, 0x49, 0x46, 0x46], le32(size ?? body.length), body);
};
const vp8x = (width: number, height: number, flags = 0) =>
  riffChunk('VP8X', [flags, 0, 0, 0, ...le32(width - 1).slice(0, 3), ...le32(height - 1).slice(0, 3)]);

export function webpMutants(name: string, original: Uint8Array, count: number): Mutant[] {
  const chunks = riffChunks(original);
  const image = chunks.find((c) => c.fourcc === 'VP8 ' || c.fourcc === 'VP8L')!;
  const out: Mutant[] = [];
  for (let i = 0; i < count; i++) {
    const random = prng(i * 31337 + original.length);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    let bytes: Uint8Array;
    let kind: string;
    switch (i % 5) {
      case 0: {
        // The RIFF size: too small, too large, odd, or absurd.
        const value = pick([0, 4, 12, original.length - 9, original.length, original.length + 1, 0xffffffff]);
        bytes = original.slice();
        bytes.set(le32(value), 4);
        kind = `riff-size-${value}`;
        break;
      }
      case 1: {
        // A chunk size that does not fit its chunk.
        const value = pick([0, 1, image.data.length - 1, image.data.length + 2, 0x7fffffff, 0xffffffff]);
        bytes = riff(
          chunks.map((c) => (c === image ? riffChunk(c.fourcc, c.data, value) : riffChunk(c.fourcc, c.data))),
        );
        kind = `chunk-size-${value}`;
        break;
      }
      case 2: {
        // An extended header whose canvas disagrees with the bitstream: huge or small.
        const [w, h] = pick([
          [16383, 16383],
          [16384, 16384],
          [1, 1],
          [8000, 8000],
        ] as const);
        bytes = riff([
          vp8x(w, h),
          ...chunks.filter((c) => c.fourcc !== 'VP8X').map((c) => riffChunk(c.fourcc, c.data)),
        ]);
        kind = `canvas-${w}x${h}`;
        break;
      }
      case 3: {
        // The image chunk twice, or two extended headers.
        bytes =
          random() < 0.5
            ? riff([...chunks.map((c) => riffChunk(c.fourcc, c.data)), riffChunk(image.fourcc, image.data)])
            : riff([vp8x(4, 4), vp8x(4, 4), ...chunks.map((c) => riffChunk(c.fourcc, c.data))]);
        kind = 'repeated-chunk';
        break;
      }
      default: {
        // The bitstream's own size field changed.
        const data = image.data.slice();
        if (image.fourcc === 'VP8L') data.set(le32((0x3fff | (0x3fff << 14)) & Math.floor(random() * 0xfffffff)), 1);
        else data.set([0xff, 0x3f, 0xff, 0x3f], 6);
        bytes = riff(chunks.map((c) => (c === image ? riffChunk(c.fourcc, data) : riffChunk(c.fourcc, c.data))));
        kind = 'bitstream-size';
      }
    }
    out.push({ name: `${name}#${i}-${kind}`, bytes });
  }
  return out;
}

/** Every mutant of the corpus files the hostile tests use. */
export function corpusMutants(read: (name: string) => Uint8Array, perFile = 20): Mutant[] {
  return [
    ...['baseline.jpg', 'progressive.jpg', 'progressive-444.jpg', 'orientation-6.jpg'].flatMap((n) =>
      jpegMutants(n, read(n), perFile),
    ),
    ...['rgb.png', 'palette.png', 'interlaced.png'].flatMap((n) => pngMutants(n, read(n), perFile)),
    ...['lossy.webp', 'lossless.webp', 'alpha.webp'].flatMap((n) => webpMutants(n, read(n), perFile)),
  ];
}
