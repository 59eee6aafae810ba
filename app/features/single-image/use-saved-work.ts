import { useCallback, useEffect, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import type { ImageRequestResponse, UploadResponse } from '../../../shared/schemas';
import { useSavedUpload } from '../tool-kit/use-saved-upload';
import type { AddressChange } from './steps';
import { useSavedRequest } from './use-saved-request';

/**
 * The single tool's work as the address names it (docs/product.md, "Single Image tool"): a request
 * (its picture, format, crop and zoom) or, before there is one, the picture alone, fetched back
 * when the page holds none (a reload, Back, a link); the address names the picture the page holds.
 * What the page lets go (Start Over, a new picture) is not fetched back while the address still
 * names it; Back to it afterwards opens it again.
 */
export function useSavedWork({
  uploadId,
  requestId,
  upload,
  request,
  onAddress,
  restoreUpload,
  restoreRequest,
}: {
  uploadId: string | null;
  requestId: string | null;
  upload: UploadResponse | null;
  request: ImageRequestResponse | null;
  onAddress: (change: AddressChange, replace: boolean) => void;
  restoreUpload: (upload: UploadResponse) => void;
  restoreRequest: (request: ImageRequestResponse, format: PlatformFormat) => void;
}) {
  const [released, setReleased] = useState<{ request: string | null; upload: string | null } | null>(null);
  const stillNamed = (held: string | null, named: string | null) => held !== null && held === named;
  if (released && !stillNamed(released.request, requestId) && !stillNamed(released.upload, uploadId)) setReleased(null);
  const savedId = requestId === released?.request ? null : requestId;

  const onRequestId = useCallback((id: string | null) => onAddress({ request: id }, true), [onAddress]);
  const onUploadGone = useCallback(() => onAddress({ upload: null }, true), [onAddress]);
  useSavedRequest({ requestId: savedId, onRequestId, request, restore: restoreRequest });
  // A picture without a request yet (the upload step) comes back from the address alone.
  const restoringUpload = useSavedUpload({
    uploadId: savedId === null && !stillNamed(released?.upload ?? null, uploadId) ? uploadId : null,
    held: upload,
    restore: restoreUpload,
    onGone: onUploadGone,
  });
  useEffect(() => {
    if (upload && upload.id !== uploadId) onAddress({ upload: upload.id }, true);
  }, [upload, uploadId, onAddress]);

  return {
    restoring: (savedId !== null && request === null) || restoringUpload,
    /** Lets go of what the address names now, so it is not fetched back. */
    release: (what: { request: boolean; upload: boolean }) =>
      setReleased({ request: what.request ? requestId : null, upload: what.upload ? uploadId : null }),
  };
}
