import type { CropRect } from '../../../shared/crop';
import { transparencyRefusal, type Fill } from '../../../shared/fill';
import { FocusPicker, FocusPreviews } from './focus-picker';
import { FormatCheckCard } from '../tools/format-check-card';
import { FillPicker, useEdgeColour } from '../tools/fill-picker';
import { platformName } from '../../../shared/platforms';
import type { PlatformFormat } from '../../../shared/formats';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { groupByPlatform, type AdjusterFlow } from './flows';
import { FormatOptions } from '../tools/format-options';
import { inputClass } from '../../components/ui/field';
import { OUTPUT_TYPES, type OutputSettings, type OutputType } from '../../../shared/output';
import { OutputPicker } from '../tools/output-picker';

export interface Selection {
  source: PlatformFormat | null;
  targets: number[];
  useAi: boolean;
  /** What fills a canvas extended to keep the banner whole (intelligent resizing). */
  fill: Fill;
  /** The user's box to keep in every target ("Keep this"); null: framed automatically. */
  focus: CropRect | null;
  /** The target tab that is open. */
  tab: string | null;
}

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
};

const SAME_PLATFORM = {
  title: 'Cannot select',
  description: "You can't select formats from the same platform as the source",
  variant: 'destructive',
} as const;

/** The types every chosen target takes (all of them before any is chosen). */
function acceptedByAll(targets: PlatformFormat[]): OutputType[] {
  return OUTPUT_TYPES.filter((type) => targets.every((t) => t.types.includes(type)));
}

