import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { findFormatByName, PLATFORM_FORMATS } from '../../shared/formats';
import type { UploadResponse } from '../../shared/schemas';
import { AdjustStep, type Adjustment } from '../../app/features/single-image/adjust-step';
import { platformFormatsQuery } from '../../app/features/tools/queries';
import {
  formatForPlatform,
  formatLabel,
  isWideFormat,
  normalisedSize,
  previewHeight,
} from '../../app/features/single-image/rules';
import { createQueryClient } from '../../app/lib/api';

describe('single-image rules', () => {
  it.each([
    [4, 200],
    [3.01, 200],
    [3, 250],
    [2.5, 250],
    [2, 300],
    [1.6, 300],
    [1.5, 400],
    [1, 400],
    [0.8, 400],
    [0.79, 500],
    [0.5625, 500],
  ])('previews aspect %f at %i px high', (aspect, height) => {
    expect(previewHeight(aspect)).toBe(height);
  });

  it('shows the Wide Format badge only above 2.5', () => {
    expect(isWideFormat(1584 / 396)).toBe(true);
    expect(isWideFormat(2.51)).toBe(true);
    expect(isWideFormat(2.5)).toBe(false);
    expect(isWideFormat(16 / 9)).toBe(false);
  });

  it('selects the first format of the platform when none is selected or the selected one is another platform’s', () => {
    const firstLinkedIn = PLATFORM_FORMATS.find((f) => f.platform === 'linkedin');
    const banner = findFormatByName('linkedin', 'banner');
    const youtube = PLATFORM_FORMATS.find((f) => f.platform === 'youtube');
    expect(formatForPlatform(PLATFORM_FORMATS, 'linkedin', null)).toBe(firstLinkedIn);
    expect(formatForPlatform(PLATFORM_FORMATS, 'linkedin', banner?.id ?? null)).toBe(banner);
    expect(formatForPlatform(PLATFORM_FORMATS, 'youtube', banner?.id ?? null)).toBe(youtube);
    expect(formatLabel({ description: 'Banner', width: 1584, height: 396 })).toBe('Banner (1584 × 396)');
  });

  it('redraws only photos over the limit, keeping their shape', () => {
    expect(normalisedSize(4032, 3024)).toEqual({ width: 4000, height: 3000 });
    expect(normalisedSize(3840, 2400)).toBeNull();
    expect(normalisedSize(3840, 2400, 'image/webp')).toEqual({ width: 2683, height: 1677 });
    expect(normalisedSize(4000, 3000, 'image/png')).toEqual({ width: 3464, height: 2598 });
  });
});

const upload: UploadResponse = {
  id: 'u',
  path: '/uploads/u.jpg',
  originalFilename: 'beach.jpg',
  width: 1200,
  height: 800,
  size: 1000,
  type: 'image/jpeg',
};

function Harness({ initial }: { initial: Adjustment | null }) {
  const [platform, setPlatform] = useState('linkedin');
  const [adjustment, setAdjustment] = useState<Adjustment | null>(initial);
  return (
    <>
      <AdjustStep
        upload={upload}
        platform={platform}
        adjustment={adjustment}
        onPlatform={setPlatform}
        onAdjust={setAdjustment}
        onBack={() => undefined}
        onNext={() => undefined}
        busy={false}
      />
      <output data-testid="state">
        {JSON.stringify({ id: adjustment?.format.id, zoom: adjustment?.zoom, crop: adjustment?.crop })}
      </output>
    </>
  );
}

function renderAdjust(initial: Adjustment | null = null) {
  const client = createQueryClient();
  client.setQueryData(platformFormatsQuery.queryKey, [...PLATFORM_FORMATS]);
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
  return () =>
    JSON.parse(screen.getByTestId('state').textContent ?? '{}') as {
      id: number;
      zoom: number;
      crop: { x: number; y: number };
    };
}

describe('the adjust step', () => {
  it('starts on LinkedIn with its first format at zoom 1.25, and resets zoom and position on a format change', async () => {
    const state = renderAdjust();
    const first = PLATFORM_FORMATS.find((f) => f.platform === 'linkedin');
    expect((screen.getByLabelText('Platform') as HTMLSelectElement).value).toBe('linkedin');
    expect(await screen.findByText(first?.description ?? '', { selector: 'p' })).toBeInTheDocument();
    expect(state()).toMatchObject({ id: first?.id, zoom: 1.25, crop: { x: 0, y: 0 } });

    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Zoom/), { target: { value: '2.4' } });
    expect(state().zoom).toBe(2.4);
    // Reset zoom brings back the centred default framing.
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(state()).toMatchObject({ zoom: 1.25, crop: { x: 0, y: 0 } });
    fireEvent.change(screen.getByLabelText(/^Zoom/), { target: { value: '2.4' } });
    const banner = findFormatByName('linkedin', 'banner');
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: String(banner?.id) } });
    expect(state()).toMatchObject({ id: banner?.id, zoom: 1.25, crop: { x: 0, y: 0 } });
    expect(screen.getByText('Wide Format')).toBeInTheDocument();
    expect(screen.getByTestId('crop-preview')).toHaveStyle({ height: '200px' });
  });

  it('lists a platform’s formats as "description (width × height)" and picks the first on a platform change', () => {
    const state = renderAdjust();
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'youtube' } });
    const youtube = PLATFORM_FORMATS.filter((f) => f.platform === 'youtube');
    expect(state().id).toBe(youtube[0]?.id);
    const options = [...(screen.getByLabelText('Format') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(youtube.map(formatLabel));
  });
});
