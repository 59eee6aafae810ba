import type { PlatformFormat } from '../../../shared/formats';
import { formatSize } from '@social-resizer/engine/plan/output';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { describeFile } from './file-choice';
import { createdLabel } from './rules';

/** The file made: format, dimensions, type, size (and why the quality was lowered), when. */
export function FileDetails({ request, format }: { request: ImageRequestResponse; format: PlatformFormat }) {
  return (
    <dl className="space-y-2 text-sm">
      <div>
        <dt className="text-slate-500">Format</dt>
        <dd className="font-medium text-slate-900">{format.description}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Dimensions</dt>
        <dd className="font-medium text-slate-900">
          {format.width} x {format.height} px
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">File format</dt>
        <dd className="font-medium text-slate-900" data-testid="file-format">
          {request.file ? describeFile(request.file, format) : 'Not made yet'}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">File size</dt>
        <dd className="font-medium text-slate-900" data-testid="file-size">
          {request.file ? formatSize(request.file.size, format.maxBytes) : '–'}
          {request.file?.quality != null && request.file.quality < request.output.quality ? (
            <span className="block text-xs font-normal text-slate-500">
              Quality {request.file.quality} instead of {request.output.quality} to stay under the platform's{' '}
              {formatSize(format.maxBytes ?? 0, format.maxBytes)} limit
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Created</dt>
        <dd className="font-medium text-slate-900">{createdLabel(new Date(request.createdAt))}</dd>
      </div>
    </dl>
  );
}
