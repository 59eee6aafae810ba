import { describe, expect, it } from 'vitest';
import { pageHtml, splitHead } from '../../scripts/prerender';
import { platformSlug } from '../../shared/platform-slugs';
import { PLATFORMS } from '../../shared/platforms';
import {
  APP_PAGES,
  isAppPage,
  NOT_FOUND_ASSET,
  NOT_FOUND_DRAWN_FROM,
  PRERENDERED_PAGES,
  prerenderedAsset,
} from '../../shared/pages';

const TEMPLATE =
  '<html><head><title>Default</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

describe('pages drawn ahead of time', () => {
  it('puts the page’s title and description in the head, marked for the app to replace, and the page in #root', () => {
    const rendered =
      '<title>Help Center | Social Resizer</title><meta name="description" content="Answers."/><main><h1>Help Center</h1></main>';
    expect(splitHead(rendered).body).toBe('<main><h1>Help Center</h1></main>');
    expect(pageHtml(TEMPLATE, rendered)).toBe(
      '<html><head><title data-prerendered="">Help Center | Social Resizer</title><meta data-prerendered="" name="description" content="Answers."/><script type="module" src="/assets/index.js"></script></head><body><div id="root"><div inert style="display:contents"><main><h1>Help Center</h1></main></div></div></body></html>',
    );
    expect(() => pageHtml('<html></html>', rendered)).toThrow(/no <title>/);
  });

  it('draws only pages the app has, and names each one’s file', () => {
    for (const path of PRERENDERED_PAGES) expect(isAppPage(path), path).toBe(true);
    expect(prerenderedAsset('/')).toBe('/pages/home');
    expect(prerenderedAsset('/help/')).toBe('/pages/help');
    // The formats guide, every platform's page with it, is the same for everyone.
    for (const platform of PLATFORMS)
      expect(prerenderedAsset(`/formats/${platformSlug(platform)}`)).toBe(`/pages/formats/${platformSlug(platform)}`);
    expect(prerenderedAsset('/formats')).toBe('/pages/formats');
    // Pages only for someone signed in, or about one image, are never drawn ahead.
    for (const path of ['/account', '/checkout', '/checkout/x', '/admin', '/outbox', '/nope', '/formats/nope'])
      expect(prerenderedAsset(path), path).toBeNull();
    expect(APP_PAGES.length).toBeGreaterThan(PRERENDERED_PAGES.filter((p) => !/^\/(blog|formats)\//.test(p)).length);
  });

  it('draws "Page not found" from an address no page has, into a file no page is drawn to', () => {
    expect(isAppPage(NOT_FOUND_DRAWN_FROM)).toBe(false);
    expect(PRERENDERED_PAGES.map((path) => prerenderedAsset(path))).not.toContain(NOT_FOUND_ASSET);
  });
});
