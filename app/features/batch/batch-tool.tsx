/**
 * The Batch page (Unlimited Access): up to 50 photos to the same formats in one go. The photos go up
 * one by one as the single tool sends them (a refused file says why; the rest go on), the formats
 * are chosen by platform, by kind or as a set saved on this browser, then the type and fill; the batch itself lives on the server, so its
 * progress page (`/batch?id=…`) survives a refresh and a return later.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { centredCrop, type CropRect } from '../../../shared/crop';
import { SINGLE_DEFAULT_FILL, transparencyRefusal, type Fill } from '../../../shared/fill';
import type { FormatKind, PlatformFormat } from '../../../shared/formats';
import { DEFAULT_OUTPUT, OUTPUT_TYPES, type OutputSettings } from '../../../shared/output';
import { platformName } from '../../../shared/platforms';
import { MAX_BATCH_PHOTOS, type UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { groupByPlatform } from '../adjusters/flows';
import { FocusPicker } from '../adjusters/focus-picker';
import { createImageRequest } from '../single-image/queries';
import { fileProblem, PHOTO_ACCEPT, uploadPhoto } from '../single-image/upload-photo';
import { FillPicker } from '../tools/fill-picker';
import { KIND_LABELS } from '../tools/format-choice';
import { FormatCheckCard } from '../tools/format-check-card';
import { OutputPicker } from '../tools/output-picker';
import { platformFormatsQuery } from '../tools/queries';
import { batchesQuery, batchQuery, createBatch } from './queries';

const SAVED_SET_KEY = 'batch-formats';

/** The formats this browser saved for batches (ids), or none. */
function readSavedSet(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SAVED_SET_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type Photo = {
  key: string;
  name: string;
  state: 'waiting' | 'uploading' | 'ready' | 'refused';
  message?: string;
  upload?: UploadResponse;
  /** What must stay whole in every format of this photo; none: framed automatically. */
  focus?: CropRect | null;
};

/** What the batch does, for a visitor without Unlimited Access. */
export function BatchOffer({ signedIn }: { signedIn: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch: many photos, every format, one ZIP</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <p>
          Drop up to {MAX_BATCH_PHOTOS} photos, pick the formats once, and get every photo in every format, each framed
          on what matters in it, in one ZIP with a folder per photo.
        </p>
        <p>Batch processing is part of Unlimited Access: $9.99, one time.</p>
        <Button asChild>
          <Link
            to={signedIn ? '/unlimited-access' : '/auth'}
            search={signedIn ? undefined : { redirect: 'unlimited-access' }}
          >
            {signedIn ? 'Get Unlimited Access' : 'Sign in to get Unlimited Access'}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function BatchForm() {
  const navigate = useNavigate();
  const formatsQuery = useQuery(platformFormatsQuery);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [targets, setTargets] = useState<number[]>([]);
  const [tab, setTab] = useState<string | null>(null);
  const [output, setOutput] = useState<OutputSettings>(DEFAULT_OUTPUT);
  const [fill, setFill] = useState<Fill>(SINGLE_DEFAULT_FILL);
  const [starting, setStarting] = useState(false);
  const [framing, setFraming] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef(new AbortController());

  const formats = formatsQuery.data ?? [];
  const groups = groupByPlatform(formats);
  const chosen = formats.filter((f) => targets.includes(f.id));
  const ready = photos.filter((p) => p.state === 'ready');
  const busy = photos.some((p) => p.state === 'waiting' || p.state === 'uploading');
  const update = (key: string, change: Partial<Photo>) =>
    setPhotos((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function add(files: File[]) {
    const room = MAX_BATCH_PHOTOS - photos.filter((p) => p.state !== 'refused').length;
    const added: Photo[] = files.map((file, i) => {
      const problem = fileProblem(file);
      const key = `${Date.now()}-${i}-${file.name}`;
      if (i >= room) return { key, name: file.name, state: 'refused', message: `At most ${MAX_BATCH_PHOTOS} photos` };
      return problem
        ? { key, name: file.name, state: 'refused', message: problem.description }
        : { key, name: file.name, state: 'waiting' };
    });
    setPhotos((all) => [...all, ...added]);
    // One at a time, as a person's connection and the hourly upload limit would have it.
    for (const [i, photo] of added.entries()) {
      if (photo.state !== 'waiting') continue;
      update(photo.key, { state: 'uploading' });
      try {
        const upload = await uploadPhoto(files[i] as File, () => undefined, abort.current.signal);
        update(photo.key, { state: 'ready', upload });
      } catch (error) {
        update(photo.key, { state: 'refused', message: errorMessage(error, 'The upload failed.') });
      }
    }
  }

  // Kinds in the catalogue's order; a saved set is the ids this browser saved, still offered.
  const kinds = [...new Set(formats.map((f) => f.kind))];
  const addKind = (kind: FormatKind) =>
    setTargets((ids) => [...new Set([...ids, ...formats.filter((f) => f.kind === kind).map((f) => f.id)])]);
  const [saved, setSaved] = useState<number[]>(readSavedSet);
  const savedOffered = saved.filter((id) => formats.some((f) => f.id === id));
  function saveSet() {
    localStorage.setItem(SAVED_SET_KEY, JSON.stringify(targets));
    setSaved(targets);
    toast({
      title: 'Set saved',
      description: `${plural(targets.length, 'format')}, on this browser`,
      variant: 'success',
    });
  }

  function toggle(format: PlatformFormat) {
    setTargets((ids) => (ids.includes(format.id) ? ids.filter((id) => id !== format.id) : [...ids, format.id]));
  }

  async function start() {
    const first = chosen[0];
    if (!first || ready.length === 0) return;
    setStarting(true);
    try {
      // Each photo is an image request (its first format, framed as the single tool opens it).
      const requestIds: string[] = [];
      const focus: Record<string, CropRect> = {};
      for (const photo of ready) {
        const upload = photo.upload as UploadResponse;
        const request = await createImageRequest(upload, first, centredCrop(upload, first, 1));
        requestIds.push(request.id);
        if (photo.focus) focus[request.id] = photo.focus;
      }
      const batch = await createBatch({ requestIds, formats: targets, output, fill, focus });
      await navigate({ to: '/batch', search: { id: batch.id } });
    } catch (error) {
      toast({
        title: 'The batch could not start',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      setStarting(false);
    }
  }

  const current = tab ?? groups[0]?.platform ?? '';
  const framed = photos.find((p) => p.key === framing);
  const accepted = OUTPUT_TYPES.filter((type) => chosen.every((f) => f.types.includes(type)));
  return (
    <div className="space-y-8">
      <section aria-labelledby="batch-photos" className="space-y-3">
        <h2 id="batch-photos" className="text-lg font-semibold text-slate-900">
          1. Photos{' '}
          <span className="text-sm font-normal text-slate-500">
            ({ready.length} of at most {MAX_BATCH_PHOTOS})
          </span>
        </h2>
        <div
          className="rounded-lg border-2 border-dashed border-slate-300 p-6 text-center"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            void add([...event.dataTransfer.files]);
          }}
        >
          <p className="text-sm text-slate-600">Drop photos here, or</p>
          <Button className="mt-2" variant="outline" onClick={() => input.current?.click()}>
            Choose photos
          </Button>
          <input
            ref={input}
            id="batch-files"
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            className="sr-only"
            aria-label="Choose photos"
            onChange={(event) => {
              void add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
        {photos.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-live="polite">
            {photos.map((p) => (
              <li key={p.key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <span className="min-w-0 truncate text-slate-900">{p.name}</span>
                {p.state === 'ready' ? (
                  <Button size="sm" variant="ghost" onClick={() => setFraming(p.key)}>
                    {p.focus ? 'Box kept: change' : 'Keep this…'}
                  </Button>
                ) : null}
                <span className={cn('shrink-0', p.state === 'refused' ? 'text-red-700' : 'text-slate-600')}>
                  {p.state === 'ready'
                    ? `Ready · ${p.upload?.width} × ${p.upload?.height} px`
                    : p.state === 'refused'
                      ? p.message
                      : p.state === 'uploading'
                        ? 'Uploading…'
                        : 'Waiting'}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {framed?.upload ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setFraming(null)}
          title={`Keep this: ${framed.name}`}
          description="Drag a box around what must stay whole (a product, a face, a logo), or tap a point to centre on. Every format of this photo keeps it inside the area the platform shows."
        >
          <FocusPicker
            imageUrl={`/uploads/${framed.upload.path.split('/').pop() ?? ''}`}
            picture={framed.upload}
            value={framed.focus ?? null}
            onChange={(focus) => update(framed.key, { focus })}
          />
          <div className="mt-4 flex justify-end gap-2">
            {framed.focus ? (
              <Button variant="ghost" onClick={() => update(framed.key, { focus: null })}>
                Remove the box
              </Button>
            ) : null}
            <Button onClick={() => setFraming(null)}>Done</Button>
          </div>
        </Dialog>
      ) : null}

      <section aria-labelledby="batch-formats" className="space-y-3">
        <h2 id="batch-formats" className="text-lg font-semibold text-slate-900">
          2. Formats <span className="text-sm font-normal text-slate-500">({targets.length} selected)</span>
        </h2>
        {formatsQuery.isPending ? <Spinner /> : null}
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Add every format of a kind">
          <span className="text-sm text-slate-600">Add every:</span>
          {kinds.map((kind) => (
            <Button key={kind} size="sm" variant="outline" onClick={() => addKind(kind)}>
              {KIND_LABELS[kind]}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="ghost" disabled={targets.length === 0} onClick={saveSet}>
            Save this set
          </Button>
          {savedOffered.length > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => setTargets(savedOffered)}>
              Use my saved set ({plural(savedOffered.length, 'format')})
            </Button>
          ) : null}
          {targets.length > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => setTargets([])}>
              Clear
            </Button>
          ) : null}
        </div>
        <Tabs value={current} onValueChange={setTab}>
          <TabsList aria-label="Platforms">
            {groups.map((g) => {
              const count = g.formats.filter((f) => targets.includes(f.id)).length;
              return (
                <TabsTrigger key={g.platform} value={g.platform}>
                  {platformName(g.platform)}
                  {count > 0 ? ` (${count})` : ''}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {groups.map((g) => (
            <TabsContent key={g.platform} value={g.platform}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {g.formats.map((f) => (
                  <li key={f.id}>
                    <FormatCheckCard format={f} checked={targets.includes(f.id)} onToggle={() => toggle(f)} />
                  </li>
                ))}
              </ul>
            </TabsContent>
          ))}
        </Tabs>
      </section>

      <section aria-labelledby="batch-output" className="space-y-4">
        <h2 id="batch-output" className="text-lg font-semibold text-slate-900">
          3. File type and fill
        </h2>
        <OutputPicker value={output} onChange={setOutput} accepted={accepted} single={false} />
        <FillPicker
          value={fill}
          onChange={setFill}
          edge={null}
          transparencyRefused={transparencyRefusal(chosen, output.type)}
        />
      </section>

      <div className="flex justify-end">
        <Button disabled={starting || busy || ready.length === 0 || targets.length === 0} onClick={() => void start()}>
          {starting ? 'Starting…' : `Convert ${plural(ready.length, 'photo')} to ${plural(targets.length, 'format')}`}
        </Button>
      </div>
    </div>
  );
}

/** The caller's latest batches, to come back to one. */
export function RecentBatches() {
  const { data } = useQuery(batchesQuery);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="recent-batches" className="space-y-2">
      <h2 id="recent-batches" className="text-lg font-semibold text-slate-900">
        Your batches
      </h2>
      <ul className="space-y-1 text-sm">
        {data.map((batch) => (
          <li key={batch.id}>
            <Link to="/batch" search={{ id: batch.id }} className="text-brand-700 underline">
              {new Date(batch.createdAt).toLocaleString()}: {plural(batch.photos, 'photo')} ×{' '}
              {plural(batch.formats, 'format')}
            </Link>
            <span className="text-slate-600">
              {' '}
              · {batch.totals.complete} done{batch.totals.processing ? `, ${batch.totals.processing} remaining` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A batch's progress, per photo and overall, and its ZIP once anything is finished. */
export function BatchProgress({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(batchQuery(id));
  const formats = useQuery(platformFormatsQuery).data ?? [];
  const nameOf = (formatId: string) => {
    const f = formats.find((x) => x.id === Number(formatId));
    return f ? `${platformName(f.platform)} ${f.format} (${f.width}×${f.height})` : `Format ${formatId}`;
  };
  if (isPending) return <Spinner />;
  if (error || !data) return <p className="text-red-700">{errorMessage(error, 'This batch could not be found.')}</p>;
  const { complete, failed, processing } = data.totals;
  const total = complete + failed + processing;
  const settled = processing === 0;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {settled ? 'Finished' : 'Converting'}: {complete} done, {failed} failed, {processing} remaining of {total}
        </p>
        <div
          className="h-2 overflow-hidden rounded bg-slate-200"
          role="progressbar"
          aria-label="Batch progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={complete + failed}
        >
          <div
            className="h-full bg-brand-600 transition-[width]"
            style={{ width: `${total ? ((complete + failed) / total) * 100 : 0}%` }}
          />
        </div>
      </div>
      {complete > 0 ? (
        <Button asChild>
          <a href={`/api/batches/${id}/zip`} download>
            Download ZIP ({complete} files{settled ? '' : ' so far'})
          </a>
        </Button>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {data.photos.map((photo) => {
          const done = Object.values(photo.results).filter((s) => s === 'complete').length;
          const failures = Object.entries(photo.errors);
          return (
            <li key={photo.requestId} className="space-y-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{photo.originalFilename}</span>
                <span className="text-slate-600">
                  {photo.expired
                    ? 'Deleted after 7 days'
                    : `${done} of ${data.formats.length} done${failures.length ? `, ${failures.length} failed` : ''}${photo.boxKept ? ' · your box kept' : ''}`}
                </span>
              </div>
              {failures.map(([formatId, reason]) => (
                <p key={formatId} className="text-red-700">
                  {nameOf(formatId)}: {reason}
                </p>
              ))}
              {!photo.expired ? (
                <p className="flex flex-wrap gap-x-3 gap-y-1">
                  {Object.keys(photo.files).map((formatId) => (
                    <a
                      key={formatId}
                      className="text-brand-700 underline"
                      href={`/api/download/${photo.requestId}/${formatId}`}
                      download
                    >
                      {nameOf(formatId)}
                    </a>
                  ))}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
