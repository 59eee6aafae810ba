import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BANNER_FORMATS, PROFILE_FORMATS, findFormat } from '../../shared/formats';
import type { UploadResponse } from '../../shared/schemas';
import { ConfigureStep } from '../../app/features/adjusters/configure-step';
import type { Selection } from '../../app/features/adjusters/selection';
import { BANNER_FLOW, PROFILE_FLOW, type AdjusterFlow } from '../../app/features/adjusters/flows';
import { centredCrop } from '@social-resizer/engine/plan/crop';
import { DEFAULT_OUTPUT, type OutputSettings } from '@social-resizer/engine/plan/output';
import { ResultsStep, type ShownRun } from '../../app/features/adjusters/results-step';
import { Toaster } from '../../app/components/ui/toaster';
import { dismissToast } from '../../app/components/ui/use-toast';
import { createQueryClient } from '../../app/lib/api';
import { mockApi } from './render-app';

type RunProps = Partial<Omit<ShownRun, 'run'>> & Partial<NonNullable<ShownRun['run']>>;

/** A run as the results step shows it: by default three banners from the X header, nothing said of framings. */
function shownRun(props: RunProps = {}): ShownRun {
  const { source = findFormat(29)!, targets = [findFormat(2)!, findFormat(20)!, findFormat(36)!], ...rest } = props;
  return {
    run: {
      source,
      targets,
      requestId: props.requestId ?? 'r1',
      requestFormatId: props.requestFormatId ?? source?.id ?? 1,
    },
    results: {},
    files: {},
    starting: false,
    analysisPerformed: null,
    detection: null,
    framing: 'centre',
    framings: {},
    versions: {},
    reframing: false,
    reframe: async () => false,
    ...rest,
  };
}

const upload: UploadResponse = {
  id: 'u',
  path: '/uploads/u.png',
  originalFilename: 'header.png',
  width: 1500,
  height: 500,
  size: 1000,
  type: 'image/png',
};

function Configure({
  flow,
  formats,
  onContinue = () => undefined,
}: {
  flow: AdjusterFlow;
  formats: typeof BANNER_FORMATS;
  onContinue?: () => void;
}) {
  const [selection, setSelection] = useState<Selection>({
    source: null,
    targets: [],
    useAi: true,
    fill: { kind: 'blur' },
    focus: null,
    tab: null,
  });
  const [output, setOutput] = useState<OutputSettings>(DEFAULT_OUTPUT);
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigureStep
        flow={flow}
        upload={upload}
        formats={[...formats]}
        selection={selection}
        onChange={setSelection}
        output={output}
        onOutput={setOutput}
        onBack={() => undefined}
        onContinue={onContinue}
      />
      <p data-testid="selection">
        {JSON.stringify({
          source: selection.source?.id ?? null,
          targets: selection.targets,
          useAi: selection.useAi,
          fill: selection.fill,
          focus: selection.focus,
          output,
        })}
      </p>
      <Toaster />
    </QueryClientProvider>
  );
}

const selected = () =>
  JSON.parse(screen.getByTestId('selection').textContent ?? '{}') as {
    source: number | null;
    targets: number[];
    useAi: boolean;
    fill: { kind: string };
    focus: { x: number; y: number; width: number; height: number } | null;
    output: OutputSettings;
  };

// No server here: the detection the configure step asks for is refused (test/app/detection.test.tsx answers it).
beforeEach(() => void mockApi({}));
afterEach(() => dismissToast());

