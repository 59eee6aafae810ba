/**
 * The quality preview's state: the output drawn at its own size from the user's picture (the
 * "before"), and the browser's encoding of it at the chosen type and quality (the "after" and the
 * file's estimated size), made again on every change, the newest change winning. The pixels are
 * the user's own picture, already in the page: nothing new is asked of the server.
 */
import { useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { fillKey, type Fill } from '../../../../shared/fill';
import type { PlatformFormat } from '../../../../shared/formats';
import type { OutputChoice, OutputType } from '@social-resizer/engine/plan/output';
import type { LossyType } from './band-job';
import { drawOutput } from './draw-output';
import { decodePicture } from '../shown-picture';
import type { EncoderPool, Raster } from './encoder-pool';

export interface QualityPreviewState {
  /** The output before compression (null until the picture is drawn). */
  before: ImageBitmap | null;
  /** The output as the chosen quality leaves it, once encoded. */
  after: ImageBitmap | null;
  /** The estimated file size for `type` at `quality` (null while the first encoding runs). */
  size: number | null;
  type: LossyType | null;
  quality: number | null;
  /** A change is being encoded. */
  busy: boolean;
  error: string | null;
}

const EMPTY: QualityPreviewState = {
  before: null,
  after: null,
  size: null,
  type: null,
  quality: null,
  busy: false,
  error: null,
};

/**
 * The lossy type a choice gives, to preview: JPEG or WebP as chosen, or Auto's pick once the server
 * made the file (Auto picks per picture: auto-type.ts); null for PNG, which loses nothing.
 */
export function previewType(choice: OutputChoice, made: OutputType | null | undefined): LossyType | null {
  if (choice === 'jpeg' || choice === 'webp') return choice;
  if (choice === 'auto' && (made === 'jpeg' || made === 'webp')) return made;
  return null;
}

/** The output at its own size, and its pixels for the encoders. */
async function drawSource(
  url: string,
  pictureWidth: number,
  format: Pick<PlatformFormat, 'width' | 'height'>,
  area: Area,
  fill: Fill,
  opaque: boolean,
): Promise<{ raster: Raster; bitmap: ImageBitmap }> {
  // Decoded off the page's thread: drawn from an <img>, a 12 MP photo held the page 0.3 s.
  const picture = await decodePicture(url).catch(() => {
    throw new Error('Your picture could not be loaded for the preview');
  });
  const canvas = new OffscreenCanvas(format.width, format.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot draw the preview');
  drawOutput(context, picture, pictureWidth, area, fill, opaque);
  picture.close();
  const { data } = context.getImageData(0, 0, format.width, format.height);
  return { raster: { width: format.width, height: format.height, data }, bitmap: canvas.transferToImageBitmap() };
}

/** The bands' files decoded and stacked into one picture. */
async function decodeBands(
  width: number,
  height: number,
  type: LossyType,
  bands: Array<{ y: number; bytes: Uint8Array<ArrayBuffer> }>,
): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the preview');
  const pictures = await Promise.all(
    bands.map((band) => createImageBitmap(new Blob([band.bytes], { type: `image/${type}` }))),
  );
  pictures.forEach((picture, i) => {
    context.drawImage(picture, 0, bands[i]?.y ?? 0);
    picture.close();
  });
  return canvas.transferToImageBitmap();
}

/** fillKey's inverse: the fill a key names. */
function fillFromKey(key: string): Fill {
  if (key === 'blur' || key === 'transparent') return { kind: key };
  return key.startsWith('#') ? { kind: 'color', color: key } : { kind: 'transparent' };
}

export function useQualityPreview({
  pictureUrl,
  pictureWidth,
  format,
  area,
  fill,
  type,
  quality,
}: {
  /** Where the picture is shown from (shown-picture.ts): its pixels at full size. */
  pictureUrl: string;
  /** The picture's own width: `area` is in its pixels. */
  pictureWidth: number;
  format: PlatformFormat;
  area: Area;
  fill: Fill;
  /** JPEG or WebP; null turns the preview off (PNG is lossless: nothing to see). */
  type: LossyType | null;
  quality: number;
}): QualityPreviewState {
  const [state, setState] = useState<QualityPreviewState>(EMPTY);
  const [source, setSource] = useState<Raster | null>(null);
  const pool = useRef<Promise<EncoderPool> | null>(null);
  const opaque = type === 'jpeg' || format.opaque;
  const { x, y, width, height } = area;
  // Each answer from the server brings equal crop and fill objects anew: only a real change redraws.
  const fillAs = fillKey(fill);

  // The encoders' workers live as long as the preview.
  useEffect(() => {
    if (!type) return;
    return () => {
      void pool.current?.then((p) => p.dispose());
      pool.current = null;
    };
  }, [type]);

  useEffect(() => {
    if (!type) return;
    let live = true;
    setSource(null);
    drawSource(pictureUrl, pictureWidth, format, { x, y, width, height }, fillFromKey(fillAs), opaque).then(
      ({ raster, bitmap }) => {
        if (!live) return bitmap.close();
        setSource(raster);
        setState((s) => ({ ...s, before: bitmap, error: null }));
      },
      (error: unknown) => live && setState((s) => ({ ...s, error: (error as Error).message })),
    );
    return () => {
      live = false;
    };
  }, [pictureUrl, pictureWidth, format, x, y, width, height, fillAs, opaque, type]);

  useEffect(() => {
    if (!type || !source) return;
    let live = true;
    setState((s) => ({ ...s, busy: true }));
    pool.current ??= import('./encoder-pool').then(({ EncoderPool }) => new EncoderPool());
    pool.current
      .then((p) => p.latest(source, type, quality))
      .then(async (encoding) => {
        if (!live || !encoding) return;
        // The size first: it is what the user waits for; the picture follows.
        setState((s) => ({ ...s, size: encoding.size, type, quality, busy: false, error: null }));
        const after = await decodeBands(source.width, source.height, type, encoding.bands);
        if (!live) return after.close();
        setState((s) => ({ ...s, after }));
      })
      .catch((error: unknown) => {
        if (live) setState((s) => ({ ...s, busy: false, error: (error as Error).message }));
      });
    return () => {
      live = false;
    };
  }, [source, type, quality]);

  // A replaced picture is let go at once (a 2560×1440 one holds 15 MB); the view draws only the new one.
  useEffect(() => () => state.before?.close(), [state.before]);
  useEffect(() => () => state.after?.close(), [state.after]);

  return type ? state : EMPTY;
}
