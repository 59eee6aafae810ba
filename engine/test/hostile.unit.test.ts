import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  codecs,
  admitImage,
  decodeImage,
  estimateDecodeBytes,
  ImageError,
  inspectImage,
  ISOLATE_BUDGET_BYTES,
} from '..';
import { corpusMutants, jpegSegments, pngChunk, pngChunks, riffChunks, sofSegment } from '../../test/support/mutations';
import { kernelMemoryBytes } from '../codecs/simd/kernels';

/**
 * Crafted files against the engine itself (inspect, admit, decode), with every typed array the
 * decoders allocate counted: a mutant is refused with an ImageError (a 4xx) quickly, or decodes to
 * the picture admission measured, and no decode allocates more than admission planned for.
 */

const read = (name: string) => new Uint8Array(readFileSync(`test/fixtures/corpus/${name}`));

const TYPED = ['Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Float32Array'] as const;
const originals = Object.fromEntries(TYPED.map((name) => [name, globalThis[name]]));

/**
 * Counts the bytes of every typed array constructed with a length while `fn` runs, and what the
 * SIMD kernels' memory grew by (a JPEG decode lays its strips out there).
 */
async function countingAllocations<T>(fn: () => Promise<T>): Promise<{ result: T | Error; bytes: number }> {
  const kernelsBefore = kernelMemoryBytes();
  let bytes = 0;
  for (const name of TYPED) {
    const Original = originals[name] as Uint8ArrayConstructor;
    (globalThis as Record<string, unknown>)[name] = new Proxy(Original, {
      construct(target, args, newTarget) {
        if (typeof args[0] === 'number') bytes += args[0] * Original.BYTES_PER_ELEMENT;
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
  }
  const grown = () => bytes + kernelMemoryBytes() - kernelsBefore;
  try {
    const result = await fn();
    return { result, bytes: grown() };
  } catch (error) {
    return { result: error as Error, bytes: grown() };
  } finally {
    Object.assign(globalThis, originals);
  }
}

afterEach(() => {
  Object.assign(globalThis, originals);
});

async function engine(bytes: Uint8Array) {
  const info = inspectImage(bytes);
  admitImage(info);
  const picture = await decodeImage(bytes, info, codecs);
  return { info, picture };
}

describe('marker-level mutants against the engine', () => {
  const mutants = corpusMutants(read, 20);

  it(`refuses or decodes ${mutants.length} mutants quickly, within the admission budget, with no unexpected error`, async () => {
    const outcomes = { refused: 0, decoded: 0 };
    for (const { name, bytes } of mutants) {
      const started = performance.now();
      const { result, bytes: allocated } = await countingAllocations(() => engine(bytes));
      const ms = performance.now() - started;
      expect(ms, name).toBeLessThan(2000);
      if (result instanceof Error) {
        expect(result, `${name}: ${result.message}`).toBeInstanceOf(ImageError);
        // The reason is words a person can read, never bytes of the file (a chunk named by garbage).
        expect(result.message, name).toMatch(/^[\x20-\x7e×]+$/);
        expect(result.message, name).not.toContain('?');
        outcomes.refused++;
      } else {
        const { info, picture } = result;
        expect([picture.width, picture.height], name).toEqual([info.width, info.height]);
        outcomes.decoded++;
      }
      // Whatever happened, the decode allocated no more than the budget (JS typed arrays; the WebP
      // decoder's WebAssembly heap is bounded by the size check of the bitstream against the header).
      expect(allocated, name).toBeLessThanOrEqual(ISOLATE_BUDGET_BYTES);
    }
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.decoded).toBeGreaterThan(0);
  }, 120_000);

  it('names no chunk it could not read: a WebP whose image chunk claims less than it holds', () => {
    const file = read('large-6000x4000.webp').slice();
    const image = riffChunks(file).find((c) => c.fourcc === 'VP8 ')!;
    const sizeAt = image.data.byteOffset - file.byteOffset - 4;
    new DataView(file.buffer).setUint32(sizeAt, image.data.length - 5000, true); // the RIFF size as it was
    expect(() => inspectImage(file)).toThrow(/^The image file is damaged or incomplete \(it ends inside a chunk\)/);
  });

  it('decodes an accepted JPEG within the estimate admission made for it', async () => {
    for (const name of [
      'baseline.jpg',
      'progressive.jpg',
      'progressive-444.jpg',
      'wallpaper-3840x2400-progressive-444.jpg',
    ]) {
      const bytes = read(name);
      const info = inspectImage(bytes);
      const { bytes: allocated } = await countingAllocations(() => decodeImage(bytes, info, codecs));
      expect(allocated, name).toBeLessThanOrEqual(estimateDecodeBytes(info).peak);
    }
  });

  it('refuses the reported attack, a 6000×6000 frame hidden behind FF 00, before allocating it', async () => {
    const original = read('baseline.jpg');
    const sof = jpegSegments(original).find((s) => s.marker === 0xc0)!;
    for (const [w, h] of [
      [6000, 6000],
      [30000, 30000],
      [65535, 65535],
    ] as const) {
      const hidden = sofSegment(w, h);
      const crafted = new Uint8Array([
        ...original.subarray(0, sof.start),
        0xff,
        0x00,
        0,
        hidden.length + 2,
        ...hidden,
        ...original.subarray(sof.start),
      ]);
      const started = performance.now();
      const { result, bytes } = await countingAllocations(() => engine(crafted));
      expect(result).toBeInstanceOf(ImageError);
      expect((result as ImageError).status).toBe(422);
      expect(bytes).toBeLessThan(1024 * 1024);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });

  it('refuses a JPEG of a hundred thousand tiny table segments without keeping them', async () => {
    const original = read('baseline.jpg');
    const sos = jpegSegments(original).find((s) => s.marker === 0xda)!;
    const dqt = [0xff, 0xdb, 0, 67, 0, ...new Array<number>(64).fill(1)];
    const tables = new Uint8Array(100_000 * dqt.length);
    for (let i = 0; i < 100_000; i++) tables.set(dqt, i * dqt.length);
    const crafted = new Uint8Array([...original.subarray(0, sos.start), ...tables, ...original.subarray(sos.start)]);
    const started = performance.now();
    const { result, bytes } = await countingAllocations(() => engine(crafted));
    expect(result).toBeInstanceOf(ImageError);
    expect(bytes).toBeLessThan(1024 * 1024);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('decodes a PNG split into half a million empty IDAT chunks in constant memory', async () => {
    const original = read('rgb.png');
    const chunks = pngChunks(original);
    const empty = pngChunk('IDAT', []);
    const padding = new Uint8Array(500_000 * empty.length);
    for (let i = 0; i < 500_000; i++) padding.set(empty, i * empty.length);
    const header = pngChunk('IHDR', chunks[0]!.data);
    const rest = chunks.slice(1).map((c) => pngChunk(c.type, c.data));
    const crafted = new Uint8Array([
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...header,
      ...padding,
      ...rest.flatMap((c) => [...c]),
    ]);
    const { result, bytes } = await countingAllocations(() => engine(crafted));
    expect(result).not.toBeInstanceOf(Error);
    const { picture } = result as Awaited<ReturnType<typeof engine>>;
    const good = await engine(original);
    expect(picture.data).toEqual(good.picture.data);
    // The RGBA result, two rows and one 1 MB piece: nothing per chunk.
    expect(bytes).toBeLessThan(picture.width * picture.height * 4 + 2 * 1024 * 1024);
  });

  it('refuses a decoder call with a header that does not match the file', async () => {
    const small = read('baseline.jpg');
    const info = { ...inspectImage(small), width: 6000, height: 6000 };
    await expect(decodeImage(small, info, codecs)).rejects.toBeInstanceOf(ImageError);
  });
});
