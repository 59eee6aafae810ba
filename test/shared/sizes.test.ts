import { describe, expect, it } from 'vitest';
import { customFormat, customFormatId } from '../../shared/custom-format';
import { fileCheckLine } from '../../shared/file-check';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { formatSize } from '@social-resizer/engine/plan/output';

/** The bytes a size as shown stands for, in the units it was shown in beside `cap`. */
function readBack(text: string, cap: number | null): number {
  const k = cap !== null && cap % 1024 !== 0 ? 1000 : 1024;
  const [value, unit] = text.replace(/,/g, '').split(' ');
  return Number(value) * (unit === 'MB' ? k * k : unit === 'KB' ? k : 1);
}

describe('sizes, told one way', () => {
  it('reads a custom 60 KB cap as 60 KB, and a file beside it in the same kilobytes', () => {
    const format = customFormat(customFormatId({ width: 400, height: 400, type: 'jpeg', capKb: 60 }))!;
    expect(format.description).toBe('Custom 400 × 400 JPEG, at most 60 KB');
    expect(formatSize(format.maxBytes!, format.maxBytes)).toBe('60 KB');
    expect(formatSize(59_876, format.maxBytes)).toBe('59 KB');
    expect(
      fileCheckLine(
        {
          ready: true,
          width: 400,
          height: 400,
          type: 'jpeg',
          bytes: 59_876,
          maxBytes: 60_000,
          alpha: false,
          problems: [],
        },
        'Custom size',
      ),
    ).toBe('Ready for Custom size: 400×400 JPEG, 59 KB of 60 KB');
  });

  it('reads every cap of the catalogue exactly, as its platform published it', () => {
    const caps = [...new Set(PLATFORM_FORMATS.map((f) => f.maxBytes).filter((cap) => cap !== null))];
    expect(caps.length).toBeGreaterThan(5);
    for (const cap of caps) expect(readBack(formatSize(cap, cap), cap), formatSize(cap, cap)).toBe(cap);
    expect(formatSize(8 * 1024 * 1024, 8 * 1024 * 1024)).toBe('8 MB');
    expect(formatSize(1_000_000, 1_000_000)).toBe('1 MB');
  });

  it('never shows a file under its cap as at or over it, and names small and large files plainly', () => {
    expect(formatSize(999_999, 1_000_000)).toBe('999 KB');
    expect(formatSize(8 * 1024 * 1024 - 1, 8 * 1024 * 1024)).toBe('7.9 MB');
    expect(formatSize(212_000)).toBe('207 KB');
    expect(formatSize(1_572_864)).toBe('1.5 MB');
    expect(formatSize(900)).toBe('900 bytes');
  });
});
