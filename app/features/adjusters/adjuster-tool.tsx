import { useEffect, useState } from 'react';
import type { UploadResponse } from '../../../shared/schemas';
import { Spinner } from '../../components/ui/spinner';
import { useOutputSettings } from '../tool-kit/output-settings';
import { LimitNotice } from '../tool-kit/limit-notice';
import { ToolCard } from '../tool-kit/tool-card';
import { UploadStep } from '../tool-kit/upload-step';
import { useFormatCatalogue } from '../tool-kit/use-format-catalogue';
import type { ChosenFile } from '../tool-kit/use-photo-upload';
import { ConfigureStep } from './configure-step';
import type { AdjusterFlow } from './flows';
import { customFitsFlow } from '../../../shared/custom-format';
import { useCustomSizes } from '../tool-kit/use-custom-sizes';
import { NoFormats } from './no-formats';
import { ResultsStep } from './results-step';
import { EMPTY_SELECTION, type Selection } from './selection';
import {
  ADJUSTER_STEPS,
  shownAdjusterStep,
  type AdjusterAddress,
  type AdjusterAddressChange,
  type AdjusterStep,
} from './steps';
import { useAdjusterRun } from './use-adjuster-run';
import { useRestoredRun } from './use-restored-run';

/** The banner adjuster and the profile-picture adjuster: upload, configure, results. */
export function AdjusterTool({
  flow,
  address,
  onAddress,
}: {
  flow: AdjusterFlow;
  address: AdjusterAddress;
  onAddress: (change: AdjusterAddressChange, replace: boolean) => void;
}) {
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [output, setOutput] = useOutputSettings();
  const formatsQuery = useFormatCatalogue(flow.formatsQuery);
  // The user's own sizes of this adjuster's shape first (docs/product.md, "Custom sizes").
  const custom = useCustomSizes().formats.filter((f) => customFitsFlow(f, flow.kind));
  const formats = [...custom, ...(formatsQuery.data ?? []).filter(flow.offers)];
  // A start the server refused goes back to the configure step, with the run gone from the address.
  const fanOut = useAdjusterRun(flow, upload, address.step === 'results', () =>
    onAddress({ step: 'configure', run: null, targets: null }, true),
  );
  const restoring = useRestoredRun(flow, address, fanOut.run?.requestId ?? null, formats, (restored) => {
    setUpload(restored.upload);
    setFile({ name: restored.upload.originalFilename, size: restored.upload.size });
    fanOut.restore({ ...restored, uploadPath: restored.upload.path });
  });
  const shown = shownAdjusterStep(address.step, { upload: upload !== null, run: fanOut.run !== null });
  const step = ADJUSTER_STEPS.indexOf(restoring ? 'results' : shown) + 1;
  // The address names a step this page cannot show: it names the one shown instead.
  useEffect(() => {
    if (restoring || address.step === null || address.step === shown) return;
    onAddress({ step: shown }, true);
  }, [restoring, address.step, shown, onAddress]);
  const go = (next: AdjusterStep) => onAddress({ step: next }, false);
  const setStep = (n: number) => go(ADJUSTER_STEPS[n - 1]!);
  // The run's request and targets join the address once the server has made it.
  const runId = fanOut.run?.requestId ?? null;
  useEffect(() => {
    if (runId && runId !== address.run && fanOut.run)
      onAddress({ run: runId, targets: fanOut.run.targets.map((t) => t.id) }, true);
  }, [runId, address.run, fanOut.run, onAddress]);

  function startOver() {
    onAddress({ step: 'upload', run: null, targets: null }, false);
    setUpload(null);
    setFile(null);
    setSelection(EMPTY_SELECTION);
    fanOut.reset();
  }

  function convert() {
    if (!selection.source && !flow.sourceOptional) return;
    fanOut.begin({
      source: selection.source,
      targets: formats.filter((f) => selection.targets.includes(f.id)),
      aiRequested: flow.aiToggle && selection.useAi,
      output,
      fill: selection.fill,
      focus: selection.focus,
    });
    onAddress({ step: 'results', run: null, targets: null }, false);
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
          fanOut.forgetRequest();
        }}
        onCleared={() => {
          setUpload(null);
          setFile(null);
          fanOut.forgetRequest();
        }}
        onNext={() => setStep(2)}
      />
    );
  } else if (step === 2 && upload) {
    if (formatsQuery.isPending) body = <Spinner label="Loading formats" />;
    else if (formats.length === 0) body = <NoFormats flow={flow} onBack={() => setStep(1)} />;
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
          notice={fanOut.limit ? <LimitNotice limit={fanOut.limit} /> : null}
        />
      );
  } else if (step === 3 && upload && fanOut.run) {
    body = (
      <ResultsStep
        flow={flow}
        upload={upload}
        source={fanOut.run.source}
        targets={fanOut.run.targets}
        requestId={fanOut.run.requestId}
        results={fanOut.results}
        files={fanOut.files}
        starting={fanOut.starting}
        analysisPerformed={fanOut.analysisPerformed}
        detection={fanOut.detection}
        framing={fanOut.framing}
        framings={fanOut.framings}
        versions={fanOut.versions}
        reframing={fanOut.reframing}
        onReframe={fanOut.reframe}
        onBack={() => setStep(2)}
        onStartOver={startOver}
      />
    );
  }

  return (
    <ToolCard steps={flow.steps} title={flow.titles[step - 1]} step={step}>
      {body}
    </ToolCard>
  );
}
