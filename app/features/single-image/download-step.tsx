import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from '../auth/queries';
import { plansQuery } from '../checkout/queries';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { platformFormatsQuery } from '../tools/queries';
import { processImage, rateLimitsQuery } from './queries';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { createdLabel, formatLabel } from './rules';
import { fileSummary, formatBytes } from '../../../shared/output';
import { platformName } from '../../../shared/platforms';
import { describeFile, FileChoice } from './file-choice';
import { FormatOptions } from '../tools/format-options';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { BestValueBadge } from '../checkout/best-value-badge';

type Props = {
  request: ImageRequestResponse;
  format: PlatformFormat;
  onRequest: (request: ImageRequestResponse) => void;
  onStartOver: () => void;
  onBackToEdit: () => void;
};

type Access =
  | { kind: 'unlimited' }
  | { kind: 'paid' }
  | { kind: 'free'; remaining: number }
  | { kind: 'unchecked' }
  | { kind: 'payment' }
  | { kind: 'loading' };

/** The spec's decision (document 1, section 4), plus a request already paid for. */
function useAccess(request: ImageRequestResponse, downloaded: boolean): Access {
  const user = useCurrentUser();
  const limits = useQuery(rateLimitsQuery);
  // A failed check is only logged, and the download is allowed (spec document 1, section 8).
  useEffect(() => {
    if (limits.error) console.warn('rate-limit check failed; allowing the download', limits.error);
  }, [limits.error]);
  if (user.data?.hasUnlimitedAccess || request.hasUnlimitedAccess) return { kind: 'unlimited' };
  if (request.paymentId) return { kind: 'paid' };
  if (limits.isPending) return { kind: 'loading' };
  if (limits.isError) return { kind: 'unchecked' };
  if (limits.data.unlimited) return { kind: 'unlimited' };
  // This image was downloaded in this visit: downloading it again is free for 24 hours.
  if (downloaded) return { kind: 'free', remaining: limits.data.remaining };
  return limits.data.remaining > 0 ? { kind: 'free', remaining: limits.data.remaining } : { kind: 'payment' };
}

