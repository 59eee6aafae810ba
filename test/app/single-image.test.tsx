import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { getInitialCropFromCroppedAreaPercentages } from 'react-easy-crop';
import { describe, expect, it } from 'vitest';
import { findFormat, findFormatByName, PLATFORM_FORMATS, type PlatformFormat } from '../../shared/formats';
import type { Fill } from '../../shared/fill';
import type { DetectionResponse, ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { firstFraming } from '../../shared/auto-framing';
import { detectionQuery } from '../../app/features/tool-kit/detection';
import { AdjustStep } from '../../app/features/single-image/adjust-step';
import type { Adjustment } from '../../app/features/single-image/adjustment';
import { platformFormatsQuery } from '../../app/features/tool-kit/queries';
import { formatLabel, searchFormats, suggestFormats } from '../../app/features/tool-kit/format-choice';
import { FALLBACK_PIXELS, normalisedSize } from '../../app/features/tool-kit/upload-size';
import { areaPercentages, pictureArea } from '../../app/features/tool-kit/crop-area';
import { cropBox, isWideFormat, previewHeight } from '../../app/features/single-image/rules';
import { shownStep } from '../../app/features/single-image/steps';
import { useImageRequest } from '../../app/features/single-image/use-image-request';
import { readFrame, writeFrame } from '../../app/features/single-image/frame-address';
import { FRAME_PATTERN } from '../../app/features/single-image/steps';
import { createQueryClient } from '../../app/lib/api';
import { json, mockApi, recordedRequest } from './render-app';

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

  it('sizes the cropper so the frame spans the picture along its limiting side, within the screen', () => {
    // A story over a landscape photo: the photo fills the height; the box is never taller than the
    // frame can be at its width, nor than the screen leaves.
    expect(cropBox(9 / 16, 3 / 2)).toEqual({
      objectFit: 'vertical-cover',
      width: '100%',
      height: 'min(500px, max(200px, 100svh - 400px), 100cqw / 0.5625)',
    });
    // A banner over the same photo: the photo fills the width; the box is at least the frame's height.
    const banner = cropBox(4, 3 / 2);
    expect(banner.objectFit).toBe('horizontal-cover');
    expect(banner.height).toBe('min(max(200px, 100cqw / 4.0000), max(200px, 100svh - 400px))');
    expect(banner.width).toBe(`min(100%, ${banner.height} * 4.0000)`);
    expect(cropBox(1, 1).objectFit).toBe('vertical-cover');
  });

  it("frames in the picture's own pixels whatever size of copy the cropper shows", () => {
    const photo = { width: 4032, height: 3024 };
    // A banner (4:1) across the whole width, three eighths down: the same pixels from any copy,
    // since the cropper reports shares of what it shows.
    expect(pictureArea({ x: 0, y: 37.5, width: 100, height: 25 }, photo, 4, true)).toEqual({
      x: 0,
      y: 1134,
      width: 4032,
      height: 1008,
    });
    // A story (9:16) spanning the height, held on the picture at zoom 1 or more.
    expect(pictureArea({ x: 80, y: -3, width: 42.1875, height: 100 }, photo, 9 / 16, true)).toEqual({
      x: 2331,
      y: 0,
      width: 1701,
      height: 3024,
    });
    // Zoomed out under 1 the frame reaches past the edges (the fill shows there).
    const out = pictureArea({ x: -25, y: -50, width: 150, height: 200 }, photo, 1, false);
    expect(out).toEqual({ x: -1008, y: -1512, width: 6048, height: 6048 });
    // Back as shares of the picture, for the cropper to open on.
    expect(areaPercentages(out, photo, 1, 0.5)).toEqual({ x: -25, y: -50, width: 150, height: 200 });
  });

  it('opens again on the very framing it was left on, for every shape over pictures of every shape', () => {
    // A reload (or Back) hands the cropper the framing as shares of the picture; the cropper reads
    // its zoom from the width share and reports shares again (react-easy-crop 6: the shares of
    // computeCroppedArea below, and its exported getInitialCropFromCroppedAreaPercentages).
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (const picture of [
      { width: 4032, height: 3024 },
      { width: 3024, height: 4032 },
      { width: 1500, height: 500 },
      { width: 999, height: 1001 },
    ])
      for (const aspect of [9 / 16, 4 / 5, 1, 1.91, 1584 / 396, 1080 / 1350]) {
        const crop = { width: 300, height: 300 / aspect };
        // The picture spans the frame along the side that limits it (rules.ts cropBox).
        const wide = picture.width / picture.height >= aspect;
        const media = wide
          ? { width: crop.height * (picture.width / picture.height), height: crop.height }
          : { width: crop.width, height: crop.width * (picture.height / picture.width) };
        const mediaSize = { ...media, naturalWidth: picture.width, naturalHeight: picture.height };
        const shares = (position: { x: number; y: number }, zoom: number, restrict: boolean) => {
          const limit = (value: number) => (restrict ? Math.min(100, Math.max(0, value)) : value);
          return {
            x: limit((((media.width - crop.width / zoom) / 2 - position.x / zoom) / media.width) * 100),
            y: limit((((media.height - crop.height / zoom) / 2 - position.y / zoom) / media.height) * 100),
            width: limit(((crop.width / media.width) * 100) / zoom),
            height: limit(((crop.height / media.height) * 100) / zoom),
          };
        };
        for (let i = 0; i < 150; i++) {
          const restrict = random() < 0.6;
          const zoom = restrict ? 1.01 + random() * 1.98 : 0.5 + random() * 0.49;
          const slack = { x: (media.width * zoom - crop.width) / 2, y: (media.height * zoom - crop.height) / 2 };
          const position = {
            x: (random() * 2 - 1) * Math.abs(slack.x) * (restrict ? 1 : 1.5),
            y: (random() * 2 - 1) * Math.abs(slack.y) * (restrict ? 1 : 1.5),
          };
          const left = pictureArea(shares(position, zoom, restrict), picture, aspect, restrict);
          const opened = getInitialCropFromCroppedAreaPercentages(
            areaPercentages(left, picture, aspect, zoom),
            mediaSize,
            0,
            crop,
            0.5,
            3,
          );
          expect(opened.zoom).toBeCloseTo(zoom, 9);
          expect(pictureArea(shares(opened.crop, opened.zoom, restrict), picture, aspect, restrict)).toEqual(left);
        }
      }
  });

  it('shows the step asked for only when it can be shown', () => {
    const done = { status: 'complete' as const };
    const pending = { status: 'pending' as const };
    expect(shownStep(null, { upload: false, request: null })).toBe('upload');
    expect(shownStep('download', { upload: true, request: done })).toBe('download');
    // The download of nothing processed gives way to the adjust step, that of nothing to the upload.
    expect(shownStep('download', { upload: true, request: pending })).toBe('adjust');
    expect(shownStep('download', { upload: false, request: null })).toBe('upload');
    expect(shownStep('adjust', { upload: false, request: null })).toBe('upload');
    expect(shownStep('upload', { upload: true, request: done })).toBe('upload');
    // No step named: a request opens where it was left.
    expect(shownStep(null, { upload: true, request: done })).toBe('download');
    expect(shownStep(null, { upload: true, request: pending })).toBe('adjust');
  });

  it('shows the Wide Format badge only above 2.5', () => {
    expect(isWideFormat(1584 / 396)).toBe(true);
    expect(isWideFormat(2.51)).toBe(true);
    expect(isWideFormat(2.5)).toBe(false);
    expect(isWideFormat(16 / 9)).toBe(false);
  });

  it('suggests the popular formats nearest a picture’s shape, nearest first', () => {
    const keys = (aspect: number) => suggestFormats(PLATFORM_FORMATS, aspect).map((f) => f.key);
    expect(keys(1)[0]).toBe('instagram_post_square');
    expect(keys(3 / 4)[0]).toBe('instagram_post_portrait');
    expect(keys(9 / 16)[0]).toBe('instagram_story');
    expect(keys(3 / 2)[0]).toBe('youtube_thumbnail');
    expect(keys(4)[0]).toBe('linkedin_profile_banner');
    expect(keys(3 / 2)).not.toContain('linkedin_profile_picture');
    expect(formatLabel({ description: 'Banner', width: 1584, height: 396 })).toBe('Banner (1584 × 396)');
  });

  it('searches every word in platform, description, kind and size', () => {
    const ids = (query: string) => searchFormats(PLATFORM_FORMATS, query).map((f) => f.key);
    expect(ids('youtube banner')).toEqual(['youtube_channel_banner']);
    expect(ids('1584x396')).toEqual(['linkedin_profile_banner']);
    expect(ids('STORY')).toEqual(expect.arrayContaining(['instagram_story', 'facebook_story', 'snapchat_story']));
    expect(ids('x (twitter) header')).toEqual(['twitter_header']);
    expect(ids('nothing like this')).toEqual([]);
  });

  it('keeps the framing being made in the address, and reads it back only for its own format’s shape', () => {
    const banner = { width: 1584, height: 396 };
    const frame = {
      area: { x: 10.4, y: -3.6, width: 800.2, height: 200.05 },
      zoom: 1.6,
      fill: { kind: 'blur' } as const,
    };
    const text = writeFrame(frame);
    expect(text).toBe('10,-4,800,200,1.60,blur');
    expect(FRAME_PATTERN.test(text)).toBe(true);
    expect(readFrame(text, banner)).toEqual({
      area: { x: 10, y: -4, width: 800, height: 200 },
      zoom: 1.6,
      fill: { kind: 'blur' },
    });
    expect(readFrame('0,0,800,200,1.25,ffffff', banner)?.fill).toEqual({ kind: 'color', color: '#ffffff' });
    // A frame left from another format (a story's tall crop) is not this banner's.
    expect(readFrame('0,0,450,800,1.25,blur', banner)).toBeNull();
    expect(readFrame('0,0,800,200,1.25,purple', banner)).toBeNull();
    expect(readFrame(undefined, banner)).toBeNull();
  });

  it('puts the platform the query names first: "x header" is X’s header, not LinkedIn’s', () => {
    const ids = (query: string) => searchFormats(PLATFORM_FORMATS, query).map((f) => f.key);
    expect(ids('x header')[0]).toBe('twitter_header');
    expect(ids('x header').every((key) => key.startsWith('twitter_'))).toBe(true);
    expect(ids('twitter header')[0]).toBe('twitter_header');
    // A platform named by the query outranks another whose text only mentions the word.
    for (const platform of ['linkedin', 'facebook', 'youtube'] as const) {
      const found = searchFormats(PLATFORM_FORMATS, `${platform} banner`);
      expect(found.length, platform).toBeGreaterThan(0);
      expect(found[0]?.platform, platform).toBe(platform);
    }
    // A size still finds its format, whatever the letters around it.
    expect(ids('1500x500')[0]).toBe('twitter_header');
  });

  it('sends phone photos as they are and redraws only what the server cannot take, keeping its shape', () => {
    expect(normalisedSize(8064, 6048)).toBeNull(); // a 48 MP phone photo
    expect(normalisedSize(9000, 6000)).toEqual({ width: 8660, height: 5773 });
    // A WebP goes up to 50 MP and the server says (what it takes depends on the file's size and kind).
    expect(normalisedSize(3840, 2400, 'image/webp')).toBeNull();
    expect(normalisedSize(9000, 6000, 'image/webp')).toEqual({ width: 8660, height: 5773 });
    expect(normalisedSize(6000, 4000, 'image/png')).toBeNull();
    // The fallback, after the server refused a photo as too large.
    expect(normalisedSize(4032, 3024, 'image/jpeg', FALLBACK_PIXELS)).toEqual({ width: 4000, height: 3000 });
    expect(normalisedSize(4000, 3000, 'image/png', FALLBACK_PIXELS)).toEqual({ width: 3464, height: 2598 });
    expect(normalisedSize(4600, 3500, 'image/webp', FALLBACK_PIXELS)).toEqual({ width: 3971, height: 3021 });
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
  const [fill, setFill] = useState<Fill>({ kind: 'transparent' });
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
        fill={fill}
        onFill={setFill}
      />
      <output data-testid="state">
        {JSON.stringify({
          id: adjustment?.format.id,
          zoom: adjustment?.zoom,
          crop: adjustment?.crop,
          area: adjustment?.area,
        })}
      </output>
    </>
  );
}

/** One face on the right of the picture, as the server's detection answers it. */
const detected: DetectionResponse = {
  detection: {
    width: 1200,
    height: 800,
    faces: [{ x: 960, y: 120, width: 140, height: 180, score: 0.95, landmarks: [] }],
    text: [],
    marks: [],
    source: 'models',
  },
  keep: [],
};

function renderAdjust(initial: Adjustment | null = null, detection: DetectionResponse | null = detected) {
  const client = createQueryClient();
  client.setQueryData(platformFormatsQuery.queryKey, [...PLATFORM_FORMATS]);
  if (detection) client.setQueryData(detectionQuery(upload).queryKey, detection);
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
      area: { x: number; y: number; width: number; height: number } | null;
    };
}

