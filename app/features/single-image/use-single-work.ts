import { useState } from 'react';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { ImageRequestResponse, UploadResponse } from '../../../shared/schemas';
import type { ChosenFile } from '../tool-kit/use-upload';
import type { Adjustment } from './adjustment';
import { readFrame } from './frame-address';
import { DEFAULT_PLATFORM } from './rules';
import type { AddressChange } from './steps';
import { useSavedWork } from './use-saved-work';

/**
 * The Single Image tool's work: its picture, the platform shown, the format with its framing and
 * fill, and the request recorded from them; fetched back from what the address names
 * (use-saved-work.ts), and let go as a whole (Start Over, a cleared picture) or in part (a new
 * picture is new work).
 */
export function useSingleWork({
  uploadId,
  requestId,
  frame,
  onAddress,
}: {
  uploadId: string | null;
  requestId: string | null;
  frame?: string;
  onAddress: (change: AddressChange, replace: boolean) => void;
}) {
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [platform, setPlatform] = useState(DEFAULT_PLATFORM);
  const [adjustment, setAdjustment] = useState<Adjustment | null>(null);
  const [fill, setFill] = useState<Fill>(SINGLE_DEFAULT_FILL);
  const [request, setRequest] = useState<ImageRequestResponse | null>(null);

  const { restoring, release } = useSavedWork({
    uploadId,
    requestId,
    upload,
    request,
    onAddress,
    restoreUpload: (saved) => {
      setUpload(saved);
      setFile({ name: saved.originalFilename, size: saved.size });
    },
    restoreRequest: (data, format) => {
      setUpload(data.upload);
      setFile({ name: data.originalFilename, size: data.upload.size });
      setPlatform(format.platform);
      // The framing moved since the request was recorded, if the address says so; else the request's.
      const { zoom, ...area } = data.cropDetails;
      const moved = readFrame(frame, format);
      setAdjustment({ format, crop: { x: 0, y: 0 }, zoom: moved?.zoom ?? zoom, area: moved?.area ?? area });
      setFill(moved?.fill ?? data.fill);
      setRequest(data);
    },
  });

  /** Lets go of the picture and everything made from it. */
  const letGoAll = () => {
    release({ request: true, upload: true });
    setUpload(null);
    setFile(null);
    setAdjustment(null);
    setRequest(null);
  };

  return {
    restoring,
    upload,
    file,
    platform,
    setPlatform,
    adjustment,
    setAdjustment,
    fill,
    setFill,
    request,
    setRequest,
    /** A new picture is new work: no format yet, and the address stops naming the old request. */
    takeUpload: (uploaded: UploadResponse, chosen: ChosenFile) => {
      setUpload(uploaded);
      setFile(chosen);
      setAdjustment(null);
      setRequest(null);
      if (!requestId) return;
      release({ request: true, upload: false });
      onAddress({ request: null }, true);
    },
    /** The picture taken off the upload step: the address names nothing. */
    clear: () => {
      letGoAll();
      onAddress({ upload: null, request: null, frame: null }, true);
    },
    /** Start Over: nothing held, back at the upload step (a history entry). */
    startOver: () => {
      letGoAll();
      onAddress({ upload: null, request: null, frame: null, step: 'upload' }, false);
    },
  };
}
