import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA rules and
 * axe's best practices), one line each with the elements it found. Injected through the DevTools
 * protocol, so the site's Content-Security-Policy stays as it is.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // The toasts on screen stay as they are while axe measures: Radix pauses their timers while the
  // window is out of focus, so none starts to fade out mid-run (one shown at the upload, 3 s, can
  // end just as a quick flow reaches its next step's check).
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  try {
    await animationsSettled(page);
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
        }
      ).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations;
    });
    return listed(violations);
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }
}

/** One line for each serious or critical violation, with up to five of the elements it found. */
function listed(violations: Violation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** Fails with axe's serious and critical findings on the page in its current state (`where` names it). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/**
 * Waits for the page's colour changes to end: measured mid-fade, a button's or tab's colours after a
 * scheme switch, or a toast fading in or out, are neither state's and fail the contrast check at
 * random. Endless animations (a spinner) are left running. New styles apply on the next frame, so
 * that is when the transitions to wait for have started.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Switches the page to a colour scheme and waits for the colour changes it starts. */
export async function switchColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await animationsSettled(page);
}

/**
 * The page's state in both colour schemes: `expectAccessible` in light, then in dark (the site follows
 * the system's scheme), back to light.
 */
export async function expectAccessibleInBothSchemes(page: Page, where: string): Promise<void> {
  await switchColorScheme(page, 'light');
  await expectAccessible(page, `${where} (light)`);
  await switchColorScheme(page, 'dark');
  await expectAccessible(page, `${where} (dark)`);
  await switchColorScheme(page, 'light');
}
