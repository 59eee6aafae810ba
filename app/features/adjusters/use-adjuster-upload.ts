import { useCallback, useEffect, useState } from 'react';
import type { UploadResponse } from '../../../shared/schemas';
import type { ChosenFile } from '../tool-kit/use-upload';
import { useSavedUpload } from '../tool-kit/use-saved-upload';
import type { AdjusterAddress, AdjusterAddressChange } from './address';

/**
 * An adjuster's upload, as its address names it (`aupload`; docs/product.md, "Work that
 * survives"): fetched back when the page holds none (the results bring theirs with their run), and
 * named in the address once the page holds one. What Start Over let go is not fetched back while
 * the address still names it.
 */
export function useAdjusterUpload(
  address: AdjusterAddress,
  onAddress: (change: AdjusterAddressChange, replace: boolean) => void,
) {
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [released, setReleased] = useState<string | null>(null);
  if (released !== null && address.upload !== released) setReleased(null);
  const show = (next: UploadResponse, chosen?: ChosenFile) => {
    setUpload(next);
    setFile(chosen ?? { name: next.originalFilename, size: next.size });
  };
  const restoring = useSavedUpload({
    uploadId: address.step === 'results' || address.upload === released ? null : address.upload,
    held: upload,
    restore: show,
    onGone: useCallback(() => onAddress({ upload: null }, true), [onAddress]),
  });
  useEffect(() => {
    if (upload && upload.id !== address.upload) onAddress({ upload: upload.id }, true);
  }, [upload, address.upload, onAddress]);
  return {
    upload,
    file,
    restoring,
    show,
    /** Lets the upload go (Start Over, Cancel). */
    forget() {
      setReleased(address.upload);
      setUpload(null);
      setFile(null);
    },
  };
}
