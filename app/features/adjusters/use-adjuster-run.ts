import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import { DEFAULT_OUTPUT, type OutputSettings } from '@social-resizer/engine/plan/output';
import type { ConversionResponse, ReframeInput, UploadResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage, hourlyLimitOf } from '../../lib/api';
import type { HourlyLimit } from '../../../shared/hourly-limit';
import { createFanOutRequest } from '../tool-kit/queries';
import { conversionsQuery, reframeTarget, settled, startConversions } from './queries';
import type { AdjusterFlow } from './flows';
import type { Framing } from '../tool-kit/framing-text';

/** One fan-out as asked for: its targets, whether AI was asked for, the output, fill and box. */
export interface RunRequest {
  /** Null for a fresh profile picture (no current format). */
  source: PlatformFormat | null;
  targets: PlatformFormat[];
  aiRequested: boolean;
  output: OutputSettings;
  fill: Fill;
  focus: CropRect | null;
}

/** A fan-out as started: its key, the image request it hangs on (and that request's own format) and the server's first answer. */
interface Run extends RunRequest {
  key: number;
  requestId: string | null;
  requestFormatId: number | null;
  response: ConversionResponse | null;
}

/**
 * The adjusters' fan-out: the image request it hangs on (made once per upload and source format,
 * reused when the same source converts again), the start call, the statuses polled every second
 * while the results show and any target is still running, and one target framed again by hand.
 */
export function useAdjusterRun(
  flow: AdjusterFlow,
  upload: UploadResponse | null,
  showing: boolean,
  onFailed: () => void,
) {
  const [request, setRequest] = useState<{ id: string; sourceId: number; uploadPath: string } | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  // How many times each target was framed by hand in this run: its preview address changes with it.
  const [versions, setVersions] = useState<Record<number, number>>({});
  // An hourly limit reached is said on the configure step, beside Continue, until the next try.
  const [limit, setLimit] = useState<HourlyLimit | null>(null);
  const queryClient = useQueryClient();

  const start = useMutation({
    mutationFn: async (next: Run) => {
      if (!upload) throw new Error('Please upload an image first.');
      if (next.targets.length === 0) throw new Error('Please select at least one target format to continue');
      // The request the fan-out hangs on: made for the source format, or a fresh picture's first
      // target. A fan-out's request has no file of its own, so that target is free like the others.
      const base = next.source ?? next.targets[0]!;
      let requestId = request && request.sourceId === base.id && request.uploadPath === upload.path ? request.id : null;
      if (!requestId) {
        requestId = (await createFanOutRequest(upload, base)).id;
        setRequest({ id: requestId, sourceId: base.id, uploadPath: upload.path });
      }
      const targetFormatIds = next.targets.map((t) => t.id);
      const response = await startConversions(flow, requestId, {
        sourceFormatId: next.source?.id ?? null,
        targetFormatIds,
        ...(flow.aiToggle ? { useAi: next.aiRequested } : {}),
        output: next.output,
        fill: next.fill,
        ...(next.focus ? { focus: next.focus } : {}),
      });
      return { ...next, requestId, requestFormatId: base.id, response };
    },
    onSuccess: (started) => setRun((current) => (current?.key === started.key ? started : current)),
    onError: (error) => {
      // Nothing started: back to the selection, which is kept, with nothing left looking busy.
      onFailed();
      setRun(null);
      const reached = hourlyLimitOf(error);
      if (reached) setLimit(reached);
      else
        toast({
          title: 'Processing failed',
          description: errorMessage(error, flow.failureText),
          variant: 'destructive',
        });
    },
  });

  const targetIds = run?.targets.map((t) => t.id) ?? [];
  const statusQuery = conversionsQuery(run?.requestId ?? '', run?.key ?? 0, targetIds);
  const status = useQuery({
    ...statusQuery,
    // A run restored from the address has no first answer: its statuses are asked for at once.
    enabled: showing && !!run?.requestId && !(run.response && settled(run.response.results, targetIds)),
  });

  const reframe = useMutation({
    mutationFn: (body: ReframeInput) => {
      if (!run?.requestId) throw new Error('The conversion has not started yet.');
      return reframeTarget(run.requestId, body);
    },
    onSuccess: async (answer, body) => {
      // The target is processing again: the answer restarts the polling until it ends. A poll still
      // held from before would put the older answer back over it: it is cancelled first.
      await queryClient.cancelQueries({ queryKey: statusQuery.queryKey });
      queryClient.setQueryData(statusQuery.queryKey, answer);
      setRun((current) => current && { ...current, response: answer });
      setVersions((all) => ({ ...all, [body.formatId]: (all[body.formatId] ?? 0) + 1 }));
    },
    onError: (error) =>
      toast({
        title: 'The framing could not be saved',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const latest = status.data ?? run?.response;
  const framing: Framing = run?.focus ? 'focus' : latest?.analysisPerformed ? 'auto' : 'centre';

  return {
    run,
    results: status.data?.results ?? run?.response?.results ?? {},
    files: status.data?.files ?? run?.response?.files ?? {},
    framings: latest?.framings ?? {},
    detection: latest?.detection ?? null,
    versions,
    reframing: reframe.isPending,
    /** Frames one target by hand; resolves true once the server took it. */
    reframe: (body: ReframeInput) =>
      reframe.mutateAsync(body).then(
        () => true,
        () => false,
      ),
    starting: start.isPending,
    /** The hourly limit the last start reached, if it did. */
    limit,
    analysisPerformed: run?.aiRequested && run.response && latest ? latest.analysisPerformed : null,
    framing,
    begin(next: RunRequest) {
      const started: Run = {
        ...next,
        key: (run?.key ?? 0) + 1,
        requestId: null,
        requestFormatId: null,
        response: null,
      };
      setRun(started);
      setVersions({});
      setLimit(null);
      start.mutate(started);
    },
    /**
     * A run the address names (after a reload or from a link): its request, targets and source, its
     * statuses then fetched from the server. The output, fill and box are the server's business now.
     */
    restore(restored: {
      requestId: string;
      requestFormatId: number;
      uploadPath: string;
      source: PlatformFormat | null;
      targets: PlatformFormat[];
    }) {
      setRequest({ id: restored.requestId, sourceId: restored.requestFormatId, uploadPath: restored.uploadPath });
      setRun({
        key: (run?.key ?? 0) + 1,
        requestId: restored.requestId,
        requestFormatId: restored.requestFormatId,
        response: null,
        source: restored.source,
        targets: restored.targets,
        // Whether the server analysed it is in its answer (`analysisPerformed`).
        aiRequested: true,
        output: DEFAULT_OUTPUT,
        fill: { kind: 'blur' },
        focus: null,
      });
    },
    /** A new upload (or none): the next fan-out needs a request of its own. */
    forgetRequest: () => setRequest(null),
    reset() {
      setRequest(null);
      setRun(null);
    },
  };
}
