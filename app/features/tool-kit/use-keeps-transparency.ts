/**
 * Whether a rendered output keeps any transparency, read from its preview's own pixels: only then is
 * it shown on a checkerboard (a JPEG, or a PNG or WebP with nothing transparent, is opaque and
 * shown on plain ground, as it will look where it is posted).
 */
import { useEffect, useState } from 'react';
import type { OutputType } from '@social-resizer/engine/plan/output';

/** A few pixels are enough: any alpha below 255 survives a scale-down as alpha below 255. */
const SAMPLE = 96;

export function hasTransparentPixel(data: Uint8ClampedArray): boolean {
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 255) < 255) return true;
  return false;
}

export function useKeepsTransparency(previewUrl: string | null, type: OutputType | null | undefined): boolean {
  const [found, setFound] = useState<{ url: string; transparent: boolean } | null>(null);
  const canHold = type === 'png' || type === 'webp';
  useEffect(() => {
    if (!previewUrl || !canHold) return;
    const image = new Image();
    image.onload = () => {
      const scale = Math.min(1, SAMPLE / Math.max(image.naturalWidth, image.naturalHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return;
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      setFound({ url: previewUrl, transparent: hasTransparentPixel(data) });
    };
    image.src = previewUrl;
    return () => {
      image.onload = null;
    };
  }, [previewUrl, canHold]);
  return canHold && found?.url === previewUrl && found.transparent;
}
