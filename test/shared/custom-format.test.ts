import { describe, expect, it } from 'vitest';
import {
  customFormatId,
  customSizeOf,
  customSizeProblem,
  MAX_CUSTOM_PIXELS,
  type CustomSize,
} from '../../shared/custom-format';
import { findFormat, outputFilename, PLATFORM_FORMATS } from '../../shared/formats';

describe('custom sizes', () => {
  it('encode every size, type and cap in an id that decodes to the same, above every catalogue id', () => {
    const sizes: CustomSize[] = [
      { width: 16, height: 16, type: 'auto', capKb: null },
      { width: 4096, height: 1386, type: 'jpeg', capKb: 100_000 },
      { width: 1234, height: 567, type: 'jpeg', capKb: 150 },
      { width: 800, height: 800, type: 'webp', capKb: 10 },
      { width: 2064, height: 2752, type: 'png', capKb: null },
    ];
    const ids = sizes.map(customFormatId);
    expect(new Set(ids).size).toBe(sizes.length);
    for (const [i, id] of ids.entries()) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(Math.max(...PLATFORM_FORMATS.map((f) => f.id)));
      expect(customSizeOf(id)).toEqual(sizes[i]);
    }
  });

  it('is a format like any other: exact size, its type, its cap in bytes, a file name', () => {
    const id = customFormatId({ width: 1234, height: 567, type: 'jpeg', capKb: 150 });
    expect(findFormat(id)).toMatchObject({
      width: 1234,
      height: 567,
      types: ['jpeg'],
      maxBytes: 150_000,
      platform: 'custom',
      description: 'Custom 1234 × 567 JPEG, at most 150 KB',
    });
    expect(outputFilename('beach.jpg', findFormat(id)!, 'jpeg')).toBe('beach-custom-size-1234x567-jpeg-max-150kb.jpg');
  });

  it('refuses what the engine cannot make, saying why', () => {
    expect(MAX_CUSTOM_PIXELS).toBe(Math.max(...PLATFORM_FORMATS.map((f) => f.width * f.height)));
    expect(customSizeProblem({ width: 5000, height: 100, type: 'auto', capKb: null })).toMatch(/16 to 4096/);
    expect(customSizeProblem({ width: 15, height: 100, type: 'auto', capKb: null })).toMatch(/16 to 4096/);
    expect(customSizeProblem({ width: 4096, height: 4096, type: 'auto', capKb: null })).toMatch(/million pixels/);
    expect(customSizeProblem({ width: 2000, height: 2000, type: 'webp', capKb: null })).toMatch(/WebP/);
    expect(customSizeProblem({ width: 100, height: 100, type: 'auto', capKb: 5 })).toMatch(/kilobytes/);
    // Ids that encode no valid size are no format at all.
    expect(findFormat(2 ** 40 + 1)).toBeUndefined();
    expect(findFormat(2 ** 52)).toBeUndefined();
    expect(findFormat(10_000)).toBeUndefined();
  });
});
