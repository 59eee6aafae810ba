import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCalibratedSize } from '../../app/features/tool-kit/quality-preview/use-calibrated-size';
import { bandCount, jpegDataStart, joinedSize } from '../../app/features/tool-kit/quality-preview/encoder-pool';
import { previewType } from '../../app/features/tool-kit/quality-preview/use-quality-preview';
import { hasTransparentPixel } from '../../app/features/tool-kit/use-keeps-transparency';

/** A JPEG laid out as an encoder writes one: SOI, a 4-byte-long segment, SOS (length 8), data, EOI. */
function jpeg(data: number[]): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xdb,
    0,
    4,
    1,
    2,
    0xff,
    0xda,
    0,
    8,
    1,
    1,
    0,
    0,
    63,
    0,
    ...data,
    0xff,
    0xd9,
  ]);
}

describe('the quality preview', () => {
  it('adds the bands of a JPEG up as one file: one set of headers, every band`s data, one EOI', () => {
    const a = jpeg([1, 2, 3]);
    const b = jpeg([4, 5, 6, 7]);
    expect(jpegDataStart(a)).toBe(18);
    expect(joinedSize('jpeg', [a])).toBe(a.length);
    expect(joinedSize('jpeg', [a, b])).toBe(a.length + 4);
  });

  it('splits large outputs into one band a core, up to four, none under 300 000 pixels', () => {
    expect(bandCount(400, 400, 8)).toBe(1);
    expect(bandCount(1080, 1080, 8)).toBe(3);
    expect(bandCount(2560, 1440, 8)).toBe(4);
    expect(bandCount(2560, 1440, 2)).toBe(2);
  });

  it('previews JPEG and WebP as chosen, Auto as the server made it, never PNG', () => {
    expect(previewType('jpeg', 'png')).toBe('jpeg');
    expect(previewType('webp', null)).toBe('webp');
    expect(previewType('auto', 'jpeg')).toBe('jpeg');
    expect(previewType('auto', 'png')).toBeNull();
    expect(previewType('auto', undefined)).toBeNull();
    expect(previewType('png', 'png')).toBeNull();
  });

  it('puts a checkerboard only behind pixels that are not all opaque', () => {
    expect(hasTransparentPixel(Uint8ClampedArray.from([1, 2, 3, 255, 4, 5, 6, 255]))).toBe(false);
    expect(hasTransparentPixel(Uint8ClampedArray.from([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(true);
  });
});

describe('the estimated size beside the made file', () => {
  const made = { type: 'jpeg' as const, quality: 82, size: 186_000, check: null };

  it('reads the made file’s own size at its settings, and scales the estimate by the same ratio at others', () => {
    const { result, rerender } = renderHook(
      ({ size, quality }: { size: number | null; quality: number }) =>
        useCalibratedSize({ size, type: 'jpeg', quality }, made),
      { initialProps: { size: null, quality: 82 } as { size: number | null; quality: number } },
    );
    expect(result.current).toBeNull();
    // The browser's encoding at the file's own settings: 169 KB against the server's 186.
    rerender({ size: 169_000, quality: 82 });
    expect(result.current).toBe(186_000);
    // Quality 40 before the server made it: the estimate, corrected by what 82 taught.
    rerender({ size: 80_000, quality: 40 });
    expect(result.current).toBe(Math.round((80_000 * 186_000) / 169_000));
  });

  it('shows the estimate as it is until a file of the same type and quality is known', () => {
    const { result } = renderHook(() => useCalibratedSize({ size: 120_000, type: 'webp', quality: 82 }, made));
    expect(result.current).toBe(120_000);
  });
});
