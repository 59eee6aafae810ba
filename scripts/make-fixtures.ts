/**
 * Writes the test corpus (test/fixtures/corpus): small images made here with sharp, covering the
 * variants a resizer meets (orientations, progressive, grey, CMYK, 16-bit, palette, interlaced,
 * alpha, Display-P3, WebP kinds, animation) and broken or hostile files. Run: node scripts/make-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

const dir = new URL('../test/fixtures/corpus/', import.meta.url);
mkdirSync(dir, { recursive: true });
const write = (name: string, data: Uint8Array) => writeFileSync(new URL(name, dir), data);

/** 240×160, asymmetric so any rotation or mirror shows: red top-left, blue bottom-right, a gradient. */
function picture(width = 240, height = 160, alpha = false): Sharp {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const topLeft = x < width / 3 && y < height / 3;
      const bottomRight = x >= (2 * width) / 3 && y >= (2 * height) / 3;
      data[i] = topLeft ? 230 : bottomRight ? 20 : Math.round((255 * x) / width);
      data[i + 1] = topLeft ? 30 : bottomRight ? 40 : Math.round((255 * y) / height);
      data[i + 2] = topLeft ? 30 : bottomRight ? 220 : 120;
      data[i + 3] = alpha
        ? Math.round(255 * Math.min(1, Math.hypot(x - width / 2, y - height / 2) < 60 ? 1 : 0.25))
        : 255;
    }
  }
  return sharp(data, { raw: { width, height, channels: 4 } });
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

