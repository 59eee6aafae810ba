import { transparencyRefusal, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { platformName } from '../../../shared/platforms';
import { FillPicker } from '../tool-kit/fill-picker';
import { OutputPicker } from '../tool-kit/output-picker';
import { ChosenFormatsPreview, useChosenFormatsPreview } from '../tool-kit/quality-preview/chosen-formats-preview';
import { softFilesText } from '../../../shared/sharpness';
import { SoftnessNote } from '../tool-kit/softness-note';
import { uploadUrl } from '../tool-kit/upload-file';
import { acceptedByAll } from '../tool-kit/output-settings';
import type { Photo } from './use-batch-photos';
import { plural } from '../../lib/words';

/** A photo as the summary shows it: the local file, or the server's copy of one kept from before a reload. */
const shownSource = (p: Photo) => p.thumbnail ?? (p.upload ? uploadUrl(p.upload) : null);

/** The last step: what the batch will make (its photos and formats), the file type and the fill. */
export function OutputSection({
  photos,
  chosen,
  output,
  onOutput,
  fill,
  onFill,
}: {
  photos: Photo[];
  chosen: PlatformFormat[];
  output: OutputSettings;
  onOutput: (output: OutputSettings) => void;
  fill: Fill;
  onFill: (fill: Fill) => void;
}) {
  const shown = photos.slice(0, 8);
  // The quality's before and after, on the first photo.
  const first = photos.find((p) => p.upload)?.upload ?? null;
  const preview = useChosenFormatsPreview({
    pictureUrl: first ? uploadUrl(first) : null,
    picture: first,
    chosen,
    output,
    fill,
  });
  return (
    <div className="space-y-5">
      <section aria-labelledby="batch-summary" className="space-y-2 rounded-lg bg-slate-50 p-3">
        <h2 id="batch-summary" className="text-sm font-semibold text-slate-900">
          {plural(photos.length, 'photo')} × {plural(chosen.length, 'format')} ={' '}
          {plural(photos.length * chosen.length, 'file')}
        </h2>
        <ul className="flex flex-wrap gap-1.5" aria-label="Photos in this batch">
          {shown.map((p) => (
            <li key={p.key}>
              {shownSource(p) ? (
                <img src={shownSource(p) ?? undefined} alt={p.name} className="h-12 w-12 rounded object-cover" />
              ) : (
                <span className="block max-w-24 truncate text-xs text-slate-700">{p.name}</span>
              )}
            </li>
          ))}
          {photos.length > shown.length ? (
            <li className="flex h-12 items-center px-1 text-xs text-slate-600">+{photos.length - shown.length} more</li>
          ) : null}
        </ul>
        <p className="text-xs text-slate-600">
          {chosen.map((f) => `${platformName(f.platform)} ${f.format}`).join(' · ')}
        </p>
      </section>
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <OutputPicker
          value={output}
          onChange={onOutput}
          accepted={acceptedByAll(chosen)}
          single={false}
          estimate={preview.estimate}
        />
        <ChosenFormatsPreview {...preview} />
      </div>
      <SoftnessNote
        text={softFilesText(
          photos.flatMap(({ upload: picture }) => (picture ? chosen.map((target) => ({ picture, target })) : [])),
        )}
      />
      <div className="space-y-1">
        <p className="text-sm text-slate-600">
          Each format is cropped on the faces and text found in each photo; only where its shape cannot hold them is the
          canvas extended, with this fill.
        </p>
        <FillPicker
          value={fill}
          onChange={onFill}
          edge={null}
          transparencyRefused={transparencyRefusal(chosen, output.type)}
        />
      </div>
    </div>
  );
}
