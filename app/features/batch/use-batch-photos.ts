import { useEffect, useRef, useState } from 'react';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import { MAX_BATCH_PHOTOS } from '../../../shared/limits';
import type { UploadResponse } from '../../../shared/schemas';
import { errorMessage } from '../../lib/api';
import { fileProblem, uploadFile } from '../tool-kit/upload-file';

export type Photo = {
  key: string;
  name: string;
  state: 'waiting' | 'uploading' | 'ready' | 'refused';
  message?: string;
  /** The local file drawn at once (an object URL, revoked when the photo is removed or the page left). */
  thumbnail?: string;
  upload?: UploadResponse;
  /** What must stay whole in every format of this photo; none: framed automatically. */
  focus?: CropRect | null;
};

/**
 * The batch's photos: each shown from the local file at once, checked as the single tool checks a
 * file, then sent one by one as it sends them; a refused one says why and the rest go on; any can be
 * removed. At most MAX_BATCH_PHOTOS are taken.
 */
export function useBatchPhotos(kept: readonly Pick<Photo, 'name' | 'upload' | 'focus'>[] = []) {
  // Photos kept from before a reload (batch-draft.ts) are up already: ready, drawn from the server's copy.
  const [photos, setPhotos] = useState<Photo[]>(() =>
    kept.map((photo, i) => ({ ...photo, key: `kept-${i}-${photo.name}`, state: 'ready' })),
  );
  const abort = useRef(new AbortController());
  /** Every object URL made and not yet revoked, so leaving the page frees them all. */
  const thumbnails = useRef(new Map<string, string>());
  const removed = useRef(new Set<string>());
  const update = (key: string, change: Partial<Photo>) =>
    setPhotos((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  useEffect(() => {
    const made = thumbnails.current;
    const uploads = new AbortController();
    abort.current = uploads;
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
      made.clear();
      uploads.abort();
    };
  }, []);

  function remove(key: string) {
    removed.current.add(key);
    const url = thumbnails.current.get(key);
    if (url) URL.revokeObjectURL(url);
    thumbnails.current.delete(key);
    setPhotos((all) => all.filter((p) => p.key !== key));
  }

  async function add(files: File[]) {
    const room = MAX_BATCH_PHOTOS - photos.filter((p) => p.state !== 'refused').length;
    const added: Photo[] = files.map((file, i) => {
      const problem = fileProblem(file);
      const key = `${Date.now()}-${i}-${file.name}`;
      if (i >= room) return { key, name: file.name, state: 'refused', message: `At most ${MAX_BATCH_PHOTOS} photos` };
      if (problem) return { key, name: file.name, state: 'refused', message: problem.description };
      const thumbnail = URL.createObjectURL(file);
      thumbnails.current.set(key, thumbnail);
      return { key, name: file.name, state: 'waiting', thumbnail };
    });
    setPhotos((all) => [...all, ...added]);
    // One at a time, as a person's connection and the hourly upload limit would have it.
    for (const [i, photo] of added.entries()) {
      if (photo.state !== 'waiting' || removed.current.has(photo.key)) continue;
      update(photo.key, { state: 'uploading' });
      try {
        const { upload } = await uploadFile(files[i] as File, () => undefined, abort.current.signal);
        update(photo.key, { state: 'ready', upload });
      } catch (error) {
        if (abort.current.signal.aborted) return;
        update(photo.key, { state: 'refused', message: errorMessage(error, 'The upload failed.') });
      }
    }
  }

  const pending = photos.filter((p) => p.state === 'waiting' || p.state === 'uploading').length;
  return {
    photos,
    ready: photos.filter((p) => p.state === 'ready'),
    pending,
    busy: pending > 0,
    add,
    update,
    remove,
  };
}
