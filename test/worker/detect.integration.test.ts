/**
 * The detectors inside workerd: the kernels load as a module compiled at deploy time and the
 * weights as Data modules (`#detect-models`, models.workerd.ts), and YuNet finds the astronaut's
 * face in the real photo.
 */
import { describe, expect, it } from 'vitest';
import { decodePng, detectFaces, detectText, inspectImage, resampleCrop, type Raster } from '@social-resizer/engine';
import astronautUrl from '../fixtures/people/astronaut.png?inline';

function dataUrlBytes(url: string): Uint8Array {
  return Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
}

/** The photo as the detectors read it: an RGBA copy (the RGB file decodes as RGB), as view.ts makes one. */
async function astronaut(): Promise<Raster> {
  const bytes = dataUrlBytes(astronautUrl);
  const picture = await decodePng(bytes, inspectImage(bytes));
  const { width, height } = picture;
  return resampleCrop({ source: picture, orientation: 1, crop: { x: 0, y: 0, width, height }, width, height });
}

describe('face and text detection in workerd', () => {
  it('finds the face in the astronaut photo from the bundled model', async () => {
    const picture = await astronaut();
    const faces = detectFaces(picture);
    expect(faces).toHaveLength(1);
    const face = faces[0]!;
    // The face (hand-checked in the 512×512 photo): x 175-270, y 60-178.
    expect(face.x).toBeGreaterThan(165);
    expect(face.x + face.width).toBeLessThan(285);
    expect(face.y).toBeGreaterThan(45);
    expect(face.y + face.height).toBeLessThan(190);
  });

  it('runs the text detector from the bundled model', async () => {
    const picture = await astronaut();
    const lines = detectText(picture);
    // The name tag on the suit is the photo's only readable text; nothing covers the face.
    for (const line of lines) {
      expect(line.width * line.height).toBeLessThan(0.05 * 512 * 512);
      // Nothing on the face (x 175-270, y 60-178).
      expect(line.x > 270 || line.x + line.width < 175 || line.y > 178 || line.y + line.height < 60).toBe(true);
    }
  });
});
