/**
 * The quality preview where several formats are chosen at once (the adjusters, the batch): the
 * before and after of one of them, picked from the chosen ones, framed on the picture's centre
 * (their own framing is decided when they are made). Auto is previewed as JPEG, the type it gives
 * a photo and the one its quality is for (docs/product.md, "Quality preview").
 */
import { Suspense, useId, useState } from 'react';
import type { Area } from 'react-easy-crop';
import type { Fill } from '../../../../shared/fill';
import type { PlatformFormat } from '../../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { platformName } from '../../../../shared/platforms';
import type { QualityEstimate } from '../output-notes';
import type { LossyType } from './band-job';
import { LazyQualityPanel } from './lazy';
import { useQualityPreview, type QualityPreviewState } from './use-quality-preview';

/** The largest part of the picture with the format's shape, in its centre. */
export function centredArea(picture: { width: number; height: number }, format: PlatformFormat): Area {
  const ratio = format.width / format.height;
  const width = Math.min(picture.width, picture.height * ratio);
  const height = width / ratio;
  return { x: (picture.width - width) / 2, y: (picture.height - height) / 2, width, height };
}

export function useChosenFormatsPreview({
  pictureUrl,
  picture,
  chosen,
  output,
  fill,
}: {
  pictureUrl: string | null;
  picture: { width: number; height: number } | null;
  chosen: PlatformFormat[];
  output: OutputSettings;
  fill: Fill;
}) {
  const [pickedId, setPickedId] = useState<number | null>(null);
  const format = chosen.find((f) => f.id === pickedId) ?? chosen[0] ?? null;
  const wanted: LossyType | null = output.type === 'png' ? null : output.type === 'auto' ? 'jpeg' : output.type;
  const type = format && pictureUrl && picture && (wanted !== 'webp' || format.types.includes('webp')) ? wanted : null;
  const state = useQualityPreview({
    pictureUrl: pictureUrl ?? '',
    pictureWidth: picture?.width ?? 1,
    format: format ?? FALLBACK_SHAPE,
    area: format && picture ? centredArea(picture, format) : { x: 0, y: 0, width: 1, height: 1 },
    fill,
    type,
    quality: output.quality,
  });
  const estimate: QualityEstimate | undefined =
    type && format ? { size: state.size, quality: state.quality, maxBytes: format.maxBytes } : undefined;
  return { state, format: type ? format : null, chosen, pick: setPickedId, estimate, quality: output.quality };
}

/** A shape for the hook while nothing is chosen (the preview is off then). */
const FALLBACK_SHAPE: PlatformFormat = {
  id: 0,
  key: 'none',
  platform: 'facebook',
  format: 'none',
  description: 'none',
  width: 1,
  height: 1,
  aspectRatio: '1:1',
  kind: 'post',
  profile: false,
  opaque: false,
  types: ['jpeg'],
  maxBytes: null,
  safeZone: null,
  confidence: 'uncertain',
  source: { name: 'none', url: null },
  checked: '2026-11',
};

export function ChosenFormatsPreview({
  state,
  format,
  chosen,
  pick,
  quality,
}: {
  state: QualityPreviewState;
  format: PlatformFormat | null;
  chosen: PlatformFormat[];
  pick: (id: number) => void;
  quality: number;
}) {
  const id = useId();
  if (!format) return null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
        <span className="shrink-0 font-medium">Preview on</span>
        <select
          id={id}
          value={format.id}
          onChange={(event) => pick(Number(event.target.value))}
          className="w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        >
          {chosen.map((f) => (
            <option key={f.id} value={f.id}>
              {platformName(f.platform)}: {f.description} ({f.width} × {f.height})
            </option>
          ))}
        </select>
      </label>
      <Suspense fallback={null}>
        <LazyQualityPanel preview={state} width={format.width} height={format.height} quality={quality} />
      </Suspense>
      <p className="text-xs text-slate-600">The centre of your picture; each format is framed when it is made.</p>
    </div>
  );
}
