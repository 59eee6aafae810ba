/** A JPEG's header as admission reads it, from the one reading of its markers (markers.ts). */
import { BASE_INFO, type StoredInfo } from '../../input/image-info';
import { readJpeg } from './markers';

export function inspectJpeg(b: Uint8Array, { checked = false } = {}): StoredInfo {
  const { frame, orientation, coefficientsPerPixel, buffered, icc } = readJpeg(b, { checked });
  return {
    ...BASE_INFO,
    type: 'jpeg',
    width: frame.width,
    height: frame.height,
    components: frame.components.length,
    progressive: frame.progressive,
    coefficientsPerPixel,
    sampling: frame.components.map(({ h, v }) => ({ h, v })),
    orientation,
    buffered,
    icc: icc ? { bytes: icc, compressed: false } : null,
  };
}
