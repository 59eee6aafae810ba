/**
 * Banners made from the evaluation photos as a user makes them: the photo cropped to a banner
 * format's shape around its people, and a headline and a subline typeset on it in real fonts
 * (DejaVu, Debian's fonts-dejavu-core) where they cover no face. Every line's box is measured from
 * its rendered pixels, so the ground truth of the text is exact.
 */
import sharp from 'sharp';
import { findFormatByName, type PlatformFormat } from '../../shared/formats';
import type { Box, EvalPhoto } from './set';

/** The shapes users make banners in, one per platform (docs/product.md, "Banner and profile adjusters"). */
export const SOURCE_FORMATS: PlatformFormat[] = [
  findFormatByName('linkedin', 'banner'),
  findFormatByName('twitter', 'header'),
  findFormatByName('youtube', 'banner'),
  findFormatByName('facebook', 'cover photo'),
].map((f) => {
  if (!f) throw new Error('a source banner format is missing from the catalogue');
  return f;
});

export const LAYOUTS = ['left', 'right', 'centre', 'top', 'bottom'] as const;
export type Layout = (typeof LAYOUTS)[number];

const TEXTS: Array<[string, string]> = [
  ['Spring Workshop 2026', 'Design, photography and community'],
  ['Meet the Team', 'Product people who ship every week'],
  ['Open Studio Night', 'Friday 7 pm, everyone welcome'],
  ['Hello, I am Alex', 'Engineer and weekend photographer'],
  ['Annual Summit', 'Talks, panels and late-night demos'],
];

export interface Banner {
  photo: EvalPhoto;
  source: PlatformFormat;
  layout: Layout;
  /** PNG of the banner, source.width × source.height. */
  png: Buffer;
  width: number;
  height: number;
  /** The photo's ground-truth faces, in banner pixels. */
  faces: Box[];
  /** One box per typeset line, measured from its pixels. */
  lines: Box[];
}

const grow = (b: Box, by: number): Box => ({
  x: b.x - b.width * by,
  y: b.y - b.height * by,
  width: b.width * (1 + 2 * by),
  height: b.height * (1 + 2 * by),
});
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const union = (boxes: Box[]): Box => {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
};

/**
 * The largest crop of the format's shape in the photo that holds every face with a margin of a
 * fifth of a face above and below, centred on the faces; null when the shape cannot hold them
 * (a tall portrait into a 4:1 banner), as a user would pick another photo.
 */
function sourceCrop(photo: EvalPhoto, size: { width: number; height: number }, format: PlatformFormat): Box | null {
  const aspect = format.width / format.height;
  const width = Math.min(size.width, size.height * aspect);
  const height = width / aspect;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  if (photo.faces.length === 0) return { x: (size.width - width) / 2, y: (size.height - height) / 2, width, height };
  const faces = union(photo.faces);
  const margin = Math.max(...photo.faces.map((f) => f.height)) / 5;
  if (faces.width > width || faces.height + 2 * margin > height) return null;
  const x = clamp(faces.x + faces.width / 2 - width / 2, size.width - width);
  const y = clamp(faces.y + faces.height / 2 - height / 2, size.height - height);
  return { x, y, width, height };
}

/** The SVG of one line of text on a transparent canvas of the banner's size. */
function lineSvg(
  width: number,
  height: number,
  text: string,
  at: { x: number; y: number },
  anchor: string,
  size: number,
  bold: boolean,
) {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${at.x}" y="${at.y}" text-anchor="${anchor}" font-family="DejaVu Sans" font-weight="${bold ? 'bold' : 'normal'}" font-size="${size}" fill="#ffffff" stroke="#1a1a1a" stroke-width="${Math.max(1, size / 16)}" paint-order="stroke">${escaped}</text></svg>`,
  );
}

