import { describe, expect, it } from 'vitest';
import { findFormatByName } from '../../shared/formats';
import { enlargement, leastEnlargement, softFilesText, softnessText } from '../../shared/sharpness';

const profile = { width: 800, height: 800 };

describe('low resolution', () => {
  it('warns when a 548×342 photo becomes an 800×800 profile picture, and not for a sharp one', () => {
    const small = { width: 548, height: 342 };
    expect(leastEnlargement(small, profile)).toBeCloseTo(800 / 342, 5);
    expect(softnessText(leastEnlargement(small, profile))).toBe(
      'Enlarged 2.3× from your picture: it may look soft. A larger original gives a sharper file.',
    );
    expect(softnessText(leastEnlargement({ width: 4032, height: 3024 }, profile))).toBeNull();
    // A crop zoomed in on a big photo is judged by the crop, not the photo.
    expect(enlargement({ width: 300, height: 300 }, profile)).toBeCloseTo(2.67, 2);
    expect(enlargement({ width: 1200, height: 1200 }, profile)).toBeLessThan(1);
  });

  it('counts the files of many that will look soft, at the least any framing enlarges', () => {
    const banner = findFormatByName('linkedin', 'banner')!;
    const picture = { width: 1000, height: 1000 };
    expect(
      softFilesText([
        { picture, target: profile },
        { picture, target: banner },
      ]),
    ).toBe(
      '1 of the 2 files will enlarge the picture up to 1.5×: it may look soft. A larger original gives sharper files.',
    );
    expect(softFilesText([{ picture, target: profile }])).toBeNull();
  });
});
