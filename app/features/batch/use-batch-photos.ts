import { useRef, useState } from 'react';
import type { CropRect } from '../../../shared/crop';
import { MAX_BATCH_PHOTOS, type UploadResponse } from '../../../shared/schemas';
import { errorMessage } from '../../lib/api';
import { fileProblem, uploadPhoto } from '../tool-kit/upload-photo';

export type Photo = {
  key: string;
  name: string;
  state: 'waiting' | 'uploading' | 'ready' | 'refused';
  message?: string;
  upload?: UploadResponse;
  /** What must stay whole in every format of this photo; none: framed automatically. */
  focus?: CropRect | null;
};

/**
 * The batch's photos: each checked as the single tool checks a file, then sent one by one as it
 * sends them; a refused one says why and the rest go on. At most MAX_BATCH_PHOTOS are taken.
 */
export function useBatchPhotos() {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const abort = useRef(new AbortController());
  const update = (key: string, change: Partial<Photo>) =>
    setPhotos((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function add(files: File[]) {
    const room = MAX_BATCH_PHOTOS - photos.filter((p) => p.state !== 'refused').length;
    const added: Photo[] = files.map((file, i) => {
      const problem = fileProblem(file);
      const key = `${Date.now()}-${i}-${file.name}`;
      if (i >= room) return { key, name: file.name, state: 'refused', message: `At most ${MAX_BATCH_PHOTOS} photos` };
      return problem
        ? { key, name: file.name, state: 'refused', message: problem.description }
        : { key, name: file.name, state: 'waiting' };
    });
    setPhotos((all) => [...all, ...added]);
    // One at a time, as a person's connection and the hourly upload limit would have it.
    for (const [i, photo] of added.entries()) {
      if (photo.state !== 'waiting') continue;
      update(photo.key, { state: 'uploading' });
      try {
        const upload = await uploadPhoto(files[i] as File, () => undefined, abort.current.signal);
        update(photo.key, { state: 'ready', upload });
      } catch (error) {
        update(photo.key, { state: 'refused', message: errorMessage(error, 'The upload failed.') });
      }
    }
  }

  return {
    photos,
    ready: photos.filter((p) => p.state === 'ready'),
    busy: photos.some((p) => p.state === 'waiting' || p.state === 'uploading'),
    add,
    update,
  };
}