/** The box of a rendered line's pixels (alpha above 1/8, so faint anti-aliasing does not widen it). */
async function measure(png: Buffer): Promise<Box | null> {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let x0 = info.width;
  let y0 = info.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if ((data[y * info.width + x] as number) > 32) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Where a layout puts the headline's and the subline's baselines and their anchor. */
function place(layout: Layout, width: number, height: number, head: number, sub: number) {
  const block = head + sub * 1.5;
  const middleTop = (height - block) / 2;
  const top = layout === 'top' ? height * 0.08 : layout === 'bottom' ? height * 0.92 - block : middleTop;
  const x = layout === 'left' ? width * 0.05 : layout === 'right' ? width * 0.95 : width / 2;
  const anchor = layout === 'left' ? 'start' : layout === 'right' ? 'end' : 'middle';
  return { x, anchor, headY: top + head * 0.8, subY: top + head + sub * 1.2 };
}

/** The photo's crop for a region of the banner, resized to it. */
async function photoPart(
  photo: EvalPhoto,
  crop: Box,
  size: { width: number; height: number },
  width: number,
  height: number,
) {
  return sharp(photo.path)
    .extract({
      left: Math.round(crop.x),
      top: Math.round(crop.y),
      width: Math.min(size.width - Math.round(crop.x), Math.round(crop.width)),
      height: Math.min(size.height - Math.round(crop.y), Math.round(crop.height)),
    })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .png()
    .toBuffer();
}

/** The two lines typeset, measured; null when they leave the banner or cover a face (grown by a quarter). */
async function typeset(
  texts: [string, string],
  layout: Layout,
  width: number,
  height: number,
  faces: Box[],
  span = { x: 0, width },
) {
  const head = Math.round(0.13 * Math.min(height, span.width / 2.5));
  const sub = Math.round(head * 0.55);
  const at = place(layout, span.width, height, head, sub);
  const x = at.x + span.x;
  const pngs = await Promise.all(
    [
      lineSvg(width, height, texts[0], { x, y: at.headY }, at.anchor, head, true),
      lineSvg(width, height, texts[1], { x, y: at.subY }, at.anchor, sub, false),
    ].map((svg) => sharp(svg).png().toBuffer()),
  );
  const lines = (await Promise.all(pngs.map(measure))).filter((b): b is Box => b !== null);
  const inside = lines.every(
    (l) => l.x >= span.x && l.y >= 0 && l.x + l.width <= span.x + span.width && l.y + l.height <= height,
  );
  if (lines.length !== 2 || !inside || lines.some((l) => faces.some((f) => overlaps(l, grow(f, 0.25))))) return null;
  return { pngs, lines };
}

/**
 * Every banner of one photo, per source format: the photo full bleed with the text in each layout
 * that covers no face; where none does, the photo on one side and the text on a plain panel on the
 * other (both ways round), as banner templates do; where the shape cannot hold the faces even so,
 * none. A photo without faces gets every layout.
 */
export async function makeBanners(photo: EvalPhoto, index: number): Promise<Banner[]> {
  const meta = await sharp(photo.path).metadata();
  const size = { width: meta.width as number, height: meta.height as number };
  const texts = TEXTS[index % TEXTS.length] as [string, string];
  const { dominant } = await sharp(photo.path).stats();
  const panel = { r: dominant.r * 0.35, g: dominant.g * 0.35, b: dominant.b * 0.35 };
  const banners: Banner[] = [];
  const toBanner = (crop: Box, at: { x: number; width: number }) => (f: Box) => {
    const k = at.width / crop.width;
    return { x: at.x + (f.x - crop.x) * k, y: (f.y - crop.y) * k, width: f.width * k, height: f.height * k };
  };
  for (const source of SOURCE_FORMATS) {
    const { width, height } = source;
    const crop = sourceCrop(photo, size, source);
    let made = 0;
    if (crop) {
      const faces = photo.faces.map(toBanner(crop, { x: 0, width }));
      const base = await photoPart(photo, crop, size, width, height);
      // At most two layouts a shape, the first tried turning with the photo, so the set stays varied but small.
      for (const [i] of LAYOUTS.entries()) {
        if (made === 2) break;
        const layout = LAYOUTS[(i + index) % LAYOUTS.length] as Layout;
        const text = await typeset(texts, layout, width, height, faces);
        if (!text) continue;
        const png = await sharp(base)
          .composite(text.pngs.map((input) => ({ input })))
          .png()
          .toBuffer();
        banners.push({ photo, source, layout, png, width, height, faces, lines: text.lines });
        made += 1;
      }
    }
    if (made > 0) continue;
    const part = Math.round(width * 0.55);
    const partCrop = sourceCrop(photo, size, { ...source, width: part, height });
    if (!partCrop) continue;
    const picture = await photoPart(photo, partCrop, size, part, height);
    for (const layout of ['left', 'right'] as const) {
      // Text on the left: the photo on the right, and the other way round.
      const photoX = layout === 'left' ? width - part : 0;
      const faces = photo.faces.map(toBanner(partCrop, { x: photoX, width: part }));
      const span = layout === 'left' ? { x: 0, width: width - part } : { x: part, width: width - part };
      const text = await typeset(texts, 'centre', width, height, faces, span);
      if (!text) continue;
      const png = await sharp({ create: { width, height, channels: 3, background: panel } })
        .composite([{ input: picture, left: photoX, top: 0 }, ...text.pngs.map((input) => ({ input }))])
        .png()
        .toBuffer();
      banners.push({ photo, source, layout, png, width, height, faces, lines: text.lines });
    }
  }
  return banners;
}
