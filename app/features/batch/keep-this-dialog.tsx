import type { CropRect } from '../../../shared/crop';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FocusPicker } from '../tool-kit/focus-picker';
import { uploadedImageUrl } from '../tool-kit/upload-photo';

/** "Keep this" for one photo of the batch: the box every format of it keeps. */
export function KeepThisDialog({
  name,
  upload,
  focus,
  onFocus,
  onClose,
}: {
  name: string;
  upload: UploadResponse;
  focus: CropRect | null;
  onFocus: (focus: CropRect | null) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Keep this: ${name}`}
      description="Drag a box around what must stay whole (a product, a face, a logo), or tap a point to centre on. Every format of this photo keeps it inside the area the platform shows."
    >
      <FocusPicker imageUrl={uploadedImageUrl(upload)} picture={upload} value={focus} onChange={onFocus} />
      <div className="mt-4 flex justify-end gap-2">
        {focus ? (
          <Button variant="ghost" onClick={() => onFocus(null)}>
            Remove the box
          </Button>
        ) : null}
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