async function main() {
  // Orientations 1-8: the stored pixels are the upright picture un-rotated, so every file displays
  // the same upright 240×160 picture once its orientation is applied.
  const undo: Record<number, (s: Sharp) => Sharp> = {
    1: (s) => s,
    2: (s) => s.flop(),
    3: (s) => s.rotate(180),
    4: (s) => s.flip(),
    // sharp mirrors before it rotates, whatever the call order: flop + rotate(-90) is a transpose.
    5: (s) => s.rotate(-90).flop(),
    6: (s) => s.rotate(-90),
    7: (s) => s.rotate(90).flop(),
    8: (s) => s.rotate(90),
  };
  for (const [orientation, transform] of Object.entries(undo)) {
    const stored = await transform(sharp(await picture().png().toBuffer())).toBuffer();
    write(
      `orientation-${orientation}.jpg`,
      await sharp(stored)
        .jpeg({ quality: 90 })
        .withMetadata({ orientation: Number(orientation) })
        .toBuffer(),
    );
  }
  write('baseline.jpg', await picture().jpeg({ quality: 85 }).toBuffer());
  write('progressive.jpg', await picture().jpeg({ progressive: true }).toBuffer());
  write('progressive-444.jpg', await picture().jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer());
  write('grey.jpg', await picture().greyscale().jpeg().toBuffer());
  // The sizes the engine must and should take straight from a camera or a wallpaper pack: a
  // 3840×2400 progressive 4:4:4 JPEG (the costliest kind to decode) and a 4032×3024 phone photo
  // stored sideways (4:2:0, EXIF orientation 6).
  write(
    'wallpaper-3840x2400-progressive-444.jpg',
    await picture(3840, 2400).jpeg({ quality: 70, progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
  );
  write(
    'phone-4032x3024-orientation-6.jpg',
    await picture(4032, 3024).jpeg({ quality: 70 }).withMetadata({ orientation: 6 }).toBuffer(),
  );
  // A 48 MP phone photo as a phone stores it, sent straight to the API with no browser shrinking
  // (docs/engine.md, "Image limits").
  write(
    'phone-8064x6048-orientation-6.jpg',
    await picture(8064, 6048).jpeg({ quality: 50 }).withMetadata({ orientation: 6 }).toBuffer(),
  );
  // A 48 MP progressive JPEG, past the largest the isolate's budget admits (its decode holds every
  // coefficient: docs/decisions/0019-isolate-memory-budget.md), and a 42 MP one within it: decoded
  // reduced, it keeps only the coefficients its scale reads.
  write('progressive-8064x6048.jpg', await picture(8064, 6048).jpeg({ quality: 50, progressive: true }).toBuffer());
  write('progressive-7500x5625.jpg', await picture(7500, 5625).jpeg({ quality: 50, progressive: true }).toBuffer());
  // A 24 MP PNG (docs/engine.md, "Image limits"): decoded in part and reduced as its rows stream in.
  // Its gradient in steps of 64 levels, so that the file stays small.
  const { data: steps, info: raw } = await picture(6000, 4000).raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < steps.length; i++)
    if (i % 4 !== 3) steps[i] = Math.min(255, Math.round((steps[i] ?? 0) / 64) * 64);
  write('large-6000x4000.png', await sharp(steps, { raw }).png({ compressionLevel: 9 }).toBuffer());
  // A 48 MP opaque PNG (RGB, no alpha channel), a phone's full size as a PNG: decoded as RGB, past
  // the 42 MP an RGBA one of its shape may have.
  const { data: rgb, info: rgbRaw } = await picture(8064, 6048)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < rgb.length; i++) rgb[i] = Math.min(255, Math.round((rgb[i] ?? 0) / 64) * 64);
  write('large-8064x6048.png', await sharp(rgb, { raw: rgbRaw }).png({ compressionLevel: 9 }).toBuffer());
  // A 24 MP interlaced (Adam7) PNG: its passes' pixels go straight to their cells.
  const { data: adam7, info: adam7Raw } = await picture(6000, 4000).raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < adam7.length; i++)
    if (i % 4 !== 3) adam7[i] = Math.min(255, Math.round((adam7[i] ?? 0) / 64) * 64);
  write(
    'large-6000x4000-interlaced.png',
    await sharp(adam7, { raw: adam7Raw }).png({ compressionLevel: 9, progressive: true }).toBuffer(),
  );
  // The same at 19.4 MP, within the largest Adam7 PNG of its shape the budget admits (24 MP is past it).
  write(
    'large-5400x3600-interlaced.png',
    await sharp(adam7, { raw: adam7Raw })
      .resize(5400, 3600, { kernel: 'nearest' })
      .png({ compressionLevel: 9, progressive: true })
      .toBuffer(),
  );
  // A 24 MP WebP (docs/engine.md, "Image limits"): libwebp crops and scales it as it decodes.
  write('large-6000x4000.webp', await picture(6000, 4000).removeAlpha().webp({ quality: 30 }).toBuffer());
  write('cmyk.jpg', await picture().removeAlpha().toColourspace('cmyk').jpeg().toBuffer());
  write('display-p3.jpg', await picture().jpeg().withIccProfile('p3').toBuffer());
  write(
    'gps-exif.jpg',
    await picture()
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Fixture 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer(),
  );
  write('rgba.png', await picture(240, 160, true).png().toBuffer());
  write('rgb.png', await picture().removeAlpha().png().toBuffer());
  write('rgba-16bit.png', await picture(240, 160, true).toColourspace('rgb16').png().toBuffer());
  write('palette.png', await picture().png({ palette: true, colours: 32 }).toBuffer());
  write('interlaced.png', await picture().png({ progressive: true }).toBuffer());
  write('grey-alpha.png', await picture(240, 160, true).greyscale().png().toBuffer());
  write('lossless.webp', await picture().webp({ lossless: true }).toBuffer());
  write('lossy.webp', await picture().removeAlpha().webp({ quality: 80 }).toBuffer());
  write('alpha.webp', await picture(240, 160, true).webp({ quality: 80 }).toBuffer());
  const strip = await picture(48, 144).raw().toBuffer();
  write(
    'animated.webp',
    await sharp(strip, { raw: { width: 48, height: 144, channels: 4, pageHeight: 48 } } as never)
      .webp({ loop: 0 })
      .toBuffer(),
  );
  write(
    'animated.gif',
    await sharp(strip, { raw: { width: 48, height: 144, channels: 4, pageHeight: 48 } } as never)
      .gif({ loop: 0 })
      .toBuffer(),
  );

  // An APNG: a PNG with an acTL chunk (decoders that ignore animation show the first frame).
  const still = await picture(64, 64).png().toBuffer();
  const actl = new Uint8Array(8);
  new DataView(actl.buffer).setUint32(0, 1);
  write('apng.png', Buffer.concat([still.subarray(0, 33), pngChunk('acTL', actl), still.subarray(33)]));

  // Broken files.
  const jpeg = await picture().jpeg().toBuffer();
  write('truncated-header.jpg', jpeg.subarray(0, 700));
  write('truncated-half.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  write('truncated-end.jpg', jpeg.subarray(0, jpeg.length - 2));
  const png = await picture().png().toBuffer();
  write('truncated.png', png.subarray(0, Math.floor(png.length * 0.6)));
  const webp = await picture().webp().toBuffer();
  write('truncated.webp', webp.subarray(0, Math.floor(webp.length * 0.6)));
  write('empty.jpg', new Uint8Array(0));

  // Header bombs: tiny files whose headers claim huge images.
  const bombJpeg = Buffer.from(jpeg);
  for (let i = 2; i < bombJpeg.length - 9; i++) {
    if (bombJpeg[i] === 0xff && (bombJpeg[i + 1] === 0xc0 || bombJpeg[i + 1] === 0xc2)) {
      bombJpeg.writeUInt16BE(20000, i + 5);
      bombJpeg.writeUInt16BE(20000, i + 7);
      break;
    }
  }
  write('bomb-20000.jpg', bombJpeg);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100000, 0);
  ihdr.writeUInt32BE(100000, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const bombPng = Buffer.concat([
    png.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
  write('bomb-100000.png', bombPng);

  // Not images, or not ones we take.
  write(
    'script.svg',
    new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ),
  );
  write(
    'page-named.png',
    new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  );
  write('photo.gif', await picture().gif().toBuffer());
  write('photo.tiff', await picture().tiff().toBuffer());
  write('text.jpg', new TextEncoder().encode('just some text pretending to be a photo'));
}

await main();
