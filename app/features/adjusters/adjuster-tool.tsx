import type { CropRect } from '../../../shared/crop';
import { ADJUSTER_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { centredCrop } from '../../../shared/crop';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '../../../shared/output';
import type { ConversionResponse, UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { createImageRequest } from '../single-image/queries';
import { UploadStep } from '../single-image/upload-step';
import { useOutputSettings } from '../tools/output-settings';
import { StepIndicator } from '../tools/step-indicator';
import { useStepScroll } from '../tools/use-step-scroll';
import { conversionsQuery, settled, startConversions } from './queries';
import { ConfigureStep, type Selection } from './configure-step';
import type { AdjusterFlow } from './flows';
import { ResultsStep } from './results-step';

const EMPTY_SELECTION: Selection = {
  source: null,
  targets: [],
  useAi: true,
  fill: ADJUSTER_DEFAULT_FILL,
  focus: null,
  tab: null,
};

/** One fan-out as started: its request, targets and whether AI was asked for. */
interface Run {
  key: number;
  requestId: string | null;
  /** Null for a fresh profile picture (no current format). */
  source: PlatformFormat | null;
  targets: PlatformFormat[];
  aiRequested: boolean;
  output: OutputSettings;
  fill: Fill;
  focus: CropRect | null;
  response: ConversionResponse | null;
}

/** The banner adjuster and the profile-picture adjuster: upload, configure, results. */
export function AdjusterTool({ flow }: { flow: AdjusterFlow }) {
  const [step, setStep] = useState(1);
  const cardRef = useStepScroll<HTMLDivElement>(step);
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  // The request made for this upload and source format, reused when the same source converts again.
  const [request, setRequest] = useState<{ id: string; sourceId: number; uploadPath: string } | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [output, setOutput] = useOutputSettings();

  const formatsQuery = useQuery(flow.formatsQuery);
  const formats = (formatsQuery.data ?? []).filter(flow.offers);
  useEffect(() => {
    if (formatsQuery.isError)
      toast({
        title: 'Error',
        description: 'Failed to load format options. Please try again later.',
        variant: 'destructive',
      });
  }, [formatsQuery.isError]);

  const start = useMutation({
    mutationFn: async (next: Run) => {
      if (!upload) throw new Error('Please upload an image first.');
      // The request the fan-out hangs on: made for the source format, or a fresh photo's first target.
      const base = next.source ?? next.targets[0];
      if (!base) throw new Error('Please select at least one target format to continue');
      let requestId = request && request.sourceId === base.id && request.uploadPath === upload.path ? request.id : null;
      if (!requestId) {
        requestId = (await createImageRequest(upload, base, centredCrop(upload, base, 1))).id;
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
      return { ...next, requestId, response };
    },
    onSuccess: (started) => setRun((current) => (current?.key === started.key ? started : current)),
    onError: (error) => {
      // Nothing started: back to the selection, which is kept.
      setStep(2);
      setRun(null);
      toast({ title: 'Processing failed', description: errorMessage(error, flow.failureText), variant: 'destructive' });
    },
  });

  const targetIds = run?.targets.map((t) => t.id) ?? [];
  const status = useQuery({
    ...conversionsQuery(run?.requestId ?? '', run?.key ?? 0, targetIds),
    enabled: step === 3 && !!run?.response && !settled(run.response.results, targetIds),
  });
  const results = status.data?.results ?? run?.response?.results ?? {};
  const files = status.data?.files ?? run?.response?.files ?? {};

  function startOver() {
    setStep(1);
    setUpload(null);
    setFile(null);
    setSelection(EMPTY_SELECTION);
    setRequest(null);
    setRun(null);
  }

  function convert() {
    if (!selection.source && !flow.sourceOptional) return;
    const next: Run = {
      key: (run?.key ?? 0) + 1,
      requestId: null,
      source: selection.source,
      targets: formats.filter((f) => selection.targets.includes(f.id)),
      aiRequested: flow.aiToggle && selection.useAi,
      output,
      fill: selection.fill,
      focus: selection.focus,
      response: null,
    };
    setRun(next);
    setStep(3);
    start.mutate(next);
  }

  let body;
  if (step === 1) {
    body = (
      <UploadStep
        upload={upload}
        file={file}
        onUploaded={(uploaded, chosen) => {
          setUpload(uploaded);
          setFile(chosen);
          setRequest(null);
        }}
        onCleared={() => {
          setUpload(null);
          setFile(null);
          setRequest(null);
        }}
        onNext={() => setStep(2)}
      />
    );
  } else if (step === 2 && upload) {
    if (formatsQuery.isPending) body = <Spinner label="Loading formats" />;
    else if (formats.length === 0)
      body = (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold text-slate-900">{flow.noFormatsTitle}</p>
          <p className="mt-1 text-sm text-slate-600">{flow.noFormatsText}</p>
          <Button className="mt-4" variant="outline" onClick={() => setStep(1)}>
            Go Back
          </Button>
        </div>
      );
    else
      body = (
        <ConfigureStep
          flow={flow}
          upload={upload}
          formats={formats}
          selection={selection}
          onChange={setSelection}
          output={output}
          onOutput={setOutput}
          onBack={() => setStep(1)}
          onContinue={convert}
        />
      );
  } else if (step === 3 && upload && run) {
    body = (
      <ResultsStep
        flow={flow}
        upload={upload}
        source={run.source}
        targets={run.targets}
        requestId={run.requestId}
        results={results}
        files={files}
        starting={start.isPending}
        analysisPerformed={run.aiRequested && run.response ? (status.data ?? run.response).analysisPerformed : null}
        framing={run.focus ? 'focus' : run.response?.analysisPerformed ? 'auto' : 'centre'}
        onBack={() => setStep(2)}
        onStartOver={startOver}
      />
    );
  }

  return (
    <Card ref={cardRef} className="scroll-mt-20" data-in-use={step > 1 || undefined}>
      <CardHeader className="gap-4">
        <StepIndicator steps={flow.steps} current={step} />
        <CardTitle className="text-xl">{flow.titles[step - 1]}</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
