import { useRef } from 'react';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { UploadArea } from './upload-area';
import { UploadStatus } from './upload-status';
import { usePageDrop } from './use-page-drop';
import { useUpload, type ChosenFile } from './use-upload';

type Props = {
  upload: UploadResponse | null;
  file: ChosenFile | null;
  onUploaded: (upload: UploadResponse, file: ChosenFile) => void;
  onCleared: () => void;
  onNext: () => void;
};

/**
 * Step 1 of the single tool and the adjusters: drop, paste or pick a picture; it uploads at once.
 * Once a picture is chosen it comes first, with Next under it, and the drop area shrinks below
 * them: the picture and the step's next action stay on the first screen.
 */
export function UploadStep({ upload, file, onUploaded, onCleared, onNext }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { uploading, start, cancel } = useUpload({ onUploaded, onCleared });
  usePageDrop((chosen) => {
    if (!uploading) void start(chosen);
  });

  const shown = uploading ?? file;
  const area = (
    <UploadArea
      inputRef={input}
      busy={uploading !== null}
      hasFile={shown !== null}
      onFile={(chosen) => void start(chosen)}
    />
  );
  return (
    <div className="space-y-4">
      {shown ? (
        <UploadStatus
          shown={shown}
          upload={upload}
          uploading={uploading}
          onCancel={() => {
            cancel();
            if (input.current) input.current.value = '';
          }}
        />
      ) : (
        area
      )}
      <div className="flex justify-end">
        <Button disabled={!upload || uploading !== null} onClick={onNext}>
          Next: Choose Format
        </Button>
      </div>
      {shown ? area : null}
    </div>
  );
}
