import { useQuery } from '@tanstack/react-query';
import { findFormat, type PlatformFormat } from '../../../shared/formats';
import { MAX_OTHER_FORMATS, type ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { platformFormatsQuery } from '../tool-kit/queries';
import { useCustomSizes } from '../tool-kit/use-custom-sizes';
import { OtherFormatChooser } from './other-format-chooser';
import { OtherFormatRow } from './other-format-row';
import { zipDownloadPath } from './queries';
import { useOtherFormatsChoice } from './use-other-formats-choice';
import { plural } from '../../lib/words';

/**
 * Other formats of the same upload, with the same centre and zoom, without uploading again: ticked
 * several at a time, made in one call and, where the visitor may download, saved at once (one file
 * as it is, several as one ZIP). Each made one stays listed with its own download.
 */
export function OtherFormats({
  request,
  current,
  canDownload,
  onRequest,
  onDownload,
}: {
  request: ImageRequestResponse;
  current: PlatformFormat;
  canDownload: boolean;
  onRequest: (request: ImageRequestResponse) => void;
  onDownload: (url: string) => void;
}) {
  // The user's own sizes too (docs/product.md, "Custom sizes").
  const custom = useCustomSizes().formats;
  const formats = [...custom, ...(useQuery(platformFormatsQuery).data ?? [])].filter((f) => f.id !== current.id);
  const { chosen, setChosen, toggle, make } = useOtherFormatsChoice({ request, canDownload, onRequest, onDownload });

  const done = request.outputs.filter((o) => o.formatId !== current.id);
  const ready = done.filter((o) => o.status === 'complete' && o.downloadPath);
  const n = chosen.length;
  const action = make.isPending
    ? `Making ${plural(n, 'format')}...`
    : !canDownload
      ? `Make ${plural(n, 'format')}`
      : n > 1
        ? `Download ${plural(n, 'format')} (ZIP)`
        : 'Download this format';
  return (
    <section aria-labelledby="other-formats" className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <h3 id="other-formats" className="text-lg font-semibold text-slate-900">
        Other formats
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        The same picture, centre and zoom, fitted to other formats. Tick as many as you need (up to {MAX_OTHER_FORMATS}{' '}
        at a time); no need to upload again.
      </p>
      <OtherFormatChooser formats={formats} chosen={chosen} onToggle={toggle} />
      {/* The ticks' action stays in view while the formats scroll past. */}
      <div className="sticky bottom-0 z-10 -mx-4 mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-5 sm:px-5">
        <p className="mr-auto text-sm text-slate-600" aria-live="polite">
          {n === 0 ? 'No format ticked' : `${plural(n, 'format')} ticked`}
        </p>
        {n > 0 ? (
          <Button variant="ghost" onClick={() => setChosen([])} disabled={make.isPending}>
            Clear
          </Button>
        ) : null}
        <Button disabled={n === 0 || make.isPending} onClick={() => make.mutate(chosen)}>
          {action}
        </Button>
      </div>
      {done.length > 0 ? (
        <div className="mt-4 space-y-3">
          {canDownload && ready.length > 1 ? (
            <div className="flex justify-end">
              <Button
                variant="outline"
                onClick={() =>
                  onDownload(
                    zipDownloadPath(
                      request.id,
                      ready.map((o) => o.formatId),
                    ),
                  )
                }
              >
                Download all {ready.length} (ZIP)
              </Button>
            </div>
          ) : null}
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Other formats made">
            {done.map((output) => (
              <OtherFormatRow
                key={output.formatId}
                output={output}
                format={formats.find((x) => x.id === output.formatId) ?? findFormat(output.formatId)}
                canDownload={canDownload}
                onDownload={onDownload}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
