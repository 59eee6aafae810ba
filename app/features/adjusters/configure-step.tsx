import type { ReactNode } from 'react';
import { transparencyRefusal } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { softFilesText } from '../../../shared/sharpness';
import { SoftnessNote } from '../tool-kit/softness-note';
import { StepActions } from '../tool-kit/step-actions';
import { cn } from '../../lib/cn';
import { customFitsFlow } from '../../../shared/custom-format';
import { CustomSizeForm } from '../tool-kit/custom-size-form';
import { FillPicker } from '../tool-kit/fill-picker';
import { OutputPicker } from '../tool-kit/output-picker';
import { ChosenFormatsPreview, useChosenFormatsPreview } from '../tool-kit/quality-preview/chosen-formats-preview';
import { useDetection } from '../tool-kit/detection';
import { acceptedByAll } from '../tool-kit/output-settings';
import { shownPictureUrl } from '../tool-kit/shown-picture';
import { useEdgeColour } from '../tool-kit/use-edge-colour';
import { AiToggle } from './ai-toggle';
import type { AdjusterFlow } from './flows';
import { FocusSection } from './focus-section';
import type { Selection } from './selection';
import { SourceSection } from './source-section';
import { TargetsSection } from './targets-section';
import { useTargetSelection } from './use-target-selection';

type Props = {
  flow: AdjusterFlow;
  upload: UploadResponse;
  formats: PlatformFormat[];
  selection: Selection;
  onChange: (selection: Selection) => void;
  output: OutputSettings;
  onOutput: (output: OutputSettings) => void;
  onBack: () => void;
  onContinue: () => void;
  /** Said just above the step's buttons (an hourly limit reached). */
  notice?: ReactNode;
};

/** Step 2: the source platform and format, the targets by platform tab, the box to keep, the output. */
export function ConfigureStep({
  flow,
  upload,
  formats,
  selection,
  onChange,
  output,
  onOutput,
  onBack,
  onContinue,
  notice,
}: Props) {
  const rules = useTargetSelection({ flow, formats, selection, onChange, onContinue });
  const pictureUrl = shownPictureUrl(upload);
  const edge = useEdgeColour(pictureUrl, upload);
  const chosen = formats.filter((f) => selection.targets.includes(f.id));
  // Content-aware targets keep what the detectors find: banners with intelligent resizing, every profile picture.
  const detection = useDetection(upload, !flow.aiToggle || selection.useAi);
  const preview = useChosenFormatsPreview({ pictureUrl, picture: upload, chosen, output, fill: selection.fill });

  return (
    <div className="space-y-8">
      <SourceSection
        flow={flow}
        pictureUrl={pictureUrl}
        formats={formats.filter((f) => f.platform !== 'custom')}
        platforms={rules.groups.map((g) => g.platform).filter((p) => p !== 'custom')}
        sourcePlatform={rules.sourcePlatform}
        source={selection.source}
        onSource={rules.chooseSource}
        notice={rules.removed}
      />
      <TargetsSection
        groups={rules.groups}
        tab={rules.tab}
        onTab={(tab) => onChange({ ...selection, tab })}
        targets={selection.targets}
        sourcePlatform={selection.source?.platform}
        onToggle={rules.toggle}
        onSelectAll={rules.selectAll}
      />
      <CustomSizeForm
        fits={(size) => customFitsFlow(size, flow.kind)}
        fitsText={
          flow.kind === 'banner'
            ? 'A banner is at least 16:9 wide: make the width at least 1.78 times the height.'
            : 'A profile picture is square, at most 1024 px.'
        }
        onAdded={(format) => {
          if (!selection.targets.includes(format.id))
            onChange({ ...selection, tab: 'custom', targets: [...selection.targets, format.id] });
          else onChange({ ...selection, tab: 'custom' });
        }}
      />
      <FocusSection
        pictureUrl={pictureUrl}
        upload={upload}
        focus={selection.focus}
        onFocus={(focus) => onChange({ ...selection, focus })}
        chosen={chosen}
        fill={selection.fill}
        detection={detection}
      />
      {flow.aiToggle ? <AiToggle on={selection.useAi} onChange={(useAi) => onChange({ ...selection, useAi })} /> : null}

      {(flow.aiToggle && selection.useAi) || selection.focus ? (
        <FillPicker
          value={selection.fill}
          onChange={(fill) => onChange({ ...selection, fill })}
          edge={edge}
          transparencyRefused={transparencyRefusal(chosen, output.type)}
        />
      ) : null}

      <section
        className="grid gap-6 rounded-lg border border-slate-200 p-4 md:grid-cols-2 md:items-start"
        aria-label="File type"
      >
        <OutputPicker
          value={output}
          onChange={onOutput}
          accepted={acceptedByAll(chosen)}
          single={false}
          estimate={preview.estimate}
        />
        <ChosenFormatsPreview {...preview} />
      </section>

      <SoftnessNote text={softFilesText(chosen.map((target) => ({ picture: upload, target })))} />
      {notice}
      <StepActions status={rules.waitingFor}>
        <Button variant="outline" onClick={onBack} className="mr-auto">
          Back
        </Button>
        <Button
          aria-disabled={rules.blocked || undefined}
          className={cn(rules.blocked && 'cursor-not-allowed opacity-50')}
          onClick={rules.next}
        >
          Continue
        </Button>
      </StepActions>
    </div>
  );
}
