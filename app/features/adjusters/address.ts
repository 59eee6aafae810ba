/**
 * What an adjuster's address holds (docs/product.md, "Banner and profile adjusters"): its step, its
 * picture (an upload the server keeps 7 days), the configure step's choices and the run whose
 * results show, so a reload, Back or a link opens any step as it was. As the home page's search
 * params write them: `astep`, `aupload`, `source`, `targets` (`2,20,36`), `ai=off`, `fill`
 * (`blur`, `transparent` or a colour's hex digits), `focus` (`x,y,width,height` in picture pixels)
 * and `run`.
 */
import type { CropRect } from '@social-resizer/engine/plan/crop';
import { fillOfToken, fillToken, type Fill } from '../../../shared/fill';
import type { AdjusterSearch } from './search';
import type { AdjusterStep } from './steps';

export type AdjusterAddress = {
  step: AdjusterStep | null;
  upload: string | null;
  source: number | null;
  targets: number[];
  useAi: boolean;
  /** Null: the flow's default. */
  fill: Fill | null;
  focus: CropRect | null;
  run: string | null;
};

/** A change to it: only the keys given change (null removes one). */
export type AdjusterAddressChange = Partial<Omit<AdjusterAddress, 'targets'>> & { targets?: number[] | null };

/** The address of an adjuster, read from the search params. */
export function readAdjusterAddress(search: AdjusterSearch): AdjusterAddress {
  const focus = search.focus?.split(',').map(Number);
  return {
    step: search.astep ?? null,
    upload: search.aupload ?? null,
    source: search.source ?? null,
    targets: search.targets ? search.targets.split(',').map(Number) : [],
    useAi: search.ai !== 'off',
    fill: search.fill ? fillOfToken(search.fill) : null,
    focus: focus ? { x: focus[0]!, y: focus[1]!, width: focus[2]!, height: focus[3]! } : null,
    run: search.run ?? null,
  };
}

/** The search params a change writes (undefined removes one). */
export function writeAdjusterAddress(change: AdjusterAddressChange): AdjusterSearch {
  const search: AdjusterSearch = {};
  const set = <K extends keyof AdjusterSearch>(key: K, given: boolean, value: AdjusterSearch[K]) => {
    if (given) search[key] = value;
  };
  set('astep', change.step !== undefined, change.step ?? undefined);
  set('aupload', change.upload !== undefined, change.upload ?? undefined);
  set('source', change.source !== undefined, change.source ?? undefined);
  set('targets', change.targets !== undefined, change.targets?.length ? change.targets.join(',') : undefined);
  set('ai', change.useAi !== undefined, change.useAi === false ? 'off' : undefined);
  set('fill', change.fill !== undefined, change.fill ? fillToken(change.fill) : undefined);
  set('focus', change.focus !== undefined, change.focus ? writeFocus(change.focus) : undefined);
  set('run', change.run !== undefined, change.run ?? undefined);
  return search;
}

/** Whole picture pixels: the box is drawn by hand, a pixel is finer than the hand. */
function writeFocus(focus: CropRect): string {
  return [focus.x, focus.y, focus.width, focus.height].map((v) => Math.max(0, Math.round(v))).join(',');
}

/** Every key of a search that belongs to the adjusters: a tab change drops them (they belong to the tab). */
export const NO_ADJUSTER_ADDRESS: Record<keyof AdjusterSearch, undefined> = {
  astep: undefined,
  aupload: undefined,
  source: undefined,
  targets: undefined,
  ai: undefined,
  fill: undefined,
  focus: undefined,
  run: undefined,
};
