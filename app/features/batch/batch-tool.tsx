/**
 * The Batch page's form (Unlimited Access): up to 50 photos to the same formats in one go, in three
 * steps that are entries in the browser's history (steps.ts). The photos go up one by one as the
 * single tool sends them (a refused file says why; the rest go on), the formats are chosen by
 * platform, by kind or as a set saved on this browser, then the type and fill; the batch itself
 * lives on the server, so its results page (`/batch?id=…`) survives a refresh and a return later
 * (docs/product.md, "Batches"). The form stays mounted under the results, so Back finds it as it was.
 */
import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useOutputSettings } from '../tool-kit/output-settings';
import { platformFormatsQuery } from '../tool-kit/queries';
import { ToolCard } from '../tool-kit/tool-card';
import { FormatsSection } from './formats-section';
import { KeepThisDialog } from './keep-this-dialog';
import { OutputSection } from './output-section';
import { PhotosSection } from './photos-section';
import { RecentBatches } from './recent-batches';
import { LimitNotice } from '../tool-kit/limit-notice';
import { StepActions } from '../tool-kit/step-actions';
import { FORM_STEPS, STEP_NAMES, stepNumber, type FormStep } from './steps';
import { useCustomSizes } from '../tool-kit/use-custom-sizes';
import { useBatchDraft } from './use-batch-draft';
import { useStartBatch } from './use-start-batch';
import { plural } from '../../lib/words';

const TITLES: Record<FormStep, string> = {
  photos: 'Choose your photos',
  formats: 'Choose the formats',
  options: 'File type and fill',
};

export function BatchForm({ step, hidden }: { step: FormStep; hidden: boolean }) {
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const formatsQuery = useQuery(platformFormatsQuery);
  const { photos, ready, pending, busy, add, update, remove, targets, setTargets, fill, setFill } = useBatchDraft();
  // The single tool's file type (Auto unless the visitor chose another, remembered for every tool).
  const [output, setOutput] = useOutputSettings();
  const [framing, setFraming] = useState<string | null>(null);
  const { starting, start, limit } = useStartBatch();

  // The user's own sizes first, then the catalogue (docs/product.md, "Custom sizes").
  const custom = useCustomSizes().formats;
  const formats = [...custom, ...(formatsQuery.data ?? [])];
  const chosen = formats.filter((f) => targets.includes(f.id));
  const framed = photos.find((p) => p.key === framing);
  const hasPhotos = ready.length > 0 || busy;
  // A step opened without what the steps before it chose (a reload forgets the photos) is the first that lacks it.
  const shown: FormStep = !hasPhotos ? 'photos' : step === 'options' && targets.length === 0 ? 'formats' : step;
  useEffect(() => {
    if (!hidden && shown !== step)
      void navigate({ to: '/batch', search: shown === 'photos' ? {} : { step: shown }, replace: true });
  }, [hidden, shown, step, navigate]);

  const go = (next: FormStep) => void navigate({ to: '/batch', search: next === 'photos' ? {} : { step: next } });
  const back = () => {
    if (canGoBack) router.history.back();
    else go(FORM_STEPS[stepNumber(shown) - 2] ?? 'photos');
  };
  const backButton = (
    <Button variant="outline" onClick={back}>
      Back
    </Button>
  );

  return (
    <div hidden={hidden}>
      <ToolCard steps={STEP_NAMES} step={stepNumber(shown)} title={TITLES[shown]}>
        {shown === 'photos' ? (
          <>
            <PhotosSection
              photos={photos}
              readyCount={ready.length}
              onAdd={(files) => void add(files)}
              onRemove={remove}
              onFrame={setFraming}
            />
            <StepActions status={pending > 0 ? `Uploading ${plural(pending, 'photo')}…` : null}>
              <Button disabled={!hasPhotos} onClick={() => go('formats')}>
                Next: Formats
              </Button>
            </StepActions>
          </>
        ) : shown === 'formats' ? (
          <>
            <FormatsSection
              formats={formats}
              loading={formatsQuery.isPending}
              targets={targets}
              onTargets={setTargets}
            />
            <StepActions status={plural(targets.length, 'format') + ' selected'}>
              {backButton}
              <Button disabled={targets.length === 0} onClick={() => go('options')}>
                Next: File type
              </Button>
            </StepActions>
          </>
        ) : (
          <>
            <OutputSection
              photos={ready}
              chosen={chosen}
              output={output}
              onOutput={setOutput}
              fill={fill}
              onFill={setFill}
            />
            {limit ? <LimitNotice limit={limit} /> : null}
            <StepActions status={busy ? `Waiting for ${plural(pending, 'upload')}…` : null}>
              {backButton}
              <Button
                disabled={starting || busy || ready.length === 0 || targets.length === 0}
                onClick={() => void start({ ready, targets, chosen, output, fill })}
              >
                {starting
                  ? 'Starting…'
                  : `Convert ${plural(ready.length, 'photo')} to ${plural(targets.length, 'format')}`}
              </Button>
            </StepActions>
          </>
        )}
      </ToolCard>

      {framed?.upload ? (
        <KeepThisDialog
          name={framed.name}
          upload={framed.upload}
          focus={framed.focus ?? null}
          onFocus={(focus) => update(framed.key, { focus })}
          onClose={() => setFraming(null)}
        />
      ) : null}

      {shown === 'photos' && !hidden ? (
        <div className="mt-6">
          <RecentBatches />
        </div>
      ) : null}
    </div>
  );
}
