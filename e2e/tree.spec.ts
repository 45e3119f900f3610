// The tree on a phone: no node or label under its zoom buttons, keys inside their circles, and a
// zoomed-out tree that still names its pages and some keys at the least text size.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Per tree: nodes and labels under a zoom button, labels drawn, their least size, overflows. */
async function measureTrees(page: Page) {
  // Two frames: the tree draws in the frame after a change.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return page.locator('svg[data-testid^="tree-"]').evaluateAll((svgs) =>
    svgs.map((svg) => {
      const buttons = [...(svg.parentElement?.querySelectorAll('.zoom-button') ?? [])]
        .map((button) => button.getBoundingClientRect())
        .filter((box) => box.width > 0);
      const under = (box: DOMRect) =>
        buttons.some(
          (b) =>
            box.left < b.right && box.right > b.left && box.top < b.bottom && box.bottom > b.top,
        );
      const nodes = [...svg.querySelectorAll('g.tv-node')];
      const texts = [...svg.querySelectorAll('g.tv-node text, text.tv-page-label')].filter(
        (text) => (text.textContent ?? '') !== '',
      );
      // A key inside its node: its glyphs' box within the circle's (the label's own class says
      // it stands beside the node instead).
      const overflowing = nodes.filter((node) => {
        const text = node.querySelector('text');
        const circle = node.querySelector('circle');
        if (
          text === null ||
          circle === null ||
          !text.textContent ||
          text.classList.contains('tv-side')
        )
          return false;
        const t = text.getBoundingClientRect();
        const c = circle.getBoundingClientRect();
        return t.width > c.width - 2;
      });
      return {
        id: svg.getAttribute('data-testid') ?? '',
        buttons: buttons.length,
        nodes: nodes.length,
        nodesUnder: nodes
          .filter((node) =>
            under(node.querySelector('circle')?.getBoundingClientRect() ?? new DOMRect()),
          )
          .map((node) => node.getAttribute('data-slot') ?? node.getAttribute('data-node')),
        labelsUnder: texts
          .filter((text) => under(text.getBoundingClientRect()))
          .map((t) => t.textContent),
        keys: nodes.filter((node) => (node.querySelector('text')?.textContent ?? '') !== '').length,
        pageNames: svg.querySelectorAll('text.tv-page-label:not(:empty)').length,
        least: Math.min(...texts.map((text) => Number.parseFloat(getComputedStyle(text).fontSize))),
        overflowing: overflowing.length,
      };
    }),
  );
}

test.describe('the tree on a phone', () => {
  test('lays its nodes out clear of the zoom buttons, zoomed in or out, keys inside their circles', async ({
    page,
  }) => {
    await page.goto('./?tour=off');
    await expect(page.getByTestId('zoom-out-left')).toBeVisible();
    for (const trees of [await measureTrees(page)]) {
      for (const tree of trees) {
        expect(tree.buttons, `${tree.id} has its zoom buttons`).toBe(2);
        expect(tree.nodesUnder, `${tree.id}: nodes under a zoom button`).toEqual([]);
        expect(tree.labelsUnder, `${tree.id}: labels under a zoom button`).toEqual([]);
        expect(tree.keys, `${tree.id} labels its nodes`).toBeGreaterThan(0);
        expect(tree.overflowing, `${tree.id}: keys wider than their circles`).toBe(0);
        expect(tree.least).toBeGreaterThanOrEqual(11);
      }
    }
    // Zoomed out to the limit: every node drawn small, still clear of the buttons and labelled.
    for (let press = 0; press < 3; press++) await page.getByTestId('zoom-out-left').click();
    const left = (await measureTrees(page)).find((tree) => tree.id === 'tree-left');
    expect(left?.nodesUnder).toEqual([]);
    expect(left?.labelsUnder).toEqual([]);
    expect(left?.pageNames, 'a zoomed-out tree names its pages').toBeGreaterThanOrEqual(2);
    expect(left?.keys, 'a zoomed-out tree writes some keys').toBeGreaterThan(0);
    expect(left?.least).toBeGreaterThanOrEqual(11);
  });

  test('keeps three-digit keys inside their circles on a 255-item heap', async ({ page }) => {
    // Step 3,000: the heap is built (255 keys of up to three digits) and being emptied.
    await page.goto('./?tour=off&items=255&step=3000');
    await expect(page.getByTestId('tree-left')).toHaveAttribute('data-size', /\d+/);
    for (const tree of await measureTrees(page)) {
      expect(tree.overflowing, `${tree.id}: keys wider than their circles`).toBe(0);
      expect(tree.nodesUnder, `${tree.id}: nodes under a zoom button`).toEqual([]);
      if (tree.keys > 0) expect(tree.least).toBeGreaterThanOrEqual(11);
    }
  });
});
