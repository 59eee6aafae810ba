import { useRef, useState } from 'react';
import type { UploadResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { keepSentFile } from './shown-picture';
import { fileProblem, uploadFile } from './upload-file';

/** The file as the visitor chose it: its name and size on their disk. */
export type ChosenFile = { name: string; size: number };
export type Uploading = ChosenFile & { progress: number };

/** The client-side checks, told as a toast; the server decides again (docs/security.md). */
function checkFile(file: File): boolean {
  const problem = fileProblem(file);
  if (problem) toast({ ...problem, variant: 'destructive' });
  return problem === null;
}

/** One upload at a time, sent with its progress; a new choice or Cancel ends the one in flight. */
export function useUpload({
  onUploaded,
  onCleared,
}: {
  onUploaded: (upload: UploadResponse, file: ChosenFile) => void;
  onCleared: () => void;
}) {
  const abort = useRef<AbortController | null>(null);
  const [uploading, setUploading] = useState<Uploading | null>(null);

  async function start(chosen: File) {
    if (!checkFile(chosen)) return;
    const controller = new AbortController();
    abort.current = controller;
    setUploading({ name: chosen.name, size: chosen.size, progress: 0 });
    try {
      const { upload: result, sent } = await uploadFile(
        chosen,
        (progress) => setUploading((u) => (u ? { ...u, progress } : u)),
        controller.signal,
      );
      keepSentFile(result.id, sent);
      // No notification: the step shows the picture and says it is uploaded, where a toast would
      // have covered the step indicator (docs/product.md, "Single Image tool").
      onUploaded({ ...result, originalFilename: chosen.name }, { name: chosen.name, size: chosen.size });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({
        title: 'Upload Failed',
        description:
          error instanceof Error && error.message ? error.message : 'There was an error uploading your file.',
        variant: 'destructive',
      });
    } finally {
      if (abort.current === controller) abort.current = null;
      setUploading(null);
    }
  }

  function cancel() {
    abort.current?.abort();
    abort.current = null;
    setUploading(null);
    onCleared();
  }

  return { uploading, start, cancel };
}
