import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { FormatOptions } from '../tool-kit/format-options';
import { platformFormatsQuery } from '../tool-kit/queries';
import { processImage } from './queries';
import { OtherFormatRow } from './other-format-row';

/** Another format of the same upload, with the same centre and zoom, without uploading again. */
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
  const formats = useQuery(platformFormatsQuery).data ?? [];
  const [choice, setChoice] = useState<number | ''>('');
  const render = useMutation({
    mutationFn: (formatId: number) => processImage(request.id, { formats: [formatId] }),
    onSuccess: (fresh) => {
      onRequest(fresh);
      setChoice('');
    },
    onError: (error) =>
      toast({
        title: 'Processing Failed',
        description: errorMessage(error, 'Failed to process your image.'),
        variant: 'destructive',
      }),
  });
  const platforms = [...new Set(formats.map((f) => f.platform))];
  const done = request.outputs.filter((o) => o.formatId !== current.id);
  return (
    <section aria-labelledby="other-formats" className="rounded-xl border border-slate-200 p-5">
      <h3 id="other-formats" className="text-lg font-semibold text-slate-900">
        Other formats
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The same picture, centre and zoom, fitted to another format. No need to upload again.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <label className="min-w-[min(100%,16rem)] flex-1 text-sm font-medium text-slate-700">
          Another format
          <select
            className={cn(inputClass, 'mt-1')}
            value={choice}
            onChange={(event) => setChoice(event.target.value ? Number(event.target.value) : '')}
          >
            <option value="">Choose a format...</option>
            {platforms.map((platform) => (
              <optgroup key={platform} label={platformName(platform)}>
                <FormatOptions formats={formats.filter((f) => f.platform === platform && f.id !== current.id)} />
              </optgroup>
            ))}
          </select>
        </label>
        <Button
          variant="outline"
          disabled={choice === '' || render.isPending}
          onClick={() => choice !== '' && render.mutate(choice)}
        >
          {render.isPending ? 'Processing...' : 'Get this format'}
        </Button>
      </div>
      {done.length > 0 ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {done.map((output) => (
            <OtherFormatRow
              key={output.formatId}
              output={output}
              format={formats.find((x) => x.id === output.formatId)}
              canDownload={canDownload}
              onDownload={onDownload}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
