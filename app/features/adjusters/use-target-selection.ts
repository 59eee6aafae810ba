import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { toast } from '../../components/ui/use-toast';
import { groupByPlatform } from '../tool-kit/format-choice';
import type { AdjusterFlow } from './flows';
import type { Selection } from './selection';

const SAME_PLATFORM = {
  title: 'Cannot select',
  description: "You can't select formats from the same platform as the source",
  variant: 'destructive',
} as const;

/**
 * The configure step's rules: the source's platform is no target, a source is needed unless the
 * flow lets a fresh picture go without one, and at least one target is.
 */
export function useTargetSelection({
  flow,
  formats,
  selection,
  onChange,
  onContinue,
}: {
  flow: AdjusterFlow;
  formats: PlatformFormat[];
  selection: Selection;
  onChange: (selection: Selection) => void;
  onContinue: () => void;
}) {
  const groups = groupByPlatform(formats);
  const { source, targets } = selection;
  // Targets the source's platform took out, said beside the source (never removed silently).
  const [removed, setRemoved] = useState<string | null>(null);
  // A profile picture may be a fresh photo: no source platform until one is chosen.
  const sourcePlatform = source?.platform ?? (flow.sourceOptional ? '' : (groups[0]?.platform ?? ''));
  const tab =
    selection.tab ?? groups.find((g) => g.platform !== source?.platform)?.platform ?? groups[0]?.platform ?? '';

  function chooseSource(format: PlatformFormat | null) {
    // The source's platform is no target: its targets go (and the step says how many), and the
    // first other platform's tab opens.
    const kept = format
      ? targets.filter((id) => formats.find((f) => f.id === id)?.platform !== format.platform)
      : targets;
    const gone = targets.length - kept.length;
    setRemoved(
      format && gone > 0
        ? `${gone} ${platformName(format.platform)} ${gone === 1 ? 'format was' : 'formats were'} taken out of the targets: a ${flow.noun} is not converted to the platform it is on. ${kept.length} still selected.`
        : null,
    );
    onChange({
      ...selection,
      source: format,
      targets: kept,
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
  /** Why Continue waits, said beside it (not only in a notification). */
  const waitingFor =
    !source && !flow.sourceOptional
      ? `Choose the current format of your ${flow.noun}`
      : targets.length === 0
        ? 'Choose at least one format to convert to'
        : null;
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

  return { groups, sourcePlatform, tab, chooseSource, toggle, selectAll, blocked, waitingFor, removed, next };
}