/** Step 2: the source platform and format, then the targets by platform tab. */
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
}: Props) {
  const groups = groupByPlatform(formats);
  const { source, targets } = selection;
  // A profile picture may be a fresh photo: no source platform until one is chosen.
  const sourcePlatform = source?.platform ?? (flow.sourceOptional ? '' : (groups[0]?.platform ?? ''));
  const tab =
    selection.tab ?? groups.find((g) => g.platform !== source?.platform)?.platform ?? groups[0]?.platform ?? '';
  const imageUrl = `/uploads/${upload.path.split('/').pop() ?? ''}`;
  const edge = useEdgeColour(imageUrl);
  const chosen = formats.filter((f) => targets.includes(f.id));

  function chooseSource(format: PlatformFormat | null) {
    // The source's platform is no target: its targets go, and the first other platform's tab opens.
    onChange({
      ...selection,
      source: format,
      targets: format
        ? targets.filter((id) => formats.find((f) => f.id === id)?.platform !== format.platform)
        : targets,
      tab: format ? (groups.find((g) => g.platform !== format.platform)?.platform ?? null) : selection.tab,
    });
  }

  function toggle(format: PlatformFormat) {
    if (source && format.platform === source.platform) {
      toast(SAME_PLATFORM);
      return;
    }
    onChange({
      ...selection,
      targets: targets.includes(format.id) ? targets.filter((id) => id !== format.id) : [...targets, format.id],
    });
  }

  function selectAll(platform: string, select: boolean) {
    if (select && source && platform === source.platform) {
      toast(SAME_PLATFORM);
      return;
    }
    const ids = formats.filter((f) => f.platform === platform).map((f) => f.id);
    onChange({
      ...selection,
      targets: select ? [...new Set([...targets, ...ids])] : targets.filter((id) => !ids.includes(id)),
    });
  }

  const blocked = (!source && !flow.sourceOptional) || targets.length === 0;
  function next() {
    if (!source && !flow.sourceOptional) {
      toast({
        title: 'Source format required',
        description: `Please select the current format of your ${flow.noun}`,
        variant: 'destructive',
      });
      return;
    }
    if (targets.length === 0) {
      toast({
        title: 'No target formats selected',
        description: 'Please select at least one target format to continue',
        variant: 'destructive',
      });
      return;
    }
    onContinue();
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="source-heading" className="space-y-4">
        <h3 id="source-heading" className="font-semibold text-slate-900">
          1. Current format of your {flow.noun}
          {flow.sourceOptional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
        </h3>
        {flow.sourceOptional ? (
          <p className="text-sm text-slate-600">
            A fresh photo has none. If the picture is already someone's profile picture somewhere, name where: that
            platform is then left out of the targets.
          </p>
        ) : null}
        <div className={cn('grid gap-4', flow.kind === 'profile' ? 'sm:grid-cols-[auto_1fr_1fr]' : 'sm:grid-cols-2')}>
          {flow.kind === 'profile' ? (
            <img
              src={imageUrl}
              alt="Your profile picture, as a circle"
              className="h-28 w-28 rounded-full border-4 border-white object-cover shadow ring-1 ring-slate-200"
            />
          ) : null}
          <label className="block text-sm font-medium text-slate-700">
            Source platform
            <select
              className={cn(inputClass, 'mt-1')}
              value={sourcePlatform}
              onChange={(event) => chooseSource(formats.find((f) => f.platform === event.target.value) ?? null)}
            >
              {flow.sourceOptional ? <option value="">None: a new photo</option> : null}
              {groups.map((g) => (
                <option key={g.platform} value={g.platform}>
                  {platformName(g.platform)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Source format
            <select
              className={cn(inputClass, 'mt-1')}
              value={source?.id ?? ''}
              disabled={sourcePlatform === ''}
              onChange={(event) => chooseSource(formats.find((f) => f.id === Number(event.target.value)) ?? null)}
            >
              <option value="">{sourcePlatform === '' ? 'None' : 'Select the current format'}</option>
              <FormatOptions formats={formats.filter((f) => f.platform === sourcePlatform)} />
            </select>
          </label>
        </div>
      </section>

      <section aria-labelledby="targets-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="targets-heading" className="font-semibold text-slate-900">
            2. Formats to convert to
          </h3>
          <p className="text-sm text-slate-600" aria-live="polite">
            {targets.length} selected
          </p>
        </div>
        <Tabs value={tab} onValueChange={(value) => onChange({ ...selection, tab: value })}>
          <TabsList aria-label="Target platforms">
            {groups.map((g) => {
              const isSource = g.platform === source?.platform;
              const count = g.formats.filter((f) => targets.includes(f.id)).length;
              return (
                <TabsTrigger
                  key={g.platform}
                  value={g.platform}
                  className={cn(isSource && 'text-slate-400 line-through decoration-slate-300')}
                >
                  {platformName(g.platform)}
                  {isSource ? ' (source)' : count > 0 ? ` (${count})` : ''}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {groups.map((g) => {
            const isSource = g.platform === source?.platform;
            return (
              <TabsContent key={g.platform} value={g.platform} className="space-y-3">
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-disabled={isSource || undefined}
                    onClick={() => selectAll(g.platform, true)}
                  >
                    Select All
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => selectAll(g.platform, false)}>
                    Unselect All
                  </Button>
                  {isSource ? (
                    <p className="self-center text-sm text-slate-500">
                      This is your source platform: choose targets on the other platforms.
                    </p>
                  ) : null}
                </div>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {g.formats.map((f) => (
                    <li key={f.id}>
                      <FormatCheckCard
                        format={f}
                        checked={targets.includes(f.id)}
                        blocked={isSource}
                        onToggle={() => toggle(f)}
                      />
                    </li>
                  ))}
                </ul>
              </TabsContent>
            );
          })}
        </Tabs>
      </section>

      <section aria-labelledby="focus-heading" className="space-y-3">
        <h3 id="focus-heading" className="font-semibold text-slate-900">
          3. Keep this <span className="font-normal text-slate-500">(optional)</span>
        </h3>
        <p className="text-sm text-slate-600">
          Drag a box around what must stay whole (a headline, a logo, a face), or tap a point to centre on. Every format
          keeps it inside the area the platform shows.
        </p>
        <FocusPicker
          imageUrl={imageUrl}
          picture={upload}
          value={selection.focus}
          onChange={(focus) => onChange({ ...selection, focus })}
        />
        {selection.focus && chosen.length > 0 ? (
          <FocusPreviews
            imageUrl={imageUrl}
            picture={upload}
            focus={selection.focus}
            targets={chosen}
            fill={selection.fill}
          />
        ) : null}
      </section>

      {flow.aiToggle ? (
        <section className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <label className="flex items-center justify-between gap-4">
            <span className="font-medium text-slate-900">Enable intelligent resizing</span>
            <button
              type="button"
              role="switch"
              aria-checked={selection.useAi}
              aria-label="Enable intelligent resizing"
              onClick={() => onChange({ ...selection, useAi: !selection.useAi })}
              className={cn(
                'relative h-6 w-11 rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                selection.useAi ? 'bg-brand-600' : 'bg-slate-300',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform',
                  selection.useAi && 'translate-x-5',
                )}
              />
            </button>
          </label>
          <div className="text-sm text-slate-600">
            <p>
              Intelligent resizing looks for the text, logos and faces in your banner and frames every format so they
              stay whole and inside the area each platform shows on every device.
            </p>
            <p className="mt-1">
              Where a format’s shape cannot hold them, the canvas is extended with the fill below instead of cutting
              anything off. Switched off, each format is a centred crop.
            </p>
          </div>
        </section>
      ) : null}

      {(flow.aiToggle && selection.useAi) || selection.focus ? (
        <FillPicker
          value={selection.fill}
          onChange={(fill) => onChange({ ...selection, fill })}
          edge={edge}
          transparencyRefused={transparencyRefusal(chosen, output.type)}
        />
      ) : null}

      <section className="rounded-lg border border-slate-200 p-4" aria-label="File type">
        <OutputPicker
          value={output}
          onChange={onOutput}
          accepted={acceptedByAll(formats.filter((f) => targets.includes(f.id)))}
          single={false}
        />
      </section>

      <div className="flex justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button
          aria-disabled={blocked || undefined}
          className={cn(blocked && 'cursor-not-allowed opacity-50')}
          onClick={next}
        >
          Continue
        </Button>
      </div>
    </div>
  );
}
