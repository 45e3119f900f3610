// What a screen must show, measured in the page: nothing wider than the screen, the trees' nodes
// on screen, every label readable (the DOM's text and the sizes the canvas grids report), no two
// texts on top of each other, and touch targets a finger can hit.
import type { Page } from '@playwright/test';

export interface LayoutFindings {
  overflow: string[];
  offscreenNodes: string[];
  smallText: string[];
  overlaps: string[];
  smallTargets: string[];
  /** How many tree nodes and labels were seen (a check that saw nothing checked nothing). */
  seen: { nodes: number; texts: number };
}

/**
 * Measures the page as it is on screen. `least` is the least text size (11 px, 18 presenting);
 * `touch` asks for 44 x 44 px targets; `trees` says whether the scene shows trees at all.
 */
export async function measureLayout(
  page: Page,
  options: { least: number; touch: boolean; trees: boolean },
): Promise<LayoutFindings> {
  return page.evaluate(({ least, touch, trees }) => {
    const findings = {
      overflow: [] as string[],
      offscreenNodes: [] as string[],
      smallText: [] as string[],
      overlaps: [] as string[],
      smallTargets: [] as string[],
      seen: { nodes: 0, texts: 0 },
    };
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const describe = (element: Element): string =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}" testid="${
        element.closest('[data-testid]')?.getAttribute('data-testid') ?? ''
      }">`;
    /** The part of `rect` its ancestors do not clip (overflow other than visible), or null. */
    const unclipped = (element: Element, rect: DOMRect): DOMRect | null => {
      let left = Math.max(0, rect.left);
      let top = Math.max(0, rect.top);
      let right = Math.min(vw, rect.right);
      let bottom = Math.min(vh, rect.bottom);
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = at.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return right - left > 0.5 && bottom - top > 0.5
        ? new DOMRect(left, top, right - left, bottom - top)
        : null;
    };
    const visible = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0) return false;
      if (rect.bottom <= 0 || rect.top >= vh || rect.right <= 0 || rect.left >= vw) return false;
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        if (Number(style.opacity) === 0) return false;
        if (at.classList.contains('visually-hidden')) return false;
      }
      return true;
    };

    // 1. Nothing wider than the screen.
    if (document.documentElement.scrollWidth > vw + 1)
      findings.overflow.push(
        `the document is ${document.documentElement.scrollWidth} px wide in ${vw}`,
      );

    // 2. The trees' nodes on screen (the ones drawn: a focus tree draws only what it shows).
    if (trees) {
      // A whole or focus tree's nodes are circles; a large heap's path view draws pills.
      for (const node of document.querySelectorAll(
        '.tv-svg .tv-node circle:first-child, .tv-svg .tv-path-node rect',
      )) {
        const svg = node.closest('svg');
        if (svg === null || !visible(svg)) continue;
        const rect = node.getBoundingClientRect();
        // A node in a hidden group (the path view when the tree shows) has no box.
        if (rect.width === 0 || rect.height === 0) continue;
        const box = svg.getBoundingClientRect();
        findings.seen.nodes++;
        const inside =
          rect.left >= Math.max(0, box.left) - 1 &&
          rect.right <= Math.min(vw, box.right) + 1 &&
          rect.top >= Math.max(0, box.top) - 1 &&
          rect.bottom <= Math.min(vh, box.bottom) + 1;
        if (!inside) {
          const holder = node.parentElement;
          findings.offscreenNodes.push(
            `${svg.getAttribute('data-testid')} member ${holder?.getAttribute('data-slot') ?? holder?.getAttribute('data-node')} at ${Math.round(rect.left)},${Math.round(rect.top)}`,
          );
        }
      }
    }

    // 3. Every visible text at the least size or more, and 4. no two texts overlapping.
    const boxes: { rect: DOMRect; element: Element; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      const content = text.textContent?.trim() ?? '';
      const parent = text.parentElement;
      if (content === '' || parent === null) continue;
      if (parent.closest('option, title, script, style, dialog:not([open])') !== null) continue;
      if (!visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      // Line by line: a caption of three lines may show two and have one under the transport.
      let shown = false;
      for (const line of range.getClientRects()) {
        if (line.width <= 0 || line.height <= 0) continue;
        // What shows of it: a panel that scrolls or clips hides the rest.
        const rect = unclipped(parent, line);
        if (rect === null) continue;
        // Covered by something drawn over it (the transport fixed at a phone's bottom, a tour's
        // figure held at the top while its scenes scroll under it): not seen, so not checked.
        const top = document.elementFromPoint(
          rect.left + rect.width / 2,
          rect.top + rect.height / 2,
        );
        if (top !== null && top !== parent && !parent.contains(top) && !top.contains(parent))
          continue;
        shown = true;
        boxes.push({ rect, element: parent, text: content });
      }
      if (!shown) continue;
      findings.seen.texts++;
      const size = Number.parseFloat(getComputedStyle(parent).fontSize);
      if (size < least - 0.05)
        findings.smallText.push(
          `${size.toFixed(1)} px: "${content.slice(0, 40)}" in ${describe(parent)}`,
        );
    }
    // The canvas grids' numbers: the sizes they report drawing at.
    for (const grid of document.querySelectorAll<HTMLElement>('[data-testid^="page-grid-"]')) {
      if (!visible(grid)) continue;
      for (const key of ['rankPx', 'labelPx'] as const) {
        const px = Number(grid.dataset[key] ?? '0');
        if (px > 0 && px < least - 0.05)
          findings.smallText.push(`${px} px canvas ${key} in ${grid.dataset.testid}`);
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        // Glyph boxes of neighbouring lines touch: a real overlap covers part of a letter.
        if (w > 2 && h > 3)
          findings.overlaps.push(`"${a.text.slice(0, 30)}" and "${b.text.slice(0, 30)}"`);
      }
    }

    // 5. Touch targets of 44 x 44 px.
    if (touch) {
      const targets = document.querySelectorAll(
        'button, select, input:not([type="hidden"]), summary, a[href], [role="tab"], [role="radio"]',
      );
      for (const target of targets) {
        if (!visible(target)) continue;
        const rect = target.getBoundingClientRect();
        if (rect.width < 43.5 || rect.height < 43.5)
          findings.smallTargets.push(
            `${Math.round(rect.width)}x${Math.round(rect.height)} ${describe(target)} "${(target.textContent ?? '').trim().slice(0, 20)}"`,
          );
      }
    }
    return findings;
  }, options);
}

