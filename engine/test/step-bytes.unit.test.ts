/**
 * The rooms heavy steps make (engine/step-bytes.ts): planned from the header alone, and
 * every run of renders of an admitted picture fits the isolate's budget alone, whatever the format,
 * so no step ever waits for room it can never get.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fitCrop } from '../plan/crop';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { customFormat, customFormatId, MAX_CUSTOM_PIXELS } from '../../shared/custom-format';
import { webpEncoder } from '../codecs/webp/encode';
import {
  admitImage,
  codecs,
  detectionBytes,
  detectSide,
  EXTENSION_WORKING_BYTES,
  inspectImage,
  ISOLATE_BUDGET_BYTES,
  renderBytes,
  runBytes,
  verifyBytes,
  type ImageInfo,
} from '..';

const CORPUS = new URL('../../test/fixtures/corpus/', import.meta.url);
/** Every picture of the corpus the engine admits. */
function admitted(): Array<{ name: string; info: ImageInfo; size: number }> {
  return readdirSync(CORPUS).flatMap((name) => {
    try {
      const bytes = new Uint8Array(readFileSync(new URL(name, CORPUS)));
      const info = inspectImage(bytes);
      admitImage(info);
      return [{ name, info, size: bytes.length }];
    } catch {
      return [];
    }
  });
}

const largest = customFormat(customFormatId({ width: 2752, height: 2064, type: 'png', capKb: null }))!;

describe('the rooms heavy steps make', () => {
  const pictures = admitted();

  it('refuse an interlaced PNG whose file cannot be held beside its decode, naming the file', () => {
    const bytes = new Uint8Array(readFileSync(new URL('large-5400x3600-interlaced.png', CORPUS)));
    const info = inspectImage(bytes);
    expect(() => admitImage(info)).not.toThrow();
    // The same picture as a 47 MB file (noise compresses little): no smaller size of it would fit.
    expect(() => admitImage({ ...info, fileBytes: 47e6 })).toThrow(
      /This interlaced PNG file \(47\.0 MB\) is too large to process\. Please save it as a JPEG or a PNG without interlacing/,
    );
  });

  it('hold an extension beside a small output, and the encoder beside a large one', () => {
    const icon = { width: 400, height: 400, types: ['jpeg' as const] };
    expect(renderBytes(icon)).toBeGreaterThanOrEqual(400 * 400 * 4 + EXTENSION_WORKING_BYTES);
    // The largest output's encoder holds more than an extension ever does: the slab adds nothing.
    const wide = { width: 2752, height: 2064, types: ['jpeg' as const] };
    expect(renderBytes(wide)).toBe(2752 * 2064 * 7 + 2 * 1024 * 1024);
  });

  it("plan a WebP render at least at what its encoder holds: the instance's memory beside the output", async () => {
    const memories: WebAssembly.Memory[] = [];
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = new Proxy(Instance, {
      construct(target, args: [WebAssembly.Module, WebAssembly.Imports?]) {
        const made = new target(...args);
        for (const value of Object.values(made.exports)) if (value instanceof WebAssembly.Memory) memories.push(value);
        return made;
      },
    });
    try {
      // The WhatsApp sticker's size and the largest that offers WebP, opaque, of noise (the most
      // detail there is: it grew the encoder the most) at qualities a file-size cap tries.
      for (const [width, height] of [
        [512, 512],
        [1080, 1350],
      ] as const) {
        const data = new Uint8ClampedArray(width * height * 4);
        let seed = 7;
        for (let i = 0; i < data.length; i++)
          data[i] = i % 4 === 3 ? 255 : (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
        memories.length = 0;
        const encode = await webpEncoder(codecs.webpEncoder);
        for (const quality of [100, 82, 50, 10]) encode({ width, height, data }, quality);
        expect(memories).toHaveLength(1);
        const held = memories[0]!.buffer.byteLength + data.byteLength;
        expect(renderBytes({ width, height, types: ['webp'] })).toBeGreaterThanOrEqual(held);
      }
    } finally {
      WebAssembly.Instance = Instance;
    }
  });

  it('fit every run of an admitted picture in the budget, for every format and the largest custom size', () => {
    expect(pictures.length).toBeGreaterThan(20);
    expect(largest.width * largest.height).toBe(MAX_CUSTOM_PIXELS);
    for (const { name, info, size } of pictures) {
      const picture = { width: info.uprightWidth, height: info.uprightHeight };
      for (const format of [...PLATFORM_FORMATS, largest]) {
        const need = { crop: fitCrop({ x: 0, y: 0, ...picture, zoom: 1 }, picture, format), ...format };
        const bytes = runBytes(info, size, [need], [format]);
        expect(bytes, `${name} → ${format.key}`).toBeGreaterThan(size);
        expect(bytes, `${name} → ${format.key}`).toBeLessThanOrEqual(ISOLATE_BUDGET_BYTES);
      }
      const side = detectSide(picture.width, picture.height);
      expect(detectionBytes(info, size, side), name).toBeLessThanOrEqual(ISOLATE_BUDGET_BYTES);
      expect(verifyBytes(info), name).toBeGreaterThan(0);
    }
  });

  it('make no room for a run with nothing to render', () => {
    const { info, size } = pictures[0]!;
    expect(runBytes(info, size, [], [])).toBe(0);
  });
});
