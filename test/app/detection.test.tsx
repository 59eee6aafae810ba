/**
 * Intelligent resizing as the user sees and steers it (docs/product.md, "Keep this" and "Banner and
 * profile adjusters"): the faces and text found drawn on the picture, the box pre-filled with them
 * and sent only when changed, what each result kept, "Adjust framing", and a refused download.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_FORMATS, findFormat, PROFILE_FORMATS, type PlatformFormat } from '../../shared/formats';
import { DEFAULT_OUTPUT } from '@social-resizer/engine/plan/output';
import type { ConversionResponse, DetectionResponse, TargetFraming, UploadResponse } from '../../shared/schemas';
import { ConfigureStep } from '../../app/features/adjusters/configure-step';
import { BANNER_FLOW, PROFILE_FLOW, type AdjusterFlow } from '../../app/features/adjusters/flows';
import { ResultsStep } from '../../app/features/adjusters/results-step';
import { EMPTY_SELECTION, type Selection } from '../../app/features/adjusters/selection';
import { useAdjusterRun } from '../../app/features/adjusters/use-adjuster-run';
import { KeepThisDialog } from '../../app/features/batch/keep-this-dialog';
import { Toaster } from '../../app/components/ui/toaster';
import { dismissToast } from '../../app/components/ui/use-toast';
import { createQueryClient } from '../../app/lib/api';
import { json, mockApi, recordedRequest } from './render-app';

const upload: UploadResponse = {
  id: 'u',
  path: '/uploads/u.png',
  originalFilename: 'team-banner.png',
  width: 1500,
  height: 500,
  size: 1000,
  type: 'image/png',
};

const REQUEST_ID = '0f3c2a8e-1b7d-4c55-9a0e-6d2f4b8c1e90';

/** Facebook's cover photo (851 × 315), the whole banner framed. */
const imageRequest = recordedRequest(REQUEST_ID, upload, findFormat(2)!, {
  x: 0,
  y: 0,
  width: 1500,
  height: 500,
  zoom: 1,
});

/** Two people at the left, a headline across the middle, a logo at the lower right. */
const found: DetectionResponse = {
  detection: {
    width: 1500,
    height: 500,
    faces: [
      { x: 200, y: 100, width: 120, height: 150, score: 0.97, landmarks: [] },
      { x: 360, y: 120, width: 110, height: 140, score: 0.93, landmarks: [] },
    ],
    text: [{ x: 600, y: 60, width: 500, height: 80, score: 0.9 }],
    marks: [{ x: 1300, y: 380, width: 120, height: 80, score: 0.6 }],
    source: 'models',
  },
  keep: [
    { x: 170, y: 60, width: 180, height: 230, kind: 'face' },
    { x: 330, y: 80, width: 170, height: 220, kind: 'face' },
    { x: 580, y: 50, width: 540, height: 100, kind: 'text' },
    { x: 1300, y: 380, width: 120, height: 80, kind: 'mark' },
  ],
};