const face = detected.detection.faces[0]!;
const holdsFace = (area: { x: number; y: number; width: number; height: number } | null) =>
  !!area &&
  area.x <= face.x &&
  area.y <= face.y &&
  area.x + area.width >= face.x + face.width &&
  area.y + area.height >= face.y + face.height;

describe('the adjust step', () => {
  it('opens a landscape photo on the popular format nearest its shape, framed on what it shows, and a format change opens the new format on its own planned framing', async () => {
    const state = renderAdjust();
    const thumbnail = findFormatByName('youtube', 'thumbnail')!;
    await screen.findByText(thumbnail.description, { selector: 'p' });
    const { zoom, ...area } = firstFraming(upload, detected.detection, thumbnail);
    expect(state()).toMatchObject({ id: thumbnail.id, zoom, area });
    expect(holdsFace(state().area)).toBe(true);
    expect((screen.getByLabelText('Platform') as HTMLSelectElement).value).toBe('youtube');
    const picks = within(screen.getByRole('group', { name: 'Suits this picture' })).getAllByRole('button');
    expect(picks[0]).toHaveAttribute('aria-pressed', 'true');
    expect(picks.map((b) => b.textContent)).toEqual([
      'YouTube thumbnail',
      'X (Twitter) post landscape',
      'YouTube banner',
      'LinkedIn post landscape',
    ]);

    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Zoom/), { target: { value: '2.4' } });
    expect(state().zoom).toBe(2.4);
    // Reset zoom brings back the framing the format opened on.
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(state()).toMatchObject({ zoom, area });
    fireEvent.change(screen.getByLabelText(/^Zoom/), { target: { value: '2.4' } });
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'linkedin' } });
    // Showing another platform changes nothing until a card is chosen.
    expect(state().id).toBe(thumbnail.id);
    const banner = findFormatByName('linkedin', 'banner')!;
    fireEvent.click(screen.getByRole('radio', { name: /^LinkedIn: Personal profile background/ }));
    const { zoom: bannerZoom, ...bannerArea } = firstFraming(upload, detected.detection, banner);
    expect(state()).toMatchObject({ id: banner.id, zoom: bannerZoom, area: bannerArea });
    expect(holdsFace(state().area)).toBe(true);
    expect(screen.getByRole('radio', { name: /^LinkedIn: Personal profile background/ })).toBeChecked();
    expect(screen.getByText('Wide Format')).toBeInTheDocument();
    // A 4:1 frame over a 3:2 photo: the photo fills the cropper's width, the frame spans it.
    expect(screen.getByTestId('crop-preview')).toHaveAttribute('data-fit', 'horizontal-cover');
  });

  it('undoes the last crop changes, one at a time, with the button or Ctrl+Z', () => {
    const state = renderAdjust();
    const opened = state().zoom;
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeDisabled();
    const slider = screen.getByLabelText(/^Zoom/);
    fireEvent.pointerDown(slider);
    fireEvent.change(slider, { target: { value: '2' } });
    fireEvent.pointerDown(slider);
    fireEvent.change(slider, { target: { value: '2.6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(state().zoom).toBe(opened);
    fireEvent.click(undo);
    expect(state().zoom).toBe(2.6);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(state().zoom).toBe(2);
    fireEvent.click(undo);
    expect(state().zoom).toBe(opened);
    expect(undo).toBeDisabled();
    // Typing in the search keeps its own Ctrl+Z.
    fireEvent.pointerDown(slider);
    fireEvent.change(slider, { target: { value: '3' } });
    fireEvent.keyDown(screen.getByLabelText('Search formats'), { key: 'z', ctrlKey: true });
    expect(state().zoom).toBe(3);
  });

  it('waits for what the picture shows before it opens the cropper, then opens on the planned framing', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'GET /api/upload/u/detection': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const state = renderAdjust(null, null);
    const thumbnail = findFormatByName('youtube', 'thumbnail')!;
    await screen.findByText('Finding faces and text…');
    expect(screen.queryByTestId('crop-preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next: Download' })).toBeDisabled();
    expect(state()).toMatchObject({ id: thumbnail.id, area: null });
    await act(async () => answer(json(detected)()));
    await waitFor(() => expect(state().area).not.toBeNull());
    const { zoom, ...area } = firstFraming(upload, detected.detection, thumbnail);
    expect(state()).toMatchObject({ zoom, area });
    expect(screen.getByTestId('crop-preview')).toBeInTheDocument();
  });

  it('opens on the centred framing at the default zoom where the picture could not be read for faces and text', async () => {
    mockApi({ 'GET /api/upload/u/detection': json({ message: 'The picture could not be read just now.' }, 503) });
    const state = renderAdjust(null, null);
    await waitFor(() => expect(state().area).not.toBeNull(), { timeout: 5000 });
    expect(state().zoom).toBe(1.25);
  });

  it('draws every format of a platform as a card of its shape, grouped by kind, circles for profile pictures', () => {
    renderAdjust();
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'linkedin' } });
    const list = screen.getByRole('radiogroup', { name: 'Format' });
    const linkedin = PLATFORM_FORMATS.filter((f) => f.platform === 'linkedin');
    expect(within(list).getAllByRole('radio')).toHaveLength(linkedin.length);
    expect(within(list).getByText('Banners and covers')).toBeInTheDocument();
    const card = (name: RegExp) => screen.getByRole('radio', { name }).closest('label') as HTMLElement;
    expect(card(/^LinkedIn: Personal profile photo/).querySelector('[data-shape]')).toHaveAttribute(
      'data-shape',
      'circle',
    );
    const banner = card(/^LinkedIn: Personal profile background/).querySelector('[data-shape]') as HTMLElement;
    expect(banner).toHaveAttribute('data-shape', 'rect');
    // Drawn to scale: 4:1.
    expect(parseFloat(banner.style.width) / parseFloat(banner.style.height)).toBeCloseTo(4, 1);
  });

  it('searches across platforms and says when nothing matches', () => {
    renderAdjust();
    fireEvent.change(screen.getByLabelText('Search formats'), { target: { value: 'story' } });
    const list = screen.getByRole('radiogroup', { name: 'Format' });
    expect(within(list).getByRole('heading', { name: 'Instagram' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Snapchat' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search formats'), { target: { value: 'hologram' } });
    expect(within(list).queryAllByRole('radio')).toHaveLength(0);
    expect(within(list).getByText('No format matches “hologram”.')).toBeInTheDocument();
  });
});