describe('banner adjuster, configure step', () => {
  it('takes a fresh picture with no current format, and says beside Continue what it waits for', () => {
    let continued = 0;
    render(<Configure flow={BANNER_FLOW} formats={BANNER_FORMATS} onContinue={() => (continued += 1)} />);
    expect(screen.getByLabelText('Source platform')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'None: a new photo' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // Not only a notification: the step says it where the button is.
    expect(screen.getByText('Choose at least one format to convert to')).toBeInTheDocument();
    fireEvent.click(next);
    expect(screen.getByText('No target formats selected')).toBeInTheDocument();
    expect(screen.queryByText('Source format required')).toBeNull();
    expect(continued).toBe(0);

    // With no source, every platform's banners can be targets.
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect(next).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('Choose at least one format to convert to')).toBeNull();
    fireEvent.click(next);
    expect(continued).toBe(1);
    expect(selected().source).toBeNull();
  });

  it('marks the source platform’s tab "(source)", opens the first other platform, and refuses same-platform targets', () => {
    render(<Configure flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    const twitterHeader = BANNER_FORMATS.find((f) => f.platform === 'twitter')!;
    fireEvent.change(screen.getByLabelText('Source platform'), { target: { value: 'twitter' } });
    expect(selected().source).toBe(twitterHeader.id);
    const tabs = screen.getAllByRole('tab');
    const twitterTab = tabs.find((t) => t.textContent?.startsWith('X (Twitter)'))!;
    expect(twitterTab).toHaveTextContent('X (Twitter) (source)');
    expect(tabs.find((t) => t.getAttribute('data-state') === 'active')).toHaveTextContent('Facebook');

    // The source's tab can still be opened to see why; choosing there is refused with the toast.
    fireEvent.mouseDown(twitterTab);
    expect(screen.getByRole('button', { name: 'Select All' })).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByText('This is your source platform: choose targets on the other platforms.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByText('Cannot select')).toBeInTheDocument();
    expect(screen.getByText("You can't select formats from the same platform as the source")).toBeInTheDocument();
    dismissToast();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByText('Cannot select')).toBeInTheDocument();
    expect(selected().targets).toEqual([]);
  });

  it('selects and unselects a whole platform, toggles a card, and drops targets of a platform that becomes the source', () => {
    render(<Configure flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    const facebook = BANNER_FORMATS.filter((f) => f.platform === 'facebook').map((f) => f.id);
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(selected().targets).toEqual(facebook);
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect(selected().targets).toEqual(facebook.slice(1));
    fireEvent.click(screen.getByRole('button', { name: 'Unselect All' }));
    expect(selected().targets).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    fireEvent.change(screen.getByLabelText('Source platform'), { target: { value: 'facebook' } });
    expect(selected().targets).toEqual([]);
    // Never silently: the step says what choosing the source took out.
    expect(
      screen.getByText(
        `${facebook.length} Facebook formats were taken out of the targets: a banner is not converted to the platform it is on. 0 still selected.`,
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('has intelligent resizing on by default, with its explanation, and lets it be switched off', () => {
    render(<Configure flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    const toggle = screen.getByRole('switch', { name: 'Enable intelligent resizing' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/looks for the text, logos and faces/)).toBeInTheDocument();
    // Where a canvas must extend, the blurred picture fills it unless another fill is chosen.
    expect(screen.getByRole('radio', { name: 'Blurred picture' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Solid colour' }));
    expect(selected().fill).toMatchObject({ kind: 'color' });
    fireEvent.click(toggle);
    expect(selected().useAi).toBe(false);
    // Switched off, each format is a crop: nothing to fill.
    expect(screen.queryByRole('radiogroup', { name: 'Fill' })).toBeNull();
  });
});

describe('keep this', () => {
  it('takes a box drawn on the picture, moves it by keyboard, previews the selected formats and clears it', () => {
    render(<Configure flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    const frame = screen.getByTestId('focus-frame');
    frame.getBoundingClientRect = () =>
      ({
        left: 0,
        top: 0,
        width: 300,
        height: 100,
        right: 300,
        bottom: 100,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      }) as DOMRect;
    frame.setPointerCapture = () => undefined;
    // The upload is 1500×500: the frame shows it at 1/5.
    fireEvent.pointerDown(frame, { clientX: 240, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 290, clientY: 60, pointerId: 1 });
    fireEvent.pointerUp(frame, { clientX: 290, clientY: 60, pointerId: 1 });
    expect(selected().focus).toEqual({ x: 1200, y: 50, width: 250, height: 250 });
    expect(screen.getByText('Every format keeps this box whole (250 × 250 px).')).toBeInTheDocument();
    // A preview per selected format (up to six), drawn from the shared crop plan.
    expect(
      within(screen.getByRole('list', { name: 'Previews with your box kept' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(0);
    // With a box, the fill choice shows even with intelligent resizing off.
    fireEvent.click(screen.getByRole('switch', { name: 'Enable intelligent resizing' }));
    expect(screen.getByRole('radiogroup', { name: 'Fill' })).toBeInTheDocument();
    fireEvent.keyDown(frame, { key: 'ArrowLeft' });
    expect(selected().focus?.x).toBe(1170);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(selected().focus).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Fill' })).toBeNull();
  });
});

describe('profile adjuster, configure step', () => {
  it('shows the upload as a circle, has no AI toggle, and takes a fresh photo without a current format', () => {
    render(<Configure flow={PROFILE_FLOW} formats={PROFILE_FORMATS} />);
    expect(screen.getByAltText('Your profile picture, as a circle')).toHaveClass('rounded-full');
    expect(screen.queryByRole('switch')).toBeNull();
    expect((screen.getByLabelText('Source platform') as HTMLSelectElement).value).toBe('');
    expect(screen.getByLabelText('Source format')).toBeDisabled();
    // With nothing ticked, Continue explains what is missing: targets, never a current format.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please select at least one target format to continue')).toBeInTheDocument();
    expect(screen.queryByText('Please select the current format of your profile picture')).toBeNull();
    dismissToast();
    // No source: every platform's formats can be targets, the first one's tab open.
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect(selected().targets).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('results step', () => {
  const queryClient = createQueryClient();
  const results = (props: RunProps) => (
    <QueryClientProvider client={queryClient}>
      <ResultsStep
        flow={BANNER_FLOW}
        upload={upload}
        fanOut={shownRun(props)}
        onBack={() => undefined}
        onStartOver={() => undefined}
      />
    </QueryClientProvider>
  );
  const renderResults = (props: RunProps) => render(results(props));

  it('while starting: the pending header, the spinner text, every target waiting, the ZIP disabled', () => {
    renderResults({ starting: true });
    expect(screen.getByText('Converting your banner to multiple formats...')).toBeInTheDocument();
    expect(screen.getByText('Converting to 3 format(s)...')).toBeInTheDocument();
    expect(screen.getAllByText('Waiting to process')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Download All as ZIP' })).toBeDisabled();
    expect(within(screen.getByTestId('source-card')).getByText('Original')).toBeInTheDocument();
  });

  it('shows each status with its badge and text, and enables the ZIP only when every target is ready', () => {
    const planned = { framing: 'planned', crop: null, extended: false, kept: { faces: 0, text: 0 } } as const;
    const framings = { 2: planned, 20: planned, 36: planned };
    const { rerender } = renderResults({ results: { 2: 'complete', 20: 'processing', 36: 'failed' }, framings });
    expect(screen.getByText('Some conversions are still being processed...')).toBeInTheDocument();
    expect(within(screen.getByTestId('result-2')).getByText('Ready to download')).toBeInTheDocument();
    expect(within(screen.getByTestId('result-2')).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(within(screen.getByTestId('result-2')).getByRole('img')).toHaveAttribute('src', '/api/preview/r1/2');
    expect(within(screen.getByTestId('result-20')).getByText('Processing...')).toBeInTheDocument();
    expect(within(screen.getByTestId('result-20')).getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(within(screen.getByTestId('result-36')).getByText('Processing failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download All as ZIP' })).toBeDisabled();
    rerender(
      results({ results: { 2: 'complete', 20: 'complete', 36: 'complete' }, framings, analysisPerformed: true }),
    );
    expect(screen.getByText('All conversions have been completed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download All as ZIP' })).toBeEnabled();
    expect(screen.getByText('AI Analysis Successful')).toBeInTheDocument();
  });

  it('says when AI was requested but not performed, and nothing when it was not requested', () => {
    const { unmount } = renderResults({ analysisPerformed: false });
    expect(screen.getByText('Standard Conversion Used')).toBeInTheDocument();
    expect(
      screen.getByText(
        "AI analysis was requested but couldn't be performed. A standard conversion was used instead to preserve your image content.",
      ),
    ).toBeInTheDocument();
    unmount();
    // What the analysis found, from the server's counts.
    const found = renderResults({ analysisPerformed: true, detection: { source: 'models', faces: 1, text: 2 } });
    expect(
      screen.getByText('We found 1 face and 2 lines of text and kept them inside the area each platform shows.'),
    ).toBeInTheDocument();
    found.unmount();
    const fellBack = renderResults({
      analysisPerformed: true,
      detection: { source: 'saliency', faces: 0, text: 0, failure: 'The face model could not load' },
    });
    expect(
      screen.getByText(
        'Face and text detection was unavailable: each format keeps the picture’s most detailed area instead.',
      ),
    ).toBeInTheDocument();
    fellBack.unmount();
    renderResults({ analysisPerformed: null });
    expect(screen.queryByText('Standard Conversion Used')).toBeNull();
    expect(screen.queryByText('AI Analysis Successful')).toBeNull();
  });
});

describe('adjuster rules', () => {
  it('records the largest centred crop of the source format’s shape', () => {
    expect(centredCrop({ width: 1600, height: 500 }, { width: 1500, height: 500 }, 1)).toEqual({
      x: 50,
      y: 0,
      width: 1500,
      height: 500,
      zoom: 1,
    });
    expect(centredCrop({ width: 1000, height: 1000 }, { width: 400, height: 200 }, 1)).toEqual({
      x: 0,
      y: 250,
      width: 1000,
      height: 500,
      zoom: 1,
    });
  });
});

describe('file type in the adjusters', () => {
  it('offers every type, says which targets take WebP, and carries the choice and quality', () => {
    render(<Configure flow={BANNER_FLOW} formats={BANNER_FORMATS} />);
    const group = screen.getByRole('radiogroup', { name: 'File type' });
    expect(within(group).getByRole('radio', { name: 'Auto' })).toBeChecked();
    fireEvent.change(screen.getByLabelText('Source format'), {
      target: { value: String(BANNER_FORMATS.find((f) => f.platform === 'twitter')?.id) },
    });
    fireEvent.click(screen.getAllByRole('checkbox')[0]!); // a target that does not take WebP
    const webp = within(group).getByRole('radio', { name: 'WebP' });
    expect(webp).toBeEnabled();
    expect(within(group).getByText('Used where accepted; Auto for the others')).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('radio', { name: 'JPEG' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Quality' }), { target: { value: '64' } });
    expect(selected().output).toEqual({ type: 'jpeg', quality: 64 });
    fireEvent.click(within(group).getByRole('radio', { name: 'PNG' }));
    expect(screen.queryByRole('slider', { name: 'Quality' })).toBeNull();
  });

  it('shows each finished file with its type and real size', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ResultsStep
          flow={BANNER_FLOW}
          upload={upload}
          fanOut={shownRun({
            targets: [findFormat(20)!, findFormat(2)!],
            framing: 'focus',
            results: { 20: 'complete', 2: 'processing' },
            files: { 20: { type: 'jpeg', quality: 82, size: 212_345, check: null } },
          })}
          onBack={() => undefined}
          onStartOver={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('file-20')).toHaveTextContent('JPEG · 207 KB');
    expect(screen.queryByTestId('file-2')).toBeNull();
    expect(screen.getByTestId('framing-20')).toHaveTextContent('Kept your box');
  });
});
