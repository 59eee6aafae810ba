import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFormatByName } from '../../shared/formats';
import { DEFAULT_OUTPUT, type OutputSettings } from '@social-resizer/engine/plan/output';
import type { ImageRequestResponse } from '../../shared/schemas';
import { dismissToast } from '../../app/components/ui/use-toast';
import { DownloadStep } from '../../app/features/single-image/download-step';
import { OutputPicker } from '../../app/features/tool-kit/output-picker';
import { OUTPUT_STORAGE_KEY, readOutputSettings } from '../../app/features/tool-kit/output-settings';
import { createQueryClient } from '../../app/lib/api';
import { json, mockApi } from './render-app';

const banner = findFormatByName('linkedin', 'banner')!;
const icon = findFormatByName('app store', 'app icon')!;
const xPost = findFormatByName('twitter', 'post landscape')!;

const realFetch = globalThis.fetch;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => dismissToast());
});

function Picker({ format }: { format: typeof banner }) {
  const [value, setValue] = useState<OutputSettings>(DEFAULT_OUTPUT);
  return <OutputPicker value={value} onChange={setValue} accepted={format.types} single platformName="The platform" />;
}

describe('the file type picker for one format', () => {
  it('offers only the types the platform takes', () => {
    render(<Picker format={banner} />);
    expect(screen.getByRole('radio', { name: 'WebP' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'WebP' })).toHaveAccessibleDescription(
      'The platform does not accept WebP',
    );
    expect(screen.getByRole('radio', { name: 'JPEG' })).toBeEnabled();
    render(<Picker format={xPost} />);
    expect(screen.getAllByRole('radio', { name: 'WebP' })[1]).toBeEnabled();
  });

  it('leaves an App Store icon PNG or Auto only', () => {
    render(<Picker format={icon} />);
    expect(screen.getByRole('radio', { name: 'JPEG' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'WebP' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'PNG' })).toBeEnabled();
  });
});

describe('the remembered choice', () => {
  it('falls back to Auto at 82 when nothing or something damaged is stored', () => {
    expect(readOutputSettings()).toEqual({ type: 'auto', quality: 82 });
    window.localStorage.setItem(OUTPUT_STORAGE_KEY, '{"type":"gif","quality":3}');
    expect(readOutputSettings()).toEqual({ type: 'auto', quality: 82 });
    window.localStorage.setItem(OUTPUT_STORAGE_KEY, 'not json');
    expect(readOutputSettings()).toEqual({ type: 'auto', quality: 82 });
  });
});

describe('the download step', () => {
  const ID = '3f2b9c1e-8a4d-4c55-9d1e-2b7f6a0c9e11';
  const request: ImageRequestResponse = {
    id: ID,
    originalFilename: 'beach.jpg',
    originalPath: '/uploads/x.jpg',
    upload: {
      id: 'u',
      path: '/uploads/x.jpg',
      originalFilename: 'beach.jpg',
      width: 3000,
      height: 2000,
      size: 812_000,
      type: 'image/jpeg',
    },
    formatId: banner.id,
    platform: 'linkedin',
    format: 'banner',
    width: 1584,
    height: 396,
    purpose: 'single',
    cropDetails: { x: 0, y: 0, width: 1584, height: 396, zoom: 1 },
    status: 'complete',
    error: null,
    output: { type: 'auto', quality: 82 },
    fill: { kind: 'transparent' },
    file: {
      type: 'jpeg',
      quality: 82,
      size: 212_345,
      check: {
        ready: true,
        width: 1584,
        height: 396,
        type: 'jpeg',
        bytes: 212_345,
        maxBytes: 8 * 1024 * 1024,
        alpha: false,
        problems: [],
      },
    },
    previewPath: `/api/preview/${ID}/${banner.id}`,
    paymentId: null,
    hasUnlimitedAccess: false,
    acquired: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    outputs: [],
  };

  function Step() {
    const [current, setCurrent] = useState(request);
    return (
      <QueryClientProvider client={createQueryClient()}>
        <DownloadStep
          request={current}
          format={banner}
          onRequest={setCurrent}
          onStartOver={() => undefined}
          onBackToEdit={() => undefined}
        />
      </QueryClientProvider>
    );
  }

  it('shows the real file, and makes it again in the type chosen, remembering the choice', async () => {
    const calls = mockApi({
      'GET /api/session': json({ user: null }),
      'GET /api/check-rate-limits': () =>
        new Response(JSON.stringify({ unlimited: false, limit: 3, remaining: 1, resetAt: null }), {
          headers: { 'X-RateLimit-Remaining': '1' },
        }),
      [`POST /api/process-image/${ID}`]: json({
        ...request,
        output: { type: 'png', quality: 82 },
        file: { type: 'png', quality: null, size: 1_572_864, check: null },
      }),
    });
    render(<Step />);
    expect(screen.getByTestId('file-format')).toHaveTextContent('JPEG, quality 82');
    expect(screen.getByTestId('file-size')).toHaveTextContent('207 KB');
    // The server's check of the file, as the step says it.
    expect(screen.getByTestId('file-check')).toHaveTextContent('Ready for LinkedIn: 1584×396 JPEG, 207 KB of 8 MB');
    expect(await screen.findByRole('button', { name: 'Download Now' })).toBeEnabled();
    const group = screen.getByRole('radiogroup', { name: 'File type' });
    fireEvent.click(within(group).getByRole('radio', { name: 'PNG' }));
    expect(await screen.findByText('Making your PNG file...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Now' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('file-format')).toHaveTextContent('PNG (lossless'));
    expect(screen.getByTestId('file-size')).toHaveTextContent('1.5 MB');
    const post = calls.find((c) => c.method === 'POST');
    expect(await post?.json()).toEqual({ output: { type: 'png', quality: 82 } });
    expect(JSON.parse(window.localStorage.getItem(OUTPUT_STORAGE_KEY) ?? '{}')).toEqual({ type: 'png', quality: 82 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Now' })).toBeEnabled());
  });

  it('says when a size cap lowered the quality', () => {
    mockApi({});
    const capped = { ...request, file: { type: 'jpeg' as const, quality: 61, size: 7_900_000, check: null } };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DownloadStep
          request={capped}
          format={banner}
          onRequest={() => undefined}
          onStartOver={() => undefined}
          onBackToEdit={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('file-size')).toHaveTextContent(
      "Quality 61 instead of 82 to stay under the platform's 8 MB limit",
    );
  });
});