describe('the single tool’s request', () => {
  const banner = findFormatByName('linkedin', 'banner')!;
  const thumbnail = findFormatByName('youtube', 'thumbnail')!;
  const area = { x: 0, y: 100, width: 1200, height: 600 };
  const requestId = (formatId: number) => `0f3c2a8e-1b7d-4c55-9a0e-${String(formatId).padStart(12, '0')}`;
  /** The request the server records from a POST's body. */
  const recorded = async (request: Request): Promise<ImageRequestResponse> => {
    const body = (await request.clone().json()) as {
      formatId: number;
      cropDetails: ImageRequestResponse['cropDetails'];
    };
    return recordedRequest(requestId(body.formatId), upload, findFormat(body.formatId)!, body.cropDetails);
  };

  it('is recorded as a format is chosen, so Next renders it without recording it again', async () => {
    const posts = () => calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url).pathname);
    const lastRecorded = () => recorded(calls.filter((c) => new URL(c.url).pathname === '/api/image-requests').at(-1)!);
    const calls = mockApi({
      'POST /api/image-requests': async () => json(await lastRecorded(), 201)(),
      [`POST /api/process-image/${requestId(banner.id)}`]: async () =>
        json({ ...(await lastRecorded()), status: 'complete' })(),
    });
    const client = createQueryClient();
    const processed: ImageRequestResponse[] = [];
    const { result, rerender } = renderHook(
      ({ format }: { format: PlatformFormat }) => {
        const [request, setRequest] = useState<ImageRequestResponse | null>(null);
        return useImageRequest({
          adjusting: true,
          upload,
          adjustment: { format, crop: { x: 0, y: 0 }, zoom: 1, area },
          fill: { kind: 'blur' },
          request,
          setRequest,
          onProcessed: (done) => processed.push(done),
        });
      },
      {
        initialProps: { format: thumbnail },
        wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
      },
    );
    await waitFor(() => expect(posts()).toEqual(['/api/image-requests']));
    // Another format is another job, recorded at once; a crop that moves is not (Next records it).
    rerender({ format: banner });
    await waitFor(() => expect(posts()).toEqual(['/api/image-requests', '/api/image-requests']));
    act(() => result.current.next());
    await waitFor(() => expect(processed).toHaveLength(1));
    expect(posts()).toEqual([
      '/api/image-requests',
      '/api/image-requests',
      expect.stringMatching(/^\/api\/process-image\//),
    ]);
    expect(processed[0]?.formatId).toBe(banner.id);
  });
});
