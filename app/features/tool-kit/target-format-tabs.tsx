import type { ReactNode } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { TabScroller } from './tab-scroller';
import { cn } from '../../lib/cn';
import { FormatCheckCard } from './format-check-card';

/**
 * Many formats chosen at once, a tab per platform, each tab counting its chosen formats (the
 * adjusters' targets, a batch's formats). The adjusters' source platform is marked and its formats
 * are shown but not to be chosen.
 */
export function TargetFormatTabs({
  label,
  groups,
  value,
  onValueChange,
  targets,
  onToggle,
  sourcePlatform,
  actions,
  shapes = false,
}: {
  label: string;
  groups: readonly { platform: string; formats: PlatformFormat[] }[];
  value: string;
  onValueChange: (platform: string) => void;
  targets: readonly number[];
  onToggle: (format: PlatformFormat) => void;
  sourcePlatform?: string;
  /** Shown above a platform's formats (the adjusters' Select All). */
  actions?: (platform: string, isSource: boolean) => ReactNode;
  /** Each card draws its format's shape (FormatCheckCard `shape`). */
  shapes?: boolean;
}) {
  // Where the platforms do not fit the row, arrows at its ends show and scroll it (tab-scroller.tsx).
  return (
    <TabScroller label="platforms">
      <Tabs value={value} onValueChange={onValueChange}>
        <TabsList aria-label={label}>
          {groups.map((g) => {
            const isSource = g.platform === sourcePlatform;
            const count = g.formats.filter((f) => targets.includes(f.id)).length;
            return (
              <TabsTrigger
                key={g.platform}
                value={g.platform}
                className={cn(isSource && 'text-slate-600 line-through decoration-slate-400')}
              >
                {platformName(g.platform)}
                {isSource ? ' (source)' : count > 0 ? ` (${count})` : ''}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {groups.map((g) => {
          const isSource = g.platform === sourcePlatform;
          return (
            <TabsContent key={g.platform} value={g.platform} className="space-y-3">
              {actions?.(g.platform, isSource)}
              <ul className="grid gap-3 sm:grid-cols-2">
                {g.formats.map((f) => (
                  <li key={f.id}>
                    <FormatCheckCard
                      format={f}
                      checked={targets.includes(f.id)}
                      blocked={isSource}
                      shape={shapes}
                      onToggle={() => onToggle(f)}
                    />
                  </li>
                ))}
              </ul>
            </TabsContent>
          );
        })}
      </Tabs>
    </TabScroller>
  );
}
