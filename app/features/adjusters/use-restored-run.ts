import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import type { UploadResponse } from '../../../shared/schemas';
import { imageRequestQuery } from '../tool-kit/queries';
import type { AdjusterAddress } from './address';

type Restored = {
  requestId: string;
  requestFormatId: number;
  upload: UploadResponse;
  source: PlatformFormat | null;
  targets: PlatformFormat[];
};

/**
 * A run the address names that this page does not hold (a reload, a link, Forward after a new
 * picture): its image request is fetched (owner-checked by the server) and handed to `restore`
 * once, with its upload, its source (the address's, else the request's own format unless it is one
 * of the targets) and its targets from the catalogue. Answers whether it is still being fetched.
 */
export function useRestoredRun(
  address: AdjusterAddress,
  /** The run this page holds, if any (a run it started is not fetched back). */
  heldId: string | null,
  formats: PlatformFormat[],
  restore: (restored: Restored) => void,
): boolean {
  const wanted =
    address.step === 'results' && address.run !== null && address.run !== heldId && address.targets.length > 0;
  const [restoredId, setRestoredId] = useState<string | null>(null);
  const needed = wanted && restoredId !== address.run;
  const saved = useQuery({ ...imageRequestQuery(address.run ?? ''), enabled: needed });
  if (needed && saved.data && formats.length > 0) {
    const targets = formats.filter((f) => address.targets.includes(f.id));
    const own = formats.find((f) => f.id === (address.source ?? saved.data.formatId)) ?? null;
    const source = own && !address.targets.includes(own.id) ? own : null;
    setRestoredId(saved.data.id);
    if (targets.length > 0)
      restore({
        requestId: saved.data.id,
        requestFormatId: saved.data.formatId,
        upload: saved.data.upload,
        source,
        targets,
      });
  }
  return needed && !saved.isError && (saved.isPending || formats.length === 0);
}
