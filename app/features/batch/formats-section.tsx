import { useState } from 'react';
import type { FormatKind, PlatformFormat } from '../../../shared/formats';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { groupByPlatform, KIND_LABELS } from '../tool-kit/format-choice';
import { CustomSizeForm } from '../tool-kit/custom-size-form';
import { TargetFormatTabs } from '../tool-kit/target-format-tabs';
import { useSavedSet } from './use-saved-set';
import { plural } from '../../lib/words';

/** "Formats": every format of a kind at once, a set saved on this browser, or one by one by platform. */
export function FormatsSection({
  formats,
  loading,
  targets,
  onTargets,
}: {
  formats: PlatformFormat[];
  loading: boolean;
  targets: number[];
  onTargets: (update: (ids: number[]) => number[]) => void;
}) {
  const [tab, setTab] = useState<string | null>(null);
  const groups = groupByPlatform(formats);
  const saved = useSavedSet(formats);
  // Kinds in the catalogue's order.
  const kinds = [...new Set(formats.map((f) => f.kind))];
  const addKind = (kind: FormatKind) =>
    onTargets((ids) => [...new Set([...ids, ...formats.filter((f) => f.kind === kind).map((f) => f.id)])]);

  return (
    <section aria-labelledby="batch-formats" className="space-y-3">
      <h2 id="batch-formats" className="text-lg font-semibold text-slate-900">
        Formats <span className="text-sm font-normal text-slate-600">({targets.length} selected)</span>
      </h2>
      {loading ? <Spinner /> : null}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Add every format of a kind">
        <span className="text-sm text-slate-600">Add every:</span>
        {kinds.map((kind) => (
          <Button key={kind} size="sm" variant="outline" onClick={() => addKind(kind)}>
            {KIND_LABELS[kind]}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" disabled={targets.length === 0} onClick={() => saved.save(targets)}>
          Save this set
        </Button>
        {saved.offered.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => onTargets(() => saved.offered)}>
            Use my saved set ({plural(saved.offered.length, 'format')})
          </Button>
        ) : null}
        {targets.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => onTargets(() => [])}>
            Clear
          </Button>
        ) : null}
      </div>
      <TargetFormatTabs
        label="Platforms"
        groups={groups}
        value={tab ?? groups[0]?.platform ?? ''}
        onValueChange={setTab}
        targets={targets}
        onToggle={(format) =>
          onTargets((ids) => (ids.includes(format.id) ? ids.filter((id) => id !== format.id) : [...ids, format.id]))
        }
      />
      <CustomSizeForm
        onAdded={(format) => {
          setTab('custom');
          onTargets((ids) => (ids.includes(format.id) ? ids : [...ids, format.id]));
        }}
      />
    </section>
  );
}
