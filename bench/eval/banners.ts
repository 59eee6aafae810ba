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

/**
 * How a banner's text is set. The held-out photos' banners are set in a look never used while
 * tuning (another typeface, other words, dark text on light cards and panels), so the text and
 * panel judgement is measured on typography it was not tuned on (README.md beside this file).
 */
interface Look {
  font: string;
  texts: Array<[string, string]>;
  fill: string;
  stroke: string;
  /** The card's and the panel's colour from the photo's dominant colour. */
  panel: (dominant: { r: number; g: number; b: number }) => { r: number; g: number; b: number };
}

const LOOKS: Record<EvalPhoto['split'], Look> = {
  tuning: {
    font: 'DejaVu Sans',
    texts: [
      ['Spring Workshop 2026', 'Design, photography and community'],
      ['Meet the Team', 'Product people who ship every week'],
      ['Open Studio Night', 'Friday 7 pm, everyone welcome'],
      ['Hello, I am Alex', 'Engineer and weekend photographer'],
      ['Annual Summit', 'Talks, panels and late-night demos'],
    ],
    fill: '#ffffff',
    stroke: '#1a1a1a',
    panel: (d) => ({ r: d.r * 0.35, g: d.g * 0.35, b: d.b * 0.35 }),
  },
  'held-out': {
    font: 'DejaVu Serif',
    texts: [
      ['Harbour Lights Festival', 'Music on the quay, June 12 to 15'],
      ['Our New Studio', 'Portraits, headshots and family sessions'],
      ['Weekend Market', 'Local makers, food and live music'],
      ['Join Our Team', 'We are hiring designers and engineers'],
      ['Book Club Evenings', 'Every second Thursday at the library'],
    ],
    fill: '#14213d',
    stroke: '#f5f1e8',
    panel: (d) => ({ r: 235 + d.r * 0.06, g: 230 + d.g * 0.06, b: 220 + d.b * 0.06 }),
  },
};

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
  /** One box per typeset line, measured from its pixels; the headline first. */
  lines: Box[];
  /** The plain panel the text is set on, where the layout has one. */
  panels: Box[];
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
  look: Look,
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
      `<text x="${at.x}" y="${at.y}" text-anchor="${anchor}" font-family="${look.font}" font-weight="${bold ? 'bold' : 'normal'}" font-size="${size}" fill="${look.fill}" stroke="${look.stroke}" stroke-width="${Math.max(1, size / 16)}" paint-order="stroke">${escaped}</text></svg>`,
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
  look: Look,
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
      lineSvg(look, width, height, texts[0], { x, y: at.headY }, at.anchor, head, true),
      lineSvg(look, width, height, texts[1], { x, y: at.subY }, at.anchor, sub, false),
    ].map((svg) => sharp(svg).png().toBuffer()),
  );
  const lines = (await Promise.all(pngs.map(measure))).filter((b): b is Box => b !== null);
  const inside = lines.every(
    (l) => l.x >= span.x && l.y >= 0 && l.x + l.width <= span.x + span.width && l.y + l.height <= height,
  );
  if (lines.length !== 2 || !inside || lines.some((l) => faces.some((f) => overlaps(l, grow(f, 0.25))))) return null;
  return { pngs, lines };
}

/** A card around the lines (half the headline's height of padding), inside the banner and clear of every face; else null. */
function cardFor(lines: Box[], width: number, height: number, faces: Box[]): Box | null {
  const text = union(lines);
  const pad = 0.5 * (lines[0]?.height ?? 0);
  const card = {
    x: Math.round(text.x - pad),
    y: Math.round(text.y - pad),
    width: Math.round(text.width + 2 * pad),
    height: Math.round(text.height + 2 * pad),
  };
  const inside = card.x >= 0 && card.y >= 0 && card.x + card.width <= width && card.y + card.height <= height;
  return inside && !faces.some((f) => overlaps(card, grow(f, 0.25))) ? card : null;
}

function cardSvg(width: number, height: number, card: Box, colour: { r: number; g: number; b: number }) {
  const fill = `rgb(${Math.round(colour.r)},${Math.round(colour.g)},${Math.round(colour.b)})`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${card.x}" y="${card.y}" width="${card.width}" height="${card.height}" rx="${Math.round(card.height / 12)}" fill="${fill}"/></svg>`,
  );
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
  const look = LOOKS[photo.split];
  const texts = look.texts[index % look.texts.length] as [string, string];
  const { dominant } = await sharp(photo.path).stats();
  const panel = look.panel(dominant);
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
      // At most two layouts a shape, the first tried turning with the photo, so the set stays varied
      // but small; the second sets its text on a card, as banner templates do, where the card
      // covers no face.
      for (const [i] of LAYOUTS.entries()) {
        if (made === 2) break;
        const layout = LAYOUTS[(i + index) % LAYOUTS.length] as Layout;
        const text = await typeset(look, texts, layout, width, height, faces);
        if (!text) continue;
        const card = made === 1 ? cardFor(text.lines, width, height, faces) : null;
        const png = await sharp(base)
          .composite([
            ...(card ? [{ input: cardSvg(width, height, card, panel) }] : []),
            ...text.pngs.map((input) => ({ input })),
          ])
          .png()
          .toBuffer();
        banners.push({
          photo,
          source,
          layout,
          png,
          width,
          height,
          faces,
          lines: text.lines,
          panels: card ? [card] : [],
        });
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
      const text = await typeset(look, texts, 'centre', width, height, faces, span);
      if (!text) continue;
      const png = await sharp({ create: { width, height, channels: 3, background: panel } })
        .composite([{ input: picture, left: photoX, top: 0 }, ...text.pngs.map((input) => ({ input }))])
        .png()
        .toBuffer();
      const panels = [{ x: span.x, y: 0, width: span.width, height }];
      banners.push({ photo, source, layout, png, width, height, faces, lines: text.lines, panels });
    }
  }
  return banners;
}
