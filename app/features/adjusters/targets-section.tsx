import type { PlatformFormat } from '../../../shared/formats';
import { Button } from '../../components/ui/button';
import { TargetFormatTabs } from '../tool-kit/target-format-tabs';

/** "2. Formats to convert to": the targets by platform tab, with Select All per platform. */
export function TargetsSection({
  groups,
  tab,
  onTab,
  targets,
  sourcePlatform,
  onToggle,
  onSelectAll,
}: {
  groups: readonly { platform: string; formats: PlatformFormat[] }[];
  tab: string;
  onTab: (platform: string) => void;
  targets: readonly number[];
  sourcePlatform: string | undefined;
  onToggle: (format: PlatformFormat) => void;
  onSelectAll: (platform: string, select: boolean) => void;
}) {
  return (
    <section aria-labelledby="targets-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="targets-heading" className="font-semibold text-slate-900">
          2. Formats to convert to
        </h3>
        <p className="text-sm text-slate-600" aria-live="polite">
          {targets.length} selected
        </p>
      </div>
      <TargetFormatTabs
        label="Target platforms"
        groups={groups}
        value={tab}
        onValueChange={onTab}
        targets={targets}
        onToggle={onToggle}
        sourcePlatform={sourcePlatform}
        actions={(platform, isSource) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-disabled={isSource || undefined}
              onClick={() => onSelectAll(platform, true)}
            >
              Select All
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onSelectAll(platform, false)}>
              Unselect All
            </Button>
            {isSource ? (
              <p className="self-center text-sm text-slate-500">
                This is your source platform: choose targets on the other platforms.
              </p>
            ) : null}
          </div>
        )}
      />
    </section>
  );
}
