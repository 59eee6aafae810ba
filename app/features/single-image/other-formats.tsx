import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { findFormat, type PlatformFormat } from '../../../shared/formats';
import { MAX_OTHER_FORMATS, type ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { platformFormatsQuery } from '../tool-kit/queries';
import { useCustomSizes } from '../tool-kit/use-custom-sizes';
import { OtherFormatChooser } from './other-format-chooser';
import { OtherFormatRow } from './other-format-row';
import { processImage, zipDownloadPath } from './queries';

/** "3 formats", "1 format". */
const count = (n: number) => `${n} format${n === 1 ? '' : 's'}`;

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
  const [chosen, setChosen] = useState<number[]>([]);
  const make = useMutation({
    mutationFn: (ids: number[]) => processImage(request.id, { formats: ids }),
    onSuccess: (fresh, ids) => {
      onRequest(fresh);
      setChosen([]);
      const made = ids
        .map((id) => fresh.outputs.find((o) => o.formatId === id))
        .filter((o) => o?.status === 'complete' && o.downloadPath);
      if (made.length < ids.length)
        toast({
          title: 'Some formats failed',
          description: `${count(ids.length - made.length)} could not be made; the others are ready below.`,
          variant: 'destructive',
        });
      if (!canDownload || made.length === 0) return;
      onDownload(
        made.length === 1
          ? (made[0]?.downloadPath as string)
          : zipDownloadPath(
              request.id,
              made.map((o) => o!.formatId),
            ),
      );
    },
    onError: (error) =>
      toast({
        title: 'Processing Failed',
        description: errorMessage(error, 'Failed to process your image.'),
        variant: 'destructive',
      }),
  });
  const toggle = (format: PlatformFormat) => {
    if (chosen.includes(format.id)) return setChosen(chosen.filter((id) => id !== format.id));
    if (chosen.length >= MAX_OTHER_FORMATS) {
      toast({
        title: `At most ${MAX_OTHER_FORMATS} at once`,
        description: 'Get these first, then tick more.',
        variant: 'destructive',
      });
      return;
    }
    setChosen([...chosen, format.id]);
  };

  const done = request.outputs.filter((o) => o.formatId !== current.id);
  const ready = done.filter((o) => o.status === 'complete' && o.downloadPath);
  const n = chosen.length;
  const action = make.isPending
    ? `Making ${count(n)}...`
    : !canDownload
      ? `Make ${count(n)}`
      : n > 1
        ? `Download ${count(n)} (ZIP)`
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
          {n === 0 ? 'No format ticked' : `${count(n)} ticked`}
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