/** Step 3: the processed image, the allowance, the plans and the other formats. */
export function DownloadStep({ request, format, onRequest, onStartOver, onBackToEdit }: Props) {
  const queryClient = useQueryClient();
  const [downloaded, setDownloaded] = useState(false);
  const [rendering, setRendering] = useState(false);
  const access = useAccess(request, downloaded);
  const canDownload = access.kind !== 'payment' && access.kind !== 'loading';

  const download = useMutation({
    mutationFn: (url: string) => downloadFile(url),
    onSuccess: () => setDownloaded(true),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 402) {
        void queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey });
        toast({
          title: 'Download requires payment',
          description: 'Choose a plan below to download this image.',
          variant: 'destructive',
        });
        return;
      }
      toastDownloadFailed(error);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey }),
  });

  return (
    <div className="space-y-8">
      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex items-center justify-center rounded-lg bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
          {request.previewPath ? (
            <figure className="flex flex-col items-center gap-2">
              <img
                src={request.previewPath}
                alt={`${format.description} preview`}
                data-shape={format.profile ? 'circle' : 'rect'}
                className={cn('max-h-80 max-w-full object-contain shadow', format.profile && 'rounded-full')}
              />
              {format.profile ? (
                <figcaption className="text-xs text-slate-600">
                  As {platformName(format.platform)} shows it; the file itself is square.
                </figcaption>
              ) : null}
            </figure>
          ) : null}
        </div>
        <div className="space-y-3">
          <h3 className="text-xl font-semibold text-slate-900">Ready to Download</h3>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">Format</dt>
              <dd className="font-medium text-slate-900">{format.description}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Dimensions</dt>
              <dd className="font-medium text-slate-900">
                {format.width} x {format.height} px
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">File format</dt>
              <dd className="font-medium text-slate-900" data-testid="file-format">
                {request.file ? describeFile(request.file, format) : 'Not made yet'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">File size</dt>
              <dd className="font-medium text-slate-900" data-testid="file-size">
                {request.file ? formatBytes(request.file.size) : '–'}
                {request.file?.quality != null && request.file.quality < request.output.quality ? (
                  <span className="block text-xs font-normal text-slate-500">
                    Quality {request.file.quality} instead of {request.output.quality} to stay under the platform's{' '}
                    {formatBytes(format.maxBytes ?? 0)} limit
                  </span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Created</dt>
              <dd className="font-medium text-slate-900">{createdLabel(new Date(request.createdAt))}</dd>
            </div>
          </dl>
          <FileChoice request={request} format={format} onRequest={onRequest} onBusy={setRendering} />
          <p className="text-sm font-medium" aria-live="polite" data-testid="allowance">
            {access.kind === 'unlimited'
              ? 'Unlimited downloads available'
              : access.kind === 'paid'
                ? 'Paid: this image is yours to download'
                : access.kind === 'free'
                  ? `${access.remaining} free download${access.remaining === 1 ? '' : 's'} remaining`
                  : access.kind === 'payment'
                    ? 'Download requires payment'
                    : access.kind === 'loading'
                      ? 'Checking your downloads...'
                      : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            {canDownload ? (
              <Button
                onClick={() => download.mutate(`/api/download/${request.id}`)}
                disabled={download.isPending || rendering}
              >
                Download Now
              </Button>
            ) : null}
            <Button variant="outline" onClick={onBackToEdit}>
              Back to Edit
            </Button>
            <Button variant="ghost" onClick={onStartOver}>
              Start Over
            </Button>
          </div>
        </div>
      </div>

      {access.kind === 'payment' ? <ChoosePlan requestId={request.id} /> : null}

      <OtherFormats
        request={request}
        current={format}
        canDownload={canDownload}
        onRequest={onRequest}
        onDownload={(url) => download.mutate(url)}
      />
    </div>
  );
}

/** The plans as the server defines them, each leading to the checkout for this image. */
function ChoosePlan({ requestId }: { requestId: string }) {
  const plans = useQuery(plansQuery);
  return (
    <section aria-labelledby="choose-plan">
      <h3 id="choose-plan" className="text-lg font-semibold text-slate-900">
        Choose Your Plan
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {plans.isError ? (
          <p className="text-sm text-red-600">The plans could not be loaded. Please reload the page.</p>
        ) : null}
        {(plans.data ?? []).map((plan) => (
          <div
            key={plan.id}
            className={
              plan.isPopular ? 'rounded-xl border-2 border-brand-500 p-5' : 'rounded-xl border border-slate-200 p-5'
            }
          >
            <div className="flex items-center justify-between gap-2">
              <h4 className="font-semibold text-slate-900">{plan.name}</h4>
              {plan.isPopular ? <BestValueBadge /> : null}
            </div>
            <p className="mt-1 text-2xl font-bold text-slate-900">${plan.price.toFixed(2)}</p>
            <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Button asChild className="mt-4 w-full" variant={plan.isPopular ? 'primary' : 'outline'}>
              <Link to="/checkout/$imageRequestId" params={{ imageRequestId: requestId }} search={{ plan: plan.id }}>
                Choose {plan.name}
              </Link>
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Another format of the same upload, with the same centre and zoom, without uploading again. */
function OtherFormats({
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
          {done.map((output) => {
            const f = formats.find((x) => x.id === output.formatId);
            return (
              <li key={output.formatId} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                {output.previewPath ? (
                  <img
                    src={output.previewPath}
                    alt=""
                    className={cn('h-12 w-12 object-contain', f?.profile ? 'rounded-full' : 'rounded')}
                  />
                ) : null}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium text-slate-900">
                    {f ? formatLabel(f) : `Format ${output.formatId}`}
                  </p>
                  <p className="text-slate-500">
                    {output.status === 'complete'
                      ? output.file
                        ? fileSummary(output.file)
                        : ''
                      : output.status === 'failed'
                        ? (output.error ?? 'Processing failed')
                        : 'Processing...'}
                  </p>
                </div>
                {output.downloadPath && canDownload ? (
                  <Button size="sm" variant="outline" onClick={() => onDownload(output.downloadPath as string)}>
                    Download
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
