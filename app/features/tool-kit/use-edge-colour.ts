import { useEffect, useState } from 'react';
import { edgeColour } from '../../../shared/fill';
import { shownBitmap } from './shown-picture';

/**
 * The picture's dominant edge colour, read from a small drawing of its shown bitmap
 * (shown-picture.ts); null until loaded.
 */
export function useEdgeColour(pictureUrl: string, picture: { width: number; height: number }): string | null {
  const [colour, setColour] = useState<{ url: string; value: string } | null>(null);
  const { width, height } = picture;
  useEffect(() => {
    let live = true;
    shownBitmap(pictureUrl, { width, height }).then(
      (bitmap) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 64;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context || !live) return;
        context.drawImage(bitmap, 0, 0, 64, 64);
        setColour({ url: pictureUrl, value: edgeColour(context.getImageData(0, 0, 64, 64).data, 64, 64) });
      },
      () => undefined, // no edge colour: the fill picker offers the others
    );
    return () => {
      live = false;
    };
  }, [pictureUrl, width, height]);
  return colour?.url === pictureUrl ? colour.value : null;
}
