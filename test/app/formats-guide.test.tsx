import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormatSummary } from '../../app/features/single-image/format-summary';
import { byteCapText } from '../../app/features/formats-guide/format-facts';
import { checkedMonth, CONFIDENCE_WORDS } from '../../app/features/tool-kit/format-provenance';
import { findFormatByName, PLATFORM_FORMATS } from '../../shared/formats';
import { isAppPage } from '../../shared/pages';
import { platformOfSlug, platformSlug } from '../../shared/platform-slugs';
import { platformName, PLATFORMS } from '../../shared/platforms';
import { json, mockApi, renderApp } from './render-app';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});
const signedOut = { 'GET /api/session': json({ user: null }) };

describe('the formats guide', () => {
  it('lists every platform with its number of sizes, each linked to its page', async () => {
    mockApi(signedOut);
    renderApp('/formats');
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(PLATFORMS.length);
    for (const platform of PLATFORMS) {
      const count = PLATFORM_FORMATS.filter((f) => f.platform === platform).length;
      const link = within(list).getByRole('link', { name: new RegExp(`^${escape(platformName(platform))}`) });
      expect(link).toHaveAttribute('href', `/formats/${platformSlug(platform)}`);
      expect(link).toHaveTextContent(`${count} ${count === 1 ? 'size' : 'sizes'}`);
    }
    await waitFor(() => expect(document.title).toBe('Social media image sizes | Social Resizer'));
  });

  it.each(PLATFORMS.map((p) => [platformSlug(p), p] as const))(
    '/formats/%s lists every one of its sizes with its rules, source and a link to the tool with it chosen',
    async (slug, platform) => {
      mockApi(signedOut);
      renderApp(`/formats/${slug}`);
      const name = platformName(platform);
      expect(await screen.findByRole('heading', { level: 1, name: `${name} image sizes` })).toBeInTheDocument();
      const formats = PLATFORM_FORMATS.filter((f) => f.platform === platform);
      const cards = document.querySelectorAll('[data-format-id]');
      expect([...cards].map((card) => Number(card.getAttribute('data-format-id')))).toEqual(
        expect.arrayContaining(formats.map((f) => f.id)),
      );
      expect(cards).toHaveLength(formats.length);
      for (const format of formats) {
        const card = within(document.querySelector<HTMLElement>(`[data-format-id="${format.id}"]`)!);
        card.getByRole('heading', { name: format.description });
        card.getByText(`${format.width} × ${format.height} px`);
        card.getByText(format.aspectRatio);
        card.getByText(CONFIDENCE_WORDS[format.confidence]);
        expect(card.getByText(/^checked /).textContent).toContain(`checked ${checkedMonth(format.checked)}`);
        if (format.source.url) {
          const source = card.getByRole('link', { name: `${format.source.name} (opens in a new tab)` });
          expect(source).toHaveAttribute('href', format.source.url);
          expect(source).toHaveAttribute('target', '_blank');
          expect(source.getAttribute('rel')).toContain('noopener');
        }
        const tool = card.getByRole('link', { name: new RegExp(`^Resize to ${format.width} × ${format.height}`) });
        expect(new URL(tool.getAttribute('href')!, 'http://x').searchParams.get('format')).toBe(String(format.id));
      }
      await waitFor(() => expect(document.title).toBe(`${name} image sizes | Social Resizer`));
      expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `/formats/${slug}`);
      expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${name} image sizes | Social Resizer`,
      );
    },
  );

  it('answers an unknown platform with the page not found', async () => {
    mockApi(signedOut);
    renderApp('/formats/nope');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(isAppPage('/formats/nope')).toBe(false);
    expect(isAppPage('/formats/linkedin/more')).toBe(false);
    expect(platformOfSlug('nope')).toBeUndefined();
  });

  it('names each platform by a slug that leads back to it', () => {
    for (const platform of PLATFORMS) {
      const slug = platformSlug(platform);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(platformOfSlug(slug)).toBe(platform);
      expect(isAppPage(`/formats/${slug}`)).toBe(true);
    }
    expect(platformSlug('google play store')).toBe('google-play-store');
  });
});

describe('provenance on the chosen format', () => {
  it('shows when the size was checked and links its source in a new tab', () => {
    const format = PLATFORM_FORMATS.find((f) => f.source.url)!;
    render(<FormatSummary format={format} onChange={() => undefined} />);
    const line = screen.getByTestId('format-provenance');
    expect(line).toHaveTextContent(`checked ${checkedMonth(format.checked)} · ${format.source.name}`);
    const link = within(line).getByRole('link');
    expect(link).toHaveAttribute('href', format.source.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('names a source without an address as text', () => {
    const format = { ...findFormatByName('linkedin', 'banner')!, source: { name: 'Several guides', url: null } };
    render(<FormatSummary format={format} onChange={() => undefined} />);
    expect(screen.getByTestId('format-provenance')).toHaveTextContent(/checked .* · Several guides$/);
    expect(within(screen.getByTestId('format-provenance')).queryByRole('link')).toBeNull();
  });

  it('words the month a size was checked', () => {
    expect(checkedMonth('2026-11')).toBe('Nov 2026');
    expect(checkedMonth('2025-01')).toBe('Jan 2025');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('file-size caps as the platforms publish them', () => {
  it('reads a cap as it was published: in kilobytes of 1,000 where decimal, of 1,024 where binary', () => {
    expect(byteCapText({ maxBytes: 1_000_000 })).toBe('At most 1 MB');
    expect(byteCapText({ maxBytes: 100_000 })).toBe('At most 100 KB');
    expect(byteCapText({ maxBytes: 60_000 })).toBe('At most 60 KB');
    expect(byteCapText({ maxBytes: 8 * 1024 * 1024 })).toBe('At most 8 MB');
    expect(byteCapText({ maxBytes: 256 * 1024 })).toBe('At most 256 KB');
    expect(byteCapText({ maxBytes: null })).toBe('No published limit');
  });
});
