// What a tree draws stays in its box: on a phone upright and sideways, a laptop and a projector,
// the article's run in the lab (the path view of a million-item heap, under a resident strip two
// rows tall) and the phone's tour scenes. The layout journeys measure boxes; an svg draws past
// its own (overflow: visible), and here the lower row of the binary heap's path (slots 4-7) lay
// over the side's sentence beneath it on a 390 x 844 phone. So what is measured is what the svg
// draws: every shape and text in it, stroke included, against the svg's box and the side's
// sentence.
import type { Page } from '@playwright/test';
import { ARTICLE_RUN_LINK } from '../src/core/scenario/presets';
import { expect, test } from './fixtures';

interface Screen {
  name: string;
  width: number;
  height: number;
  phone: boolean;
  /** Presenter mode (F): labels of 18 px, the path's nodes and rows with them. */
  presenting?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'phone-390x844', width: 390, height: 844, phone: true },
  { name: 'phone-844x390', width: 844, height: 390, phone: true },
  { name: '1280x720', width: 1280, height: 720, phone: false },
  { name: '1024x768', width: 1024, height: 768, phone: false },
  { name: 'presenter-1280x720', width: 1280, height: 720, phone: false, presenting: true },
];

/** The lab at the article's run (operation 2,000,001, a pop), as the presets' menu opens it. */
const ARTICLE_LAB = `/?${ARTICLE_RUN_LINK}&tour=off`;

interface View {
  name: string;
  link: string;
  /** Steps taken after it loads, each measured. */
  steps: number;
  /** The operation label once the link's step shows (a million-item run records first). */
  at?: RegExp;
}

/** At operation 2,000,001: its first event, the pop from the root. */
const ARTICLE_OP = /^op 2,000,001 \//;

/** Views checked on every screen, then on the phones only (the tour there is read as a story). */
const VIEWS: View[] = [{ name: 'the article’s run', link: ARTICLE_LAB, steps: 3, at: ARTICLE_OP }];
const PHONE_VIEWS: View[] = [
  { name: 'scene 2', link: '/?tour=2', steps: 0 },
  { name: 'scene 4', link: '/?tour=4', steps: 0 },
  { name: 'scene 12', link: '/?tour=12', steps: 0, at: ARTICLE_OP },
  { name: '255 items', link: '/?tour=off&items=255&page=8&frames=8&op=300', steps: 0 },
  // The lab's 97 px tree: a focus tree whose last level reaches the box's bottom.
  { name: '48 items', link: '/?tour=off&items=48&page=8&frames=4&step=40', steps: 2 },
];

/** What one tree draws, against its box and its side's sentence. */
interface TreeDrawn {
  id: string;
  /** Shapes and texts measured (a check that saw nothing checked nothing). */
  seen: number;
  box: { top: number; bottom: number; left: number; right: number };
  /** The union of what it draws. */
  extent: { top: number; bottom: number; left: number; right: number } | null;
  /** Drawn past the box by more than a pixel: what, and by how much. */
  past: string[];
  /** Drawn over the side's sentence. */
  overSentence: string[];
}

/** Measures every tree with a box: each shape and text it draws, its stroke counted. */
function treesDrawn(page: Page): Promise<TreeDrawn[]> {
  return page.evaluate(() => {
    const SLACK = 1;
    const trees: TreeDrawn[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg[data-testid^="tree-"]')) {
      const box = svg.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) continue;
      const id = svg.getAttribute('data-testid') ?? '';
      const side = id.replace('tree-', '');
      const sentence = document.querySelector(`[data-testid="side-narration-${side}"]`);
      const sentenceBox =
        sentence !== null && sentence.getClientRects().length > 0
          ? sentence.getBoundingClientRect()
          : null;
      const drawn: TreeDrawn = {
        id,
        seen: 0,
        box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
        extent: null,
        past: [],
        overSentence: [],
      };
      const shapes = svg.querySelectorAll(
        'circle, ellipse, rect, line, path, polyline, polygon, text',
      );
      for (const shape of shapes) {
        // Definitions are not drawn; a zoomed list's window is clipped to its region.
        if (shape.closest('defs, clipPath, marker, mask, pattern, title, [clip-path]') !== null)
          continue;
        const rect = shape.getBoundingClientRect();
        if (rect.width <= 0 && rect.height <= 0) continue;
        const style = getComputedStyle(shape);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        const half =
          style.stroke === 'none' || shape.tagName === 'text'
            ? 0
            : (Number.parseFloat(style.strokeWidth) || 0) / 2;
        const top = rect.top - half;
        const bottom = rect.bottom + half;
        const left = rect.left - half;
        const right = rect.right + half;
        drawn.seen++;
        const e = drawn.extent;
        drawn.extent =
          e === null
            ? { top, bottom, left, right }
            : {
                top: Math.min(e.top, top),
                bottom: Math.max(e.bottom, bottom),
                left: Math.min(e.left, left),
                right: Math.max(e.right, right),
              };
        const holder = shape.closest('[data-slot], [data-node]');
        const what = `${shape.tagName}${holder === null ? '' : ` of ${holder.hasAttribute('data-slot') ? 'slot' : 'node'} ${holder.getAttribute('data-slot') ?? holder.getAttribute('data-node')}`}${shape.tagName === 'text' ? ` "${(shape.textContent ?? '').slice(0, 24)}"` : ''}`;
        const beyond = [
          ['top', box.top - top],
          ['bottom', bottom - box.bottom],
          ['left', box.left - left],
          ['right', right - box.right],
        ] as const;
        for (const [edge, by] of beyond) {
          if (by > SLACK) drawn.past.push(`${what} past its ${edge} by ${by.toFixed(1)} px`);
        }
        if (sentenceBox !== null) {
          const w = Math.min(right, sentenceBox.right) - Math.max(left, sentenceBox.left);
          const h = Math.min(bottom, sentenceBox.bottom) - Math.max(top, sentenceBox.top);
          if (w > SLACK && h > SLACK) drawn.overSentence.push(`${what} over the side's sentence`);
        }
      }
      trees.push(drawn);
    }
    return trees;
  });
}

