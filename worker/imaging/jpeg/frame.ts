/** How a frame's components are laid out in memory: blocks, bands (MCU rows) and sample strips. */
import type { HuffmanTable } from './huffman';
import type { FrameHeader } from './markers';

export interface Component {
  id: number;
  h: number;
  v: number;
  /** Quantisation table slot; looked up when the band is transformed (DQT may follow SOF). */
  tq: number;
  /** Samples across and down (before padding to whole blocks). */
  width: number;
  height: number;
  /** Blocks across as stored: every MCU column's h blocks, so interleaved scans fit. */
  stride: number;
  /** Blocks actually coded across and down by a scan of this component alone. */
  blocksAcross: number;
  blocksDown: number;
  /** Coefficients, natural order, one array per band (MCU row), made on first use. */
  bands: Array<Int16Array | undefined>;
  dc: HuffmanTable | null;
  ac: HuffmanTable | null;
  pred: number;
  /** Three strips of inverse-DCT'd samples (bands m-1, m, m+1), stride * 8 wide, v * 8 high. */
  strips: Uint8Array[];
}

export interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: Component[];
  maxH: number;
  maxV: number;
  mcusAcross: number;
  mcusDown: number;
  /** Per component, the horizontal upsampling taps to the image's width. */
  upsample: Taps[];
  /** Per component, one upsampled row of the image's width (reused for every row). */
  rows: Float32Array[];
}

/**
 * Linear interpolation taps from a component's samples to the image's, centred as libjpeg's fancy
 * upsampling is (at 2:1 the weights are ¾ and ¼): for image position i, samples lo[i] and lo[i] + 1
 * (clamped) with weight w[i] on the second.
 */
export type Taps = { lo: Int32Array; hi: Int32Array; w: Float32Array };

export function taps(size: number, ratio: number, limit: number): Taps {
  const lo = new Int32Array(size);
  const hi = new Int32Array(size);
  const w = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const at = (i + 0.5) / ratio - 0.5;
    const f = Math.floor(at);
    lo[i] = Math.min(limit - 1, Math.max(0, f));
    hi[i] = Math.min(limit - 1, Math.max(0, f + 1));
    w[i] = at - f;
  }
  return { lo, hi, w };
}

/** The layout of a frame the marker reader has checked (and admission has measured). */
export function layoutFrame(header: FrameHeader): Frame {
  const { width, height, progressive } = header;
  const raw = header.components;
  const maxH = Math.max(...raw.map((r) => r.h));
  const maxV = Math.max(...raw.map((r) => r.v));
  const mcusAcross = Math.ceil(width / (8 * maxH));
  const mcusDown = Math.ceil(height / (8 * maxV));
  const components = raw.map((r): Component => {
    const cw = Math.ceil((width * r.h) / maxH);
    const ch = Math.ceil((height * r.v) / maxV);
    const stride = mcusAcross * r.h;
    return {
      id: r.id,
      h: r.h,
      v: r.v,
      tq: r.tq,
      width: cw,
      height: ch,
      stride,
      blocksAcross: Math.ceil(cw / 8),
      blocksDown: Math.ceil(ch / 8),
      bands: new Array<Int16Array | undefined>(mcusDown),
      dc: null,
      ac: null,
      pred: 0,
      strips: [0, 1, 2].map(() => new Uint8Array(stride * 8 * r.v * 8)),
    };
  });
  const upsample = components.map((c) => taps(width, maxH / c.h, c.width));
  const rows = components.map(() => new Float32Array(width));
  return { width, height, progressive, components, maxH, maxV, mcusAcross, mcusDown, upsample, rows };
}
