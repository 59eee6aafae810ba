import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a phone user would see as broken, measured in the page: the page scrolling sideways, an
 * element sticking out of the screen, and two elements drawn over each other. Elements are the ones
 * people read or touch (headings, text, links, buttons, fields, images, tabs), each clipped to the
 * scrolling or clipping boxes around it; fixed and sticky layers (header, toasts, the step's action
 * bar) float over content by design and are left out. An element and one inside it never count
 * as overlapping. Tab lists and the step indicator keep to one row, a button's or a short label's
 * words to one line, and fields are wide enough to read.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${width} px`);

    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}> "${text}"`;
    };
    const floats = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    };
    type Box = { left: number; top: number; right: number; bottom: number };
    /** The element's boxes (one per line for wrapped inline text), clipped by the boxes around it. */
    const visibleBoxes = (el: Element): Box[] => {
      const clips: Box[] = [];
      for (let node = el.parentElement; node && node !== root; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push(node.getBoundingClientRect());
      }
      return Array.from(el.getClientRects())
        .map((r) =>
          clips.reduce(
            (box, c) => ({
              left: Math.max(box.left, c.left),
              top: Math.max(box.top, c.top),
              right: Math.min(box.right, c.right),
              bottom: Math.min(box.bottom, c.bottom),
            }),
            { left: r.left, top: r.top, right: r.right, bottom: r.bottom } as Box,
          ),
        )
        .filter((box) => box.right - box.left > 1 && box.bottom - box.top > 1);
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };

    const selector = 'h1, h2, h3, h4, p, a, button, input, select, textarea, img, canvas, [role="tab"], dt, dd';
    const items = Array.from(document.querySelectorAll(selector))
      .filter((el) => shown(el) && !floats(el))
      .map((el) => ({ el, boxes: visibleBoxes(el) }))
      .filter((item) => item.boxes.length > 0);

    for (const { el, boxes } of items) {
      const left = Math.min(...boxes.map((b) => b.left));
      const right = Math.max(...boxes.map((b) => b.right));
      if (right > width + 0.5 || left < -0.5)
        problems.push(`${describe(el)} sticks out of the screen (${Math.round(left)}..${Math.round(right)})`);
    }
    const overlaps = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!;
        const b = items[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        // Layers drawn over each other by design (the quality's before and after, split by a handle).
        const layers = a.el.closest('[data-layers]');
        if (layers && layers === b.el.closest('[data-layers]')) continue;
        if (a.boxes.some((x) => b.boxes.some((y) => overlaps(x, y))))
          problems.push(`${describe(a.el)} overlaps ${describe(b.el)}`);
      }
    }
    // Controls read as one row: tabs, the step indicator, and a button's or tab's own label.
    for (const list of Array.from(document.querySelectorAll('[role="tablist"], ol[aria-label="Progress"]'))) {
      const rows = new Set(
        Array.from(list.children)
          .filter((child) => shown(child))
          .map((child) => Math.round(child.getBoundingClientRect().top)),
      );
      if (rows.size > 1) problems.push(`${describe(list)} wraps over ${rows.size} rows`);
    }
    for (const el of Array.from(document.querySelectorAll('button, [role="tab"], label'))) {
      // A short label of one run of text (a card-like button with blocks inside has lines by design).
      const text = Array.from(el.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (el.tagName === 'LABEL' && (text.length === 0 || text.length > 24)) continue;
      if (
        !shown(el) ||
        (el.tagName !== 'LABEL' &&
          Array.from(el.querySelectorAll('*')).some((child) => getComputedStyle(child).display !== 'inline'))
      )
        continue;
      const range = document.createRange();
      // A label's own words (the field inside it is on its own line by design).
      const words =
        el.tagName === 'LABEL'
          ? Array.from(el.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
          : el;
      if (!words) continue;
      range.selectNodeContents(words);
      const lines = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.bottom)),
      );
      if (lines.size > 1) problems.push(`${describe(el)}'s label wraps over ${lines.size} lines`);
    }
    // Fields wide enough to read what is chosen or typed.
    for (const el of Array.from(
      document.querySelectorAll(
        'select, input[type="text"], input[type="email"], input[type="search"], input[type="password"], textarea',
      ),
    )) {
      if (!shown(el) || floats(el)) continue;
      const fieldWidth = el.getBoundingClientRect().width;
      if (fieldWidth < Math.min(160, width / 2))
        problems.push(`${describe(el)} is only ${Math.round(fieldWidth)} px wide`);
    }
    return problems;
  });
}

/**
 * Text that does not stand out from what is behind it: every visible text element (not disabled)
 * whose colour has a WCAG contrast ratio under `minimum` against the first opaque background
 * behind it (parents' backgrounds; images and gradients behind text are not judged).
 */
export function lowContrastText(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((minimum) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    /** Any CSS colour as sRGB 0..255 and alpha 0..1, through the canvas (which reads oklch too). */
    const rgba = (color: string): [number, number, number, number] => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = color;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const background = (el: Element): number[] | null => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const color = rgba(style.backgroundColor);
        if (color[3] > 0.9) return color;
      }
      return rgba(getComputedStyle(document.body).backgroundColor);
    };
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll('h1, h2, h3, p, a, button, label, li, dt, dd, span'))) {
      const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own || el.closest('[disabled], [aria-disabled="true"], .sr-only')) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width < 2 || rect.height < 2 || style.visibility === 'hidden' || Number(style.opacity) < 0.5) continue;
      const back = background(el);
      if (!back) continue;
      const fore = rgba(style.color);
      const [l1, l2] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
      const ratio = (l1! + 0.05) / (l2! + 0.05);
      if (ratio < minimum)
        problems.push(
          `"${(el.textContent ?? '').trim().slice(0, 30)}" at ${ratio.toFixed(2)}:1 (${style.color} on rgb(${back.slice(0, 3).join(', ')}))`,
        );
    }
    return problems;
  }, minimum);
}

/** Whether the element is whole on the screen as it is now (no scrolling). */
export async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}

/**
 * Why `target` is not wholly on screen (null when it is): under the sticky header, under the step's
 * sticky action bar (unless inside it), past an edge of the viewport, or under a notification.
 */
export async function offScreen(target: Locator): Promise<string | null> {
  return target.first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    let bottom = window.innerHeight;
    for (const bar of Array.from(document.querySelectorAll<HTMLElement>('.sticky.bottom-0'))) {
      if (!bar.contains(el) && bar.getBoundingClientRect().height > 0)
        bottom = Math.min(bottom, bar.getBoundingClientRect().top);
    }
    const where = `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    if (box.width < 1 || box.height < 1) return `not shown (${where})`;
    if (box.top < header.bottom - 1) return `under the header (${where}, header ends at ${Math.round(header.bottom)})`;
    if (box.bottom > bottom + 1) return `below ${Math.round(bottom)} (${where})`;
    if (box.left < -1 || box.right > window.innerWidth + 1) return `off the side (${where})`;
    for (const toast of Array.from(document.querySelectorAll('.toast'))) {
      const t = toast.getBoundingClientRect();
      if (t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom)
        return `under a notification (${where}): "${(toast.textContent ?? '').trim().slice(0, 40)}"`;
    }
    return null;
  });
}

/** Each of `targets` is on the first screen, once the step's scroll has settled. */
export async function expectOnScreen(where: string, targets: Record<string, Locator>): Promise<void> {
  for (const [name, target] of Object.entries(targets)) {
    await target.first().waitFor();
    await expect.poll(() => offScreen(target), { timeout: 5_000, message: `${where}: ${name}` }).toBeNull();
  }
}
