/**
 * The Batch page's form (Unlimited Access): up to 50 photos to the same formats in one go. The
 * photos go up one by one as the single tool sends them (a refused file says why; the rest go on),
 * the formats are chosen by platform, by kind or as a set saved on this browser, then the type and
 * fill; the batch itself lives on the server, so its progress page (`/batch?id=…`) survives a
 * refresh and a return later (docs/product.md, "Batches").
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import { DEFAULT_OUTPUT, type OutputSettings } from '../../../shared/output';
import { Button } from '../../components/ui/button';
import { platformFormatsQuery } from '../tool-kit/queries';
import { FormatsSection } from './formats-section';
import { KeepThisDialog } from './keep-this-dialog';
import { OutputSection } from './output-section';
import { PhotosSection } from './photos-section';
import { useBatchPhotos } from './use-batch-photos';
import { useStartBatch } from './use-start-batch';
import { plural } from './words';

export function BatchForm() {
  const formatsQuery = useQuery(platformFormatsQuery);
  const { photos, ready, busy, add, update } = useBatchPhotos();
  const [targets, setTargets] = useState<number[]>([]);
  const [output, setOutput] = useState<OutputSettings>(DEFAULT_OUTPUT);
  const [fill, setFill] = useState<Fill>(SINGLE_DEFAULT_FILL);
  const [framing, setFraming] = useState<string | null>(null);
  const { starting, start } = useStartBatch();

  const formats = formatsQuery.data ?? [];
  const chosen = formats.filter((f) => targets.includes(f.id));
  const framed = photos.find((p) => p.key === framing);
  return (
    <div className="space-y-8">
      <PhotosSection
        photos={photos}
        readyCount={ready.length}
        onAdd={(files) => void add(files)}
        onFrame={setFraming}
      />

      {framed?.upload ? (
        <KeepThisDialog
          name={framed.name}
          upload={framed.upload}
          focus={framed.focus ?? null}
          onFocus={(focus) => update(framed.key, { focus })}
          onClose={() => setFraming(null)}
        />
      ) : null}

      <FormatsSection formats={formats} loading={formatsQuery.isPending} targets={targets} onTargets={setTargets} />

      <OutputSection chosen={chosen} output={output} onOutput={setOutput} fill={fill} onFill={setFill} />

      <div className="flex justify-end">
        <Button
          disabled={starting || busy || ready.length === 0 || targets.length === 0}
          onClick={() => void start({ ready, targets, chosen, output, fill })}
        >
          {starting ? 'Starting…' : `Convert ${plural(ready.length, 'photo')} to ${plural(targets.length, 'format')}`}
        </Button>
      </div>
    </div>
  );
}
