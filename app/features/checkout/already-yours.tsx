import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { platformName, titleCase } from '../../../shared/platforms';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { processImage } from '../single-image/queries';

/**
 * The checkout of an image its owner has already (the request answer's `acquired`: got before,
 * paid for, or Unlimited Access): nothing to pay, the download instead of a form that would fail
 * (docs/product.md, "Payments").
 */
export function AlreadyYours({ request, unlimited }: { request: ImageRequestResponse; unlimited: boolean }) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      // Unlimited Access may reach here before the image was ever rendered.
      if (request.status !== 'complete') await processImage(request.id);
      await downloadFile(`/api/download/${request.id}`);
    } catch (error) {
      toastDownloadFailed(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">This image is already yours</h1>
      <p className="mt-3 text-slate-600">
        {unlimited
          ? 'Your Unlimited Access includes every download: there is nothing to pay.'
          : 'You have this image already: downloading it again costs nothing.'}
      </p>
      <div className="mt-6 flex items-center justify-center gap-4 text-left">
        <img
          src={request.previewPath ?? request.originalPath}
          alt="Your image"
          className="h-20 w-20 rounded-md bg-slate-100 object-contain"
        />
        <div className="min-w-0 text-sm">
          <p className="truncate font-semibold text-slate-900">{request.originalFilename}</p>
          <p className="text-slate-600">
            {platformName(request.platform)} {titleCase(request.format)}, {request.width} × {request.height} pixels
          </p>
        </div>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Downloading...' : 'Download'}
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/" search={{ request: request.id }}>
            Back to editor
          </Link>
        </Button>
      </div>
    </main>
  );
}
