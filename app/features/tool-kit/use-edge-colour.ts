import { useEffect, useState } from 'react';
import { edgeColour } from '../../../shared/fill';

/** The picture's dominant edge colour, read from a small copy in the browser; null until loaded. */
export function useEdgeColour(imageUrl: string): string | null {
  const [colour, setColour] = useState<{ url: string; value: string } | null>(null);
  useEffect(() => {
    let live = true;
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context || !live) return;
      context.drawImage(img, 0, 0, 64, 64);
      setColour({ url: imageUrl, value: edgeColour(context.getImageData(0, 0, 64, 64).data, 64, 64) });
    };
    img.src = imageUrl;
    return () => {
      live = false;
    };
  }, [imageUrl]);
  return colour?.url === imageUrl ? colour.value : null;
}
