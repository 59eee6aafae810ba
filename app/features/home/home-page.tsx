import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, useCallback } from 'react';
import { PLATFORMS } from '../../../shared/platforms';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import type { AddressChange } from '../single-image/steps';
import { BANNER_FLOW, PROFILE_FLOW } from '../adjusters/flows';
import { BatchPitch } from '../batch/batch-pitch';
import { HowItWorks } from './how-it-works';
import { ToolLoading } from './tool-loading';
import type { ToolTab } from './tool-tabs';
import {
  NO_ADJUSTER_ADDRESS,
  readAdjusterAddress,
  writeAdjusterAddress,
  type AdjusterAddressChange,
} from '../adjusters/address';

const route = getRouteApi('/');

/**
 * The tools load after the page's heading and tabs are drawn (docs/decisions/0015-first-paint.md):
 * their code is most of the home page's, and a phone on a slow network sees the page sooner.
 */
const SingleImageTool = lazy(() =>
  import('../single-image/single-image-tool').then((module) => ({ default: module.SingleImageTool })),
);
const AdjusterTool = lazy(() =>
  import('../adjusters/adjuster-tool').then((module) => ({ default: module.AdjusterTool })),
);

export function HomePage() {
  const search = route.useSearch();
  const { tab = 'singleImage', upload, request, step, format, frame } = search;
  const navigate = useNavigate({ from: '/' });
  // One function for the page's life, so the tool's effects that call it run only when they must.
  const onSingleAddress = useCallback(
    ({ upload, request, step, frame }: AddressChange, replace: boolean) =>
      void navigate({
        search: (prev) => ({
          ...prev,
          ...(frame !== undefined ? { frame: frame ?? undefined } : {}),
          ...(upload !== undefined ? { upload: upload ?? undefined } : {}),
          ...(request !== undefined ? { request: request ?? undefined } : {}),
          ...(step ? { step } : {}),
        }),
        replace,
        // The tool brings its own card into view on a step change (use-step-scroll.ts).
        resetScroll: false,
      }),
    [navigate],
  );
  const onAdjusterAddress = useCallback(
    (change: AdjusterAddressChange, replace: boolean) =>
      void navigate({
        search: (prev) => ({ ...prev, ...writeAdjusterAddress(change) }),
        replace,
        resetScroll: false,
      }),
    [navigate],
  );
  const adjusterAddress = readAdjusterAddress(search);
  return (
    // Once a tool is past its first step (its card carries data-in-use), the hero steps aside so the
    // tool starts at the top of the page; its heading stays for screen readers.
    <main className="group/home mx-auto max-w-6xl px-4 py-10 has-[[data-in-use]]:py-4">
      <section className="text-center group-has-[[data-in-use]]/home:sr-only">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Social Media Image Resizer</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Upload once and get every size you need, exact to the pixel, for {PLATFORMS.length} social and store
          platforms.
        </p>
      </section>

      <Tabs
        value={tab}
        onValueChange={(value) =>
          void navigate({
            // The adjusters' step and run belong to the tab they were made in.
            search: (prev) => ({ ...prev, ...NO_ADJUSTER_ADDRESS, tab: value as ToolTab }),
            replace: true,
          })
        }
        className="mt-8 group-has-[[data-in-use]]/home:mt-0"
      >
        <div className="flex justify-center">
          <TabsList aria-label="Tools">
            <TabsTrigger value="singleImage">Single Image</TabsTrigger>
            {/* Short names on a phone, so the three tabs fit one row; the full name is the tab's name. */}
            <TabsTrigger value="bannerAdjuster" aria-label="Banner Adjuster">
              Banner<span className="hidden sm:inline"> Adjuster</span>
            </TabsTrigger>
            <TabsTrigger value="profileAdjuster" aria-label="Profile Picture Adjuster">
              Profile<span className="hidden sm:inline"> Picture Adjuster</span>
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="singleImage">
          <ToolLoading>
            <SingleImageTool
              uploadId={upload ?? null}
              requestId={request ?? null}
              step={step ?? null}
              frame={frame}
              formatId={format}
              onAddress={onSingleAddress}
            />
          </ToolLoading>
        </TabsContent>
        <TabsContent value="bannerAdjuster">
          <ToolLoading>
            <AdjusterTool flow={BANNER_FLOW} address={adjusterAddress} onAddress={onAdjusterAddress} />
          </ToolLoading>
        </TabsContent>
        <TabsContent value="profileAdjuster">
          <ToolLoading>
            <AdjusterTool flow={PROFILE_FLOW} address={adjusterAddress} onAddress={onAdjusterAddress} />
          </ToolLoading>
        </TabsContent>
      </Tabs>

      <HowItWorks />

      <BatchPitch className="mt-16" />
    </main>
  );
}
