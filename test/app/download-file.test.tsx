import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../shared/filenames';
import { dispositionFilename } from '../../app/lib/download-file';

describe('the name a download is saved under', () => {
  it("is the server's UTF-8 name, else its ASCII one", () => {
    for (const name of ['Été à la Plage!-formats.zip', "写真 (1)'s-linkedin-banner-1584x396.png", '100% done.png'])
      expect(dispositionFilename(contentDisposition(name))).toBe(name);
    expect(dispositionFilename('attachment; filename="beach.png"')).toBe('beach.png');
    expect(dispositionFilename(`attachment; filename="beach_.png"; filename*=UTF-8''beach%E9%.png`)).toBe('beach_.png');
    expect(dispositionFilename('')).toBe('image.png');
  });
});
