/**
 * Names that leave the server as files (docs/security.md, "Names that leave the server"): hostile
 * upload names become names every disk accepts, inside their folder, visible as they read.
 */
import { describe, expect, it } from 'vitest';
import { contentDisposition, MAX_STEM_BYTES, MAX_STEM_CHARS, safeName, uniqueName } from '../../shared/filenames';
import { findFormat, outputFilename, PLATFORM_FORMATS, zipFilename } from '../../shared/formats';
import { expectSafeName, parseDisposition } from '../support/safe-names';

const LONG = 'x'.repeat(300);
// [what the user's file was called, the stem that leaves the server]
const HOSTILE: Array<[string, string]> = [
  ['...jpg', 'image'],
  ['..', 'image'],
  ['.', 'image'],
  ['', 'image'],
  ['....', 'image'],
  ['   .  ', 'image'],
  ['../../etc/passwd.jpg', '_.._etc_passwd'],
  ['a/b\\c.jpg', 'a_b_c'],
  ['/abs.png', '_abs'],
  ['\u202Egpj.exe', 'gpj'],
  ['photo\u202Egpj.exe.png', 'photogpj.exe'],
  ['a\u200Bb\u200Cc\u200Dd\u2060e\uFEFFf\u00ADg.jpg', 'abcdefg'],
  ['\u2066x\u2069\u200E\u200F\u061C\u202A\u202Cy.png', 'xy'],
  ['tab\there\r\nnew\u0000nul\u007F\u0085\u009B.jpg', 'tabherenewnul'],
  ['line\u2028break\u2029para.jpg', 'line break para'],
  ['lone\uD800surrogate\uDFFF.jpg', 'lonesurrogate'],
  ['a<b>c:d"e|f?g*h.jpg', 'a_b_c_d_e_f_g_h'],
  ['CON.jpg', '_CON'],
  ['con', '_con'],
  ['Aux.tar.gz', '_Aux.tar'],
  ['LPT1.png', '_LPT1'],
  ['COM9.jpg', '_COM9'],
  ['COM¹.jpg', '_COM¹'],
  ['lpt³', '_lpt³'],
  ['nul .jpg', '_nul'],
  ['prn .backup.jpg', '_prn .backup'],
  ['CONIN$.png', '_CONIN$'],
  ['CONSOLE.jpg', 'CONSOLE'],
  ['COM10.jpg', 'COM10'],
  ['name. . .', 'name'],
  ['trailing . .jpg', 'trailing'],
  ['  .hidden.jpg', 'hidden'],
  [`${LONG}.jpg`, 'x'.repeat(MAX_STEM_CHARS)],
  [`${'a'.repeat(MAX_STEM_CHARS - 1)}😀.jpg`, 'a'.repeat(MAX_STEM_CHARS - 1)],
  [`${'a'.repeat(MAX_STEM_CHARS - 2)}😀tail.jpg`, `${'a'.repeat(MAX_STEM_CHARS - 2)}😀`],
  [`${'写'.repeat(100)}.jpg`, '写'.repeat(MAX_STEM_BYTES / 3)],
  [`${'😀'.repeat(100)}.jpg`, '😀'.repeat(MAX_STEM_BYTES / 4)],
  [`${'a'.repeat(78)}...x.jpg`, 'a'.repeat(78)],
  ['Cafe\u0301.jpg', 'Café'],
  ['Été à la Plage!.PNG', 'Été à la Plage!'],
  ['写真 2026.jpeg', '写真 2026'],
  ['beach.jpg', 'beach'],
];

describe('safeName', () => {
  it.each(HOSTILE)('%j leaves as %j', (typed, expected) => {
    const name = safeName(typed);
    expect(name).toBe(expected);
    expectSafeName(name);
    expect(name.length).toBeLessThanOrEqual(MAX_STEM_CHARS);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(MAX_STEM_BYTES);
    // And every name made from it: the single download, the request ZIP, and the batch folder.
    expectSafeName(outputFilename(typed, findFormat(20)!, 'png'));
    expectSafeName(zipFilename(typed));
  });

  it('keeps every file name under 255 UTF-8 bytes and a batch path under 260 characters, for every format', () => {
    for (const typed of [LONG, '写'.repeat(100), '😀'.repeat(100)]) {
      const folder = uniqueName(new Set(['image', safeName(typed).toLowerCase()]), safeName(typed));
      for (const format of PLATFORM_FORMATS) {
        const file = outputFilename(typed, format, 'webp');
        expect(new TextEncoder().encode(file).length, file).toBeLessThan(255);
        expect(`${folder}/${file}`.length, file).toBeLessThanOrEqual(230);
      }
    }
  });

  it('makes the same name of the NFD and NFC spellings of a word', () => {
    expect(safeName('Cafe\u0301.jpg')).toBe(safeName('Caf\u00e9.jpg'));
  });
});

describe('uniqueName', () => {
  it('numbers names that a case-insensitive disk would write one over the other', () => {
    const taken = new Set<string>();
    const folders = [
      'A.jpg',
      'a.jpg',
      'A.png',
      'a (2).jpg',
      'Cafe\u0301.jpg',
      'Caf\u00e9.jpg',
      'ÉTÉ.jpg',
      'été.jpg',
    ].map((typed) => uniqueName(taken, safeName(typed)));
    expect(folders).toEqual(['A', 'a (2)', 'A (3)', 'a (2) (2)', 'Café', 'Café (2)', 'ÉTÉ', 'été (2)']);
    expect(new Set(folders.map((f) => f.toLowerCase())).size).toBe(folders.length);
    for (const folder of folders) expectSafeName(folder);
  });
});

describe('contentDisposition', () => {
  it('sends the name in UTF-8 and an ASCII stand-in, neither able to break the header', () => {
    const banner = findFormat(20)!;
    const cases: Array<[string, string]> = [
      ['beach.jpg', 'beach-linkedin-banner-1584x396.png'],
      ['Été à la Plage!.PNG', 'Ete a la Plage!-linkedin-banner-1584x396.png'],
      ['写真.jpg', '__-linkedin-banner-1584x396.png'],
      ['100% "quoted"\r\nSet-Cookie: x=1.jpg', '100_ _quoted_Set-Cookie_ x=1-linkedin-banner-1584x396.png'],
      ["it's (mine)*.jpg", "it's (mine)_-linkedin-banner-1584x396.png"],
      // 'Ó' folds to 'O': the ASCII name would open Windows' console device.
      ['CÓN.x.jpg', '_CON.x-linkedin-banner-1584x396.png'],
      ['\u202Egpj.exe', 'gpj-linkedin-banner-1584x396.png'],
    ];
    for (const [typed, ascii] of cases) {
      const filename = outputFilename(typed, banner, 'png');
      const parsed = parseDisposition(contentDisposition(filename));
      expect(parsed).toEqual({ ascii, utf8: filename });
      expectSafeName(parsed.ascii);
      expectSafeName(parsed.utf8);
    }
  });

  it('cannot be broken by a name that never went through safeName', () => {
    const raw = 'a"b\\c\r\nSet-Cookie: x=1;%.png';
    expect(parseDisposition(contentDisposition(raw))).toEqual({ ascii: 'a_b_c__Set-Cookie: x=1;_.png', utf8: raw });
  });
});
