import { useEffect } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useOutputSettings } from '../tool-kit/output-settings';
import { LimitNotice } from '../tool-kit/limit-notice';
import { ToolCard } from '../tool-kit/tool-card';
import { UploadStep } from '../tool-kit/upload-step';
import { useFormatCatalogue } from '../tool-kit/use-format-catalogue';
import type { AdjusterAddress, AdjusterAddressChange } from './address';
import { ConfigureStep } from './configure-step';
import type { AdjusterFlow } from './flows';
import { customFitsFlow } from '../../../shared/custom-format';
import { useCustomSizes } from '../tool-kit/use-custom-sizes';
import { NoFormats } from './no-formats';
import { ResultsStep } from './results-step';
import { NO_SELECTION, selectionAddress } from './selection';
import { ADJUSTER_STEPS, shownAdjusterStep, type AdjusterStep } from './steps';
import { useAddressSelection } from './use-address-selection';
import { useAdjusterUpload } from './use-adjuster-upload';
import { useAdjusterRun } from './use-adjuster-run';
import { useRestoredRun } from './use-restored-run';

/**
 * The banner adjuster and the profile-picture adjuster: upload, configure, results. The picture,
 * the choices and the run live in the address (address.ts), so every step survives a reload and Back.
 */
export function AdjusterTool({
  flow,
  address,
  onAddress,
}: {
  flow: AdjusterFlow;
  address: AdjusterAddress;
  onAddress: (change: AdjusterAddressChange, replace: boolean) => void;
}) {
  const adjusterUpload = useAdjusterUpload(address, onAddress);
  const { upload, file } = adjusterUpload;
  const [output, setOutput] = useOutputSettings();
  const formatsQuery = useFormatCatalogue(flow.formatsQuery);
  // The user's own sizes of this adjuster's shape first (docs/product.md, "Custom sizes").
  const custom = useCustomSizes().formats.filter((f) => customFitsFlow(f, flow.kind));
  const formats = [...custom, ...(formatsQuery.data ?? []).filter(flow.offers)];
  const { selection, change, reset } = useAddressSelection(address, formats, onAddress);
  // A start the server refused goes back to the configure step, with the run gone from the address.
  const fanOut = useAdjusterRun(flow, upload, address.step === 'results', () =>
    onAddress({ step: 'configure', run: null }, true),
  );
  const restoringRun = useRestoredRun(address, fanOut.run?.requestId ?? null, formats, (restored) => {
    adjusterUpload.show(restored.upload);
    fanOut.restore({ ...restored, uploadPath: restored.upload.path });
  });
  const restoring = restoringRun || adjusterUpload.restoring;

  const shown = shownAdjusterStep(address.step, { upload: upload !== null, run: fanOut.run !== null });
  const step = ADJUSTER_STEPS.indexOf(restoring ? (address.step ?? 'upload') : shown) + 1;
  // The address names a step this page cannot show: it names the one shown instead.
  useEffect(() => {
    if (restoring || address.step === null || address.step === shown) return;
    onAddress({ step: shown }, true);
  }, [restoring, address.step, shown, onAddress]);
  const go = (next: AdjusterStep) => onAddress({ step: next }, false);
  // The run's request joins the address once the server has made it.
  const runId = fanOut.run?.requestId ?? null;
  useEffect(() => {
    if (address.step === 'results' && runId && runId !== address.run) onAddress({ run: runId }, true);
  }, [address.step, runId, address.run, onAddress]);

  function forget() {
    adjusterUpload.forget();
    reset();
    fanOut.reset();
  }

  function convert() {
    fanOut.begin({
      source: selection.source,
      targets: formats.filter((f) => selection.targets.includes(f.id)),
      aiRequested: flow.aiToggle && selection.useAi,
      output,
      fill: selection.fill,
      focus: selection.focus,
    });
    // The choices go with the step, so Back and a reload of the results find them.
    onAddress({ ...selectionAddress(selection), step: 'results', run: null }, false);
  }

  let body = null;
  if (restoring) body = <Spinner label="Opening your picture" />;
  else if (step === 1) {
    body = (
      <UploadStep
        upload={upload}
        file={file}
        onUploaded={(uploaded, chosen) => {
          adjusterUpload.show(uploaded, chosen);
          fanOut.forgetRequest();
        }}
        onCleared={() => {
          forget();
          onAddress({ upload: null }, true);
        }}
        onNext={() => go('configure')}
      />
    );
  } else if (step === 2 && upload) {
    if (formatsQuery.isPending) body = <Spinner label="Loading formats" />;
    else if (formats.length === 0) body = <NoFormats flow={flow} onBack={() => go('upload')} />;
    else
      body = (
        <ConfigureStep
          flow={flow}
          upload={upload}
          formats={formats}
          selection={selection}
          onChange={change}
          output={output}
          onOutput={setOutput}
          onBack={() => go('upload')}
          onContinue={convert}
          notice={fanOut.limit ? <LimitNotice limit={fanOut.limit} /> : null}
        />
      );
  } else if (step === 3 && upload && fanOut.run) {
    body = (
      <ResultsStep
        flow={flow}
        upload={upload}
        fanOut={fanOut}
        onBack={() => go('configure')}
        onStartOver={() => {
          forget();
          onAddress({ ...NO_SELECTION, step: 'upload', upload: null, run: null }, false);
        }}
      />
    );
  }

  return (
    <ToolCard steps={flow.steps} title={flow.titles[step - 1]} step={step}>
      {body}
    </ToolCard>
  );
}
