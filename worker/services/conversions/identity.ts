/**
 * What makes two renders the same, defined once: the hourly limits count a render asked again the
 * same way once, a row asked again the same way is not rendered again, and two formats of a request
 * that render to the same bytes are copied rather than rendered twice.
 */
import type { CropRect } from '@social-resizer/engine/plan/crop';
import { fillKey, type Fill } from '../../../shared/fill';
import { PLATFORM_FORMATS, type PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { isNull, ne, or } from 'drizzle-orm';
import { conversions, type ConversionFlow, type ConversionMode } from '../../db/schema';

/** How a render is asked for: by which tool, in which mode, as what file, with what fill, box to keep or crop. */
export type RenderAsk = {
  flow: ConversionFlow;
  mode: ConversionMode;
  output: OutputSettings;
  /** Null: the flow's default fill. */
  fill: Fill | null;
  focus: CropRect | null;
  /** The user's own crop of one target (re-framed by hand); absent or null for every other ask. */
  handCrop?: CropRect | null;
};

/** The ask as one value: equal values render the same file of the same format from the same request. */
export function renderIdentity(ask: RenderAsk): string {
  const rounded = (r: CropRect | null | undefined) => (r ? [r.x, r.y, r.width, r.height].map(Math.round) : null);
  const ask6 = [ask.flow, ask.mode, ask.output.type, ask.output.quality, fillKey(ask.fill), rounded(ask.focus)];
  return JSON.stringify(ask.handCrop ? [...ask6, rounded(ask.handCrop)] : ask6);
}

/** The hourly limit's key of one render: a request's format asked a given way. */
export function renderLimitKey(requestId: string, formatId: number, identity: string): string {
  return `${requestId}:${formatId}:${identity}`;
}

/** Whether a plan frames the render (content-aware, or around the user's box): its safe zone matters. */
const isPlanned = (ask: Pick<RenderAsk, 'mode' | 'focus'>) => ask.focus !== null || ask.mode === 'content-aware';

/**
 * What decides a format's file besides the ask: its size, what the platform takes (types, cap,
 * opacity), and the safe zone where a plan reads it (content-aware or the user's box). Two formats
 * of one request asked the same way with the same signature render the same bytes.
 */
export function formatSignature(format: PlatformFormat, ask: Pick<RenderAsk, 'flow' | 'mode' | 'focus'>): string {
  const planned = isPlanned(ask);
  return JSON.stringify([
    format.width,
    format.height,
    format.opaque,
    format.types,
    format.maxBytes,
    planned ? format.safeZone : null,
    // Profile pictures are framed on the face whatever their safe zone: their plan differs from a banner's.
    planned && format.profile,
  ]);
}

const catalogueBySignature = new Map<string, number[]>();

/**
 * The catalogue's formats other than `format` that share its signature when asked this way: the
 * only ones whose finished file can be its twin (most formats have none, and need no look).
 */
export function twinCandidates(format: PlatformFormat, ask: Pick<RenderAsk, 'flow' | 'mode' | 'focus'>): number[] {
  const signature = formatSignature(format, ask);
  // Formats whose signatures differ when planned may meet when not: the key names which it is.
  const key = `${isPlanned(ask)}${signature}`;
  let ids = catalogueBySignature.get(key);
  if (!ids) {
    ids = PLATFORM_FORMATS.filter((f) => formatSignature(f, ask) === signature).map((f) => f.id);
    catalogueBySignature.set(key, ids);
  }
  return ids.filter((id) => id !== format.id);
}

/** For marking a row: it is rendered again unless it is complete and was asked as `identity`. */
export function unlessRenderedAs(identity: string) {
  return or(ne(conversions.status, 'complete'), isNull(conversions.identity), ne(conversions.identity, identity));
}