/** Waits until the view is drawn: nothing preparing, both trees drawn, two frames on. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
  await expect(page.locator('svg[data-testid^="tree-"][data-mode-view]').first()).toBeAttached();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** What one view's trees draw past their boxes or over their sentences (empty: nothing). */
function problemsOf(at: string, trees: TreeDrawn[]): string[] {
  if (trees.length === 0) return [`${at}: no tree with a box`];
  const px = (value: number) => Math.round(value);
  return trees.flatMap((tree) => {
    const { box, extent } = tree;
    if (tree.seen === 0 || extent === null) return [`${at}: ${tree.id} draws nothing`];
    const where = `draws ${px(extent.left)}–${px(extent.right)} x ${px(extent.top)}–${px(extent.bottom)} px in its box of ${px(box.left)}–${px(box.right)} x ${px(box.top)}–${px(box.bottom)} px`;
    return [
      ...(tree.past.length > 0
        ? [
            `${at}: ${tree.id} ${where}: ${tree.past.length} past it (${tree.past.slice(0, 3).join('; ')})`,
          ]
        : []),
      ...(tree.overSentence.length > 0
        ? [
            `${at}: ${tree.id}: ${tree.overSentence.length} over its sentence (${tree.overSentence.slice(0, 3).join('; ')})`,
          ]
        : []),
    ];
  });
}

/** Every layout shift from the page's first script on, summed (issue 34's CLS). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { bheapShiftTotal: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function shiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { bheapShiftTotal: { total: number } }).bheapShiftTotal.total,
  );
}

/** The layout journey's budget for a load's shifts (layout.spec.ts). */
const CLS_MAX = 0.02;

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      hasTouch: screen.phone,
      isMobile: screen.phone,
      deviceScaleFactor: screen.phone ? 3 : 1,
    });

    test('each tree draws within its box, and never over its side’s sentence', async ({
      page,
      problems: errors,
    }) => {
      test.setTimeout(180_000);
      const problems: string[] = [];
      await watchShifts(page);
      for (const view of screen.phone ? [...VIEWS, ...PHONE_VIEWS] : VIEWS) {
        await page.goto(view.link);
        if (view.at !== undefined)
          await expect(page.getByTestId('op-label')).toHaveText(view.at, { timeout: 60_000 });
        await settled(page);
        // The room the tree is given is the stylesheet's, there at the first paint.
        const shifted = await shiftTotal(page);
        if (shifted > CLS_MAX)
          problems.push(`${view.name}: layout shifts ${shifted.toFixed(3)} while loading`);
        if (screen.presenting) {
          await page.keyboard.press('f');
          await expect(page.locator('html')).toHaveClass(/presenting/);
          await settled(page);
        }
        problems.push(...problemsOf(view.name, await treesDrawn(page)));
        // Steps on: the path follows the popped key down, a level at a time.
        for (let step = 1; step <= view.steps; step++) {
          await page.getByTestId('step-forward').click();
          await settled(page);
          problems.push(...problemsOf(`${view.name}, step +${step}`, await treesDrawn(page)));
        }
      }
      expect(problems, `what the trees draw past their boxes on ${screen.name}`).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
