import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';

/** After a paid image: download it, or start again with another. */
export function PaidDialog({
  imageRequestId,
  open,
  onOpenChange,
}: {
  imageRequestId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Payment Successful!"
      description="Thank you. Your image is ready to download."
    >
      <div className="grid gap-3">
        <Button onClick={() => void downloadFile(`/api/download/${imageRequestId}`).catch(toastDownloadFailed)}>
          Download Your Image
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Start Over with a New Image</Link>
        </Button>
      </div>
    </Dialog>
  );
}