/**
 * Numbers of four digits or more shown without their thousands separators ("1954 pages" where
 * the page writes "1,954"), in every text on screen, the charts' SVG text included (empty:
 * none). What one copies or quotes keeps its own digits: code, command lines' arguments
 * ("--keys 2147483648"), a quotation of the article, a date and a year ("In 2009", a citation's "…, 2010)"); a decimal's
 * fraction and a name with its digits ("p1953") are no counts.
 */
export async function ungroupedNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const shown = (element: Element): boolean => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0) return false;
      if (rect.bottom <= 0 || rect.top >= innerHeight) return false;
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
      }
      return true;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      if (element === null || element.closest('code, pre, kbd, script, style, .visually-hidden'))
        continue;
      if (!shown(element)) continue;
      const text = (node.textContent ?? '')
        .replace(/"[^"]*"|“[^”]*”/g, '')
        .replace(/--[\w-]+[ =][\d,.:x]+/g, '')
        .replace(/\b\d{4}-\d\d-\d\d(T[\d:.]+Z?)?/g, '')
        .replace(/\b(in|In|since|Since|of|year) (19|20)\d\d\b/g, '')
        .replace(/, (19|20)\d\d\)/g, ')');
      for (const match of text.matchAll(/(?<![\d.,\w])\d{4,}(?![\d\w])/g)) {
        const at = match.index ?? 0;
        found.push(
          `"${match[0]}" in <${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">: …${text.slice(Math.max(0, at - 30), at + 20)}…`,
        );
      }
    }
    return found;
  });
}
