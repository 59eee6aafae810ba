/**
 * Banners with a headline and a logo drawn at known positions, for measuring how much of them each
 * conversion keeps. The text is drawn from a 5×7 pixel font as SVG rectangles (no system fonts
 * needed, so it renders the same on any machine) and composited onto a photo with sharp.
 */
import sharp from 'sharp';
import { safeRect, type CropTarget } from '@social-resizer/engine';

const FONT: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  G: ['01111', '10000', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  W: ['10001', '10001', '10001', '10101', '10101', '11011', '10001'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MarkedLayout {
  name: string;
  text: string;
  /** Top left of the headline and its pixel size (one font dot), in banner pixels. */
  textAt: { x: number; y: number; dot: number };
  /** Centre and radius of the round logo. */
  logo: { cx: number; cy: number; r: number };
}

export interface MarkedBanner {
  png: Buffer;
  width: number;
  height: number;
  /** The headline's and the logo's boxes: what must stay visible. */
  marks: Box[];
}

/** Width and height a headline takes at a dot size (5 dots a letter, 1 between letters). */
export function textSize(text: string, dot: number): { width: number; height: number } {
  return { width: (text.length * 6 - 1) * dot, height: 7 * dot };
}

function textSvg(text: string, x0: number, y0: number, dot: number, fill: string): string {
  const rects: string[] = [];
  [...text].forEach((ch, index) => {
    const glyph = FONT[ch];
    if (!glyph) throw new Error(`no glyph for ${ch}`);
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit === '1')
          rects.push(
            `<rect x="${x0 + (index * 6 + gx) * dot}" y="${y0 + gy * dot}" width="${dot}" height="${dot}" fill="${fill}"/>`,
          );
      });
    });
  });
  return rects.join('');
}

/** A photo cover-cropped to width × height with the layout's headline (white, shadowed) and logo drawn on it. */
export async function makeMarkedBanner(
  photo: string | Buffer,
  width: number,
  height: number,
  layout: MarkedLayout,
): Promise<MarkedBanner> {
  const { x, y, dot } = layout.textAt;
  const size = textSize(layout.text, dot);
  const shadow = Math.max(1, Math.round(dot / 3));
  const { cx, cy, r } = layout.logo;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${textSvg(layout.text, x + shadow, y + shadow, dot, '#111827')}
    ${textSvg(layout.text, x, y, dot, '#ffffff')}
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#e11d48" stroke="#ffffff" stroke-width="${Math.max(2, r / 10)}"/>
    <rect x="${cx - r / 3}" y="${cy - r / 3}" width="${(2 * r) / 3}" height="${(2 * r) / 3}" fill="#ffffff"/>
  </svg>`;
  const png = await sharp(photo)
    .resize(width, height, { fit: 'cover' })
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
  const half = r + Math.max(2, r / 10) / 2;
  return {
    png,
    width,
    height,
    marks: [
      { x, y, width: size.width + shadow, height: size.height + shadow },
      { x: cx - half, y: cy - half, width: 2 * half, height: 2 * half },
    ],
  };
}

/** Layouts a designer would use on a 1500×500 header: headline left, centred or right, logo in a corner or beside. */
export const LAYOUTS_1500x500: MarkedLayout[] = [
  {
    name: 'text-left-logo-right',
    text: 'SUMMER SALE',
    textAt: { x: 70, y: 200, dot: 10 },
    logo: { cx: 1380, cy: 110, r: 60 },
  },
  {
    name: 'text-centre-logo-left',
    text: 'NEW COLLECTION',
    textAt: { x: 330, y: 280, dot: 10 },
    logo: { cx: 120, cy: 120, r: 70 },
  },
  {
    name: 'text-right-logo-below',
    text: 'WEBINAR 2026',
    textAt: { x: 820, y: 120, dot: 8 },
    logo: { cx: 1300, cy: 360, r: 55 },
  },
  {
    name: 'text-top-logo-corner',
    text: 'OPEN HOUSE',
    textAt: { x: 500, y: 40, dot: 9 },
    logo: { cx: 1420, cy: 430, r: 45 },
  },
  { name: 'lockup-left', text: 'STUDIO', textAt: { x: 230, y: 215, dot: 10 }, logo: { cx: 150, cy: 250, r: 55 } },
  { name: 'lockup-right', text: 'DESIGN', textAt: { x: 1010, y: 360, dot: 8 }, logo: { cx: 1400, cy: 385, r: 40 } },
];

/** Share of a box that lies inside the crop (the part of the source the output shows), 0..1. */
export function visibleShare(mark: Box, crop: Box): number {
  const w = Math.max(0, Math.min(mark.x + mark.width, crop.x + crop.width) - Math.max(mark.x, crop.x));
  const h = Math.max(0, Math.min(mark.y + mark.height, crop.y + crop.height) - Math.max(mark.y, crop.y));
  return (w * h) / (mark.width * mark.height);
}

/** Share of a box that lands inside the target's safe zone when the output shows `crop`, 0..1. */
export function safeZoneShare(mark: Box, crop: Box, target: CropTarget): number {
  const safe = safeRect(target);
  const sx = crop.width / target.width;
  const sy = crop.height / target.height;
  return visibleShare(mark, {
    x: crop.x + safe.x * sx,
    y: crop.y + safe.y * sy,
    width: safe.width * sx,
    height: safe.height * sy,
  });
}