/** Renders inside a router (the plans link to the checkout) with a fresh query cache and the toasts. */
function renderWithRouter(Component: () => React.ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Component />
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The adjuster from the configure step on, as the page runs it (the upload already made). */
function Adjuster({ flow, formats }: { flow: AdjusterFlow; formats: readonly PlatformFormat[] }) {
  const [step, setStep] = useState(2);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [output, setOutput] = useState(DEFAULT_OUTPUT);
  const run = useAdjusterRun(flow, upload, step === 3, () => setStep(2));
  if (step === 3 && run.run)
    return (
      <ResultsStep flow={flow} upload={upload} fanOut={run} onBack={() => setStep(2)} onStartOver={() => setStep(2)} />
    );
  return (
    <ConfigureStep
      flow={flow}
      upload={upload}
      formats={[...formats]}
      selection={selection}
      onChange={setSelection}
      output={output}
      onOutput={setOutput}
      onBack={() => undefined}
      onContinue={() => {
        run.begin({
          source: selection.source,
          targets: formats.filter((f) => selection.targets.includes(f.id)),
          aiRequested: flow.aiToggle && selection.useAi,
          output,
          fill: selection.fill,
          focus: selection.focus,
        });
        setStep(3);
      }}
    />
  );
}

const twitterHeader = BANNER_FORMATS.find((f) => f.platform === 'twitter')!;

async function chooseBannerTargets() {
  fireEvent.change(await screen.findByLabelText('Source platform'), { target: { value: twitterHeader.platform } });
  fireEvent.click(screen.getAllByRole('checkbox')[0]!);
}

/** The fan-out call's body, once sent. */
async function fanOutBody(calls: Request[], endpoint: string): Promise<Record<string, unknown>> {
  const call = await waitFor(() => {
    const found = calls.find((c) => c.method === 'POST' && c.url.endsWith(`/api/${endpoint}/${REQUEST_ID}`));
    if (!found) throw new Error(`no ${endpoint} call yet`);
    return found;
  });
  return (await call.clone().json()) as Record<string, unknown>;
}

afterEach(() => dismissToast());

describe('keep this, with what the detectors found', () => {
  const routes = (detection: () => Response) => ({
    'POST /api/image-requests': json(imageRequest, 201),
    [`GET /api/upload/${upload.id}/detection`]: detection,
    [`POST /api/banner-convert/${REQUEST_ID}`]: json({ results: {}, files: {}, analysisPerformed: true }, 202),
  });

  it('draws the faces, the line of text and the mark, pre-fills their union, and sends no box when it is left alone', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = mockApi(routes(() => new Promise<Response>((resolve) => (answer = resolve)) as never));
    renderWithRouter(() => <Adjuster flow={BANNER_FLOW} formats={BANNER_FORMATS} />);

    expect(await screen.findByText('Finding faces and text…')).toBeInTheDocument();
    answer(json(found)());
    const drawn = await screen.findByRole('list', { name: 'Found on the picture' });
    expect(within(drawn).getAllByRole('listitem', { name: 'Face' })).toHaveLength(2);
    expect(within(drawn).getAllByRole('listitem', { name: 'Text' })).toHaveLength(1);
    expect(within(drawn).getAllByRole('listitem', { name: 'Mark' })).toHaveLength(1);
    expect(screen.queryByText('Finding faces and text…')).toBeNull();
    // The box starts as the union of the faces and the line (the mark only where there is room).
    expect(screen.getByTestId('focus-box')).toHaveStyle({
      left: `${(170 / 1500) * 100}%`,
      width: `${(950 / 1500) * 100}%`,
    });
    expect(screen.getByText('Every format keeps the faces and text found whole (950 × 250 px).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use detected' })).toBeNull();

    await chooseBannerTargets();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const body = await fanOutBody(calls, 'banner-convert');
    expect(body.useAi).toBe(true);
    expect(body).not.toHaveProperty('focus');
  });

  it('sends the box once the user moves it, and "Use detected" goes back to the found ones', async () => {
    const calls = mockApi(routes(json(found)));
    renderWithRouter(() => <Adjuster flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    await screen.findByRole('list', { name: 'Found on the picture' });
    const frame = screen.getByTestId('focus-frame');

    fireEvent.keyDown(frame, { key: 'ArrowRight' });
    expect(screen.getByText('Every format keeps this box whole (950 × 250 px).')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use detected' }));
    expect(screen.getByText('Every format keeps the faces and text found whole (950 × 250 px).')).toBeInTheDocument();

    // Moved a fiftieth of the width to the right: 30 px.
    fireEvent.keyDown(frame, { key: 'ArrowRight' });
    await chooseBannerTargets();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const body = await fanOutBody(calls, 'banner-convert');
    expect(body.focus).toEqual({ x: 200, y: 50, width: 950, height: 250 });
  });

  it('says when nothing was found, and when the detectors could not run', async () => {
    mockApi(routes(json({ ...found, detection: { ...found.detection, faces: [], text: [], marks: [] }, keep: [] })));
    const { unmount } = renderWithRouter(() => <Adjuster flow={PROFILE_FLOW} formats={PROFILE_FORMATS} />);
    expect(
      await screen.findByText('No faces or text found: the crop is centred on the most detailed area.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('focus-box')).toBeNull();
    expect(screen.getByText('No box: each format is framed automatically.')).toBeInTheDocument();
    unmount();

    mockApi(
      routes(
        json({
          detection: { ...found.detection, faces: [], text: [], marks: [], source: 'saliency', failure: 'model' },
          keep: [{ x: 400, y: 100, width: 600, height: 300, kind: 'text' }],
        }),
      ),
    );
    renderWithRouter(() => <Adjuster flow={PROFILE_FLOW} formats={PROFILE_FORMATS} />);
    expect(
      await screen.findByText(
        'Face and text detection was unavailable: the picture’s most detailed area is kept instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Found on the picture' })).toBeNull();
  });

  it('asks nothing when intelligent resizing is off: each banner format is a centred crop', async () => {
    const calls = mockApi(routes(json(found)));
    renderWithRouter(() => <Adjuster flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    await screen.findByRole('list', { name: 'Found on the picture' });
    fireEvent.click(screen.getByRole('switch', { name: 'Enable intelligent resizing' }));
    expect(screen.queryByRole('list', { name: 'Found on the picture' })).toBeNull();
    expect(screen.queryByTestId('focus-box')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/detection'))).toHaveLength(1);
  });

  it('shows the batch photo’s faces and text in its "Keep this…" dialog', async () => {
    mockApi(routes(json(found)));
    let focus: unknown = 'unset';
    renderWithRouter(() => (
      <KeepThisDialog
        name="team.jpg"
        upload={upload}
        focus={null}
        onFocus={(next) => (focus = next)}
        onClose={() => undefined}
      />
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Keep this: team.jpg' });
    expect(await within(dialog).findAllByRole('listitem', { name: 'Face' })).toHaveLength(2);
    fireEvent.keyDown(within(dialog).getByTestId('focus-frame'), { key: 'ArrowDown' });
    expect(focus).toEqual({ x: 170, y: 60, width: 950, height: 250 });
  });
});

describe('results: what each format kept, framing by hand, and a refused download', () => {
  // LinkedIn's photo and Company Page logo: two targets on one tab.
  const [first, second] = PROFILE_FORMATS.filter((f) => f.platform === 'linkedin') as [PlatformFormat, PlatformFormat];
  const planned = (kept: TargetFraming['kept'], extended = false): TargetFraming => ({
    framing: 'planned',
    crop: { x: 150, y: 0, width: 500, height: 500 },
    extended,
    kept,
  });

  it('says what each format kept, reframes one by hand, and shows the plans when its download needs payment', async () => {
    const status: ConversionResponse = {
      results: { [first.id]: 'complete', [second.id]: 'complete' },
      files: {},
      analysisPerformed: true,
      framings: {
        [first.id]: planned({ faces: 2, text: 1 }),
        [second.id]: planned({ faces: 1, text: 0 }, true),
      },
      detection: { source: 'models', faces: 2, text: 1 },
    };
    const calls = mockApi({
      'POST /api/image-requests': json(imageRequest, 201),
      [`GET /api/upload/${upload.id}/detection`]: json(found),
      [`POST /api/profile-convert/${REQUEST_ID}`]: json(
        { results: { [first.id]: 'processing', [second.id]: 'processing' }, files: {}, analysisPerformed: true },
        202,
      ),
      [`GET /api/conversions/${REQUEST_ID}`]: () => json(status)(),
      [`POST /api/conversions/${REQUEST_ID}/reframe`]: json(
        { ...status, results: { ...status.results, [first.id]: 'processing' } },
        202,
      ),
      [`GET /api/download/${REQUEST_ID}/${first.id}`]: json({ message: 'Download requires payment' }, 402),
      [`GET /api/image-requests/${REQUEST_ID}`]: json(imageRequest),
      'GET /api/session': json({ user: null }),
      // The visitor's free download is used.
      'GET /api/check-rate-limits': () =>
        new Response(JSON.stringify({ unlimited: false, limit: 1, remaining: 0, resetAt: null }), {
          headers: { 'X-RateLimit-Remaining': '0' },
        }),
    });
    renderWithRouter(() => <Adjuster flow={PROFILE_FLOW} formats={[first, second]} />);
    await screen.findByRole('list', { name: 'Found on the picture' });
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const card = await screen.findByTestId(`result-${first.id}`);
    await waitFor(() =>
      expect(within(card).getByTestId(`framing-${first.id}`)).toHaveTextContent('Kept 2 faces and 1 line of text'),
    );
    expect(screen.getByTestId(`framing-${second.id}`)).toHaveTextContent('Extended the canvas to keep 1 face');

    // Adjust framing: the cropper opens on the server's crop; Save sends it back as the hand framing.
    fireEvent.click(within(card).getByRole('button', { name: `Adjust framing: ${first.description}` }));
    const dialog = await screen.findByRole('dialog', { name: `Adjust framing: ${first.description}` });
    expect(within(dialog).getByText(/downloads like the Single Image tool/)).toBeInTheDocument();
    // From here the server renders it again: its polls say so until it ends (below).
    status.results = { ...status.results, [first.id]: 'processing' };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const reframe = await waitFor(() => {
      const call = calls.find((c) => c.url.endsWith(`/api/conversions/${REQUEST_ID}/reframe`));
      if (!call) throw new Error('no reframe call yet');
      return call;
    });
    expect(await reframe.clone().json()).toEqual({
      formatId: first.id,
      crop: { x: 150, y: 0, width: 500, height: 500 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('Processing...')).toBeInTheDocument();

    // The server finishes it: the card says so and shows the new preview.
    status.results = { ...status.results, [first.id]: 'complete' };
    status.framings![first.id] = {
      framing: 'hand',
      crop: { x: 150, y: 0, width: 500, height: 500 },
      extended: false,
      kept: { faces: 0, text: 0 },
    };
    await waitFor(() => expect(within(card).getByTestId(`framing-${first.id}`)).toHaveTextContent('Framed by hand'), {
      timeout: 3000,
    });
    expect(within(card).getByRole('img')).toHaveAttribute('src', `/api/preview/${REQUEST_ID}/${first.id}?v=1`);

    // Its download now needs a free download or a payment: none left, so the card says what it costs,
    // with the buttons that pay in place of Download, before any click; the ZIP card says it too.
    await waitFor(() =>
      expect(within(card).getByTestId(`charge-${first.id}`)).toHaveTextContent('$1.99 to download: framed by hand'),
    );
    expect(within(card).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(card).queryByText('Ready to download')).toBeNull();
    const pay = within(card).getByRole('group', { name: 'Pay to download' });
    expect(within(pay).getByRole('link', { name: 'Buy this image: $1.99' })).toHaveAttribute(
      'href',
      `/checkout/${REQUEST_ID}?plan=single`,
    );
    expect(within(pay).getByRole('link', { name: 'Unlimited Access: $9.99' })).toHaveAttribute(
      'href',
      `/checkout/${REQUEST_ID}?plan=unlimited`,
    );
    // The other target is the adjuster's own: free, as before.
    expect(screen.getByTestId(`charge-${second.id}`)).toHaveTextContent('Ready to download');
    expect(screen.getByText(/^1 file framed by hand: \$1\.99 as a Single Download/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the 1 free file (ZIP)' })).toBeEnabled();
  });
});
