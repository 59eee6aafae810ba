/** What the page and its encoding workers say to each other (encode-worker.ts, encoder-pool.ts). */
export type LossyType = 'jpeg' | 'webp';

export interface BandJob {
  id: number;
  type: LossyType;
  quality: number;
  width: number;
  height: number;
  /** The whole output's pixels, of which this band is part (it decides the JPEG's tables). */
  outputPixels: number;
  /** RGBA, row-major: the band's own copy (transferred). */
  pixels: Uint8ClampedArray;
  module: WebAssembly.Module;
}

export type BandResult = { id: number; bytes: Uint8Array } | { id: number; error: string };
