import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useDetection } from '../tool-kit/detection';
import { KeepThisPicker } from '../tool-kit/keep-this-picker';
import { uploadUrl } from '../tool-kit/upload-file';

/**
 * "Keep this" for one photo of the batch: the faces and text found in it, and the box every format
 * of it keeps (batch formats are content-aware unless a box is given).
 */
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
  const detection = useDetection(upload, true);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Keep this: ${name}`}
      description="The faces and lines of text we find are kept whole. To keep something else (a product, a logo), drag a box around it or tap a point to centre on. Every format of this photo keeps it inside the area the platform shows."
    >
      <KeepThisPicker
        pictureUrl={uploadUrl(upload)}
        picture={upload}
        focus={focus}
        onFocus={onFocus}
        detection={detection}
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
