// Issue 33's phone lab: the figure and the sentence that explains it on one screen (upright,
// sideways and while predicting), a chart tab the width of the phone, and the 600 px embed's
// status line that says why the colours changed.
import type { Page } from '@playwright/test';
import { expect, open, test, timelineFor } from './fixtures';
import { chartOnScreen, sentenceOnScreen, sentenceProblems } from './phoneChecks';

const PHONES = [
  { name: 'upright', width: 390, height: 844 },
  { name: 'sideways', width: 844, height: 390 },
] as const;

const QUERY = 'tour=off&items=48&page=8&frames=3';

/**
 * The first step from `from` whose left-hand event evicts a page: its sentence is among the
 * longest (the reference, the eviction, the crossing, the stack distance).
 */
function evictingStep(from: number): number {
  const timeline = timelineFor(QUERY);
  for (let step = from; step < from + 2000; step++) {
    timeline.seek(step);
    const event = timeline.currentEvents()[0];
    if (event?.kind === 'touch' && event.evicted >= 0) return step;
  }
  throw new Error(`no eviction after step ${from}`);
}

async function bothSidesSay(page: Page, sides: readonly ('left' | 'right')[]): Promise<void> {
  for (const side of sides) {
    await expect
      .poll(async () => sentenceProblems(side, await sentenceOnScreen(page, side)))
      .toEqual([]);
  }
}

for (const phone of PHONES) {
  test.describe(`the phone's lab held ${phone.name}`, () => {
    test.use({
      viewport: { width: phone.width, height: phone.height },
      hasTouch: true,
      isMobile: true,
    });

    test('each side says why beside its own figure, on the same screen, as the sidebar says it', async ({
      page,
      problems,
    }) => {
      const long = evictingStep(300);
      await open(page, `/?${QUERY}&step=${long - 3}`);
      const label = page.getByTestId('step-label');
      for (let step = long - 2; step <= long; step++) {
        await page.getByTestId('step-forward').click();
        await expect(label).toHaveText(new RegExp(`^step ${step} /`));
        await bothSidesSay(page, ['left', 'right']);
      }
      // The step reached evicts a page on the left: its sentence says so, on the screen.
      await expect(page.getByTestId('side-narration-left')).toContainText('evicted');
      // And the keyboard's → steps as the button does.
      await page.keyboard.press('ArrowRight');
      await expect(label).toHaveText(new RegExp(`^step ${long + 1} /`));
      await bothSidesSay(page, ['left', 'right']);
      expect(problems).toEqual([]);
    });

    test('predicting, the side asked about keeps its figure and its sentence after the answer', async ({
      page,
      problems,
    }) => {
      await open(page, `/?${QUERY}&step=300`);
      await page.getByTestId('predict-toggle').click();
      for (const side of ['left', 'right'] as const) {
        await page.getByTestId('predict-side').selectOption(side);
        const prompt = page.getByTestId('predict-prompt');
        await expect(async () => {
          await page.getByTestId('step-forward').click();
          await expect(prompt).toContainText('?', { timeout: 500 });
        }).toPass({ timeout: 20_000 });
        const asked = await page.getByTestId('step-label').textContent();
        await page.locator('.predict-choices button').first().click();
        await expect(page.getByTestId('step-label')).not.toHaveText(asked ?? '');
        await expect(page.getByTestId('predict-feedback')).not.toBeEmpty();
        await bothSidesSay(page, [side]);
      }
      expect(problems).toEqual([]);
    });

    test('opening the menu keeps the figure where it was, its counters, grids and trees uncovered', async ({
      page,
      problems,
    }) => {
      await open(page, `/?${QUERY}&step=300`);
      const boxes = () =>
        page.evaluate(() =>
          ['.sides', '[data-testid="page-grid-right"]', '.side-left .counters'].map((selector) => {
            const rect = document.querySelector(selector)?.getBoundingClientRect();
            return rect === undefined ? null : { top: Math.round(rect.top), left: rect.left };
          }),
        );
      const before = await boxes();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByTestId('theme')).toBeVisible();
      expect(await boxes(), 'nothing moved').toEqual(before);
      // The open menu stops above the counters (sideways it lies over the slider's row).
      const menuBottom = await page
        .locator('.top')
        .evaluate((top) => top.getBoundingClientRect().bottom);
      const counters = before[2];
      if (phone.width > phone.height) expect(menuBottom).toBeLessThanOrEqual(counters?.top ?? 0);
      // Both grids stay above the transport.
      const transportTop = await page
        .locator('.transport')
        .evaluate((bar) => bar.getBoundingClientRect().top);
      for (const side of ['left', 'right']) {
        const grid = await page.getByTestId(`page-grid-${side}`).boundingBox();
        expect((grid?.y ?? 0) + (grid?.height ?? 0)).toBeLessThanOrEqual(transportTop);
      }
      expect(problems).toEqual([]);
    });

    for (const tab of ['curves', 'scaling', 'machine'] as const) {
      test(`the ${tab} tab takes the phone's width, its readout next to its chart`, async ({
        page,
        problems,
      }) => {
        await open(page, `/?${QUERY}&step=300`);
        // From the sidebar, as a student opens it.
        await page.getByTestId(`tab-${tab}`).click();
        await expect(page.locator(`#panel-${tab}`)).toBeVisible();
        const least = phone.width < phone.height ? 300 : 0.6 * phone.width;
        await expect
          .poll(async () => (await chartOnScreen(page, tab)).chart?.width ?? 0)
          .toBeGreaterThanOrEqual(least);
        const seen = await chartOnScreen(page, tab);
        expect(seen.overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
        const { chart, readout } = seen;
        expect(chart).not.toBeNull();
        expect(readout).not.toBeNull();
        if (chart !== null && readout !== null) {
          expect(chart.left).toBeGreaterThanOrEqual(0);
          expect(chart.right).toBeLessThanOrEqual(phone.width);
          // Next to it: under it (upright, within a line or two of text) or beside it (sideways).
          const under = readout.top >= chart.bottom - 1 && readout.top - chart.bottom < 120;
          const beside =
            readout.left >= chart.right - 1 &&
            readout.top < chart.bottom &&
            readout.bottom > chart.top;
          expect(
            under || beside,
            `readout ${JSON.stringify(readout)} by ${JSON.stringify(chart)}`,
          ).toBe(true);
        }
        // By its link too: the same page.
        await open(page, `/?${QUERY}&step=300&panel=${tab}`);
        await expect
          .poll(async () => (await chartOnScreen(page, tab)).chart?.width ?? 0)
          .toBeGreaterThanOrEqual(least);
        expect(problems).toEqual([]);
      });
    }
  });
}

test.describe('the embed in a 600 px frame', () => {
  test('keeps a one-line status per side that names the step’s page event, its whole sentence in its title', async ({
    page,
    baseURL,
    problems,
  }) => {
    // Paused at `from` (reduced motion), so the journey steps it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const src = `${baseURL}/?items=30&page=4&frames=3&embed=1&from=1510&to=1570&loop=1`;
    await page.setContent(
      `<!doctype html><title>Course page</title><iframe src="${src}" width="600" height="400" title="B-Heap Lab"></iframe>`,
    );
    const frame = page.frameLocator('iframe');
    await expect(frame.getByTestId('step-label')).toHaveText(/^step 1,510 \//);
    const inner = page.frames()[1];
    // Step until the left grid marks a page (a reference: a hit, a page-in or a zero-fill).
    const grid = frame.getByTestId('page-grid-left');
    await expect(async () => {
      await frame.getByTestId('step-forward').click();
      expect(await grid.getAttribute('data-mark')).toMatch(/(hit|page-in|zero-fill):\d+/);
    }).toPass({ timeout: 20_000 });
    const mark = (await grid.getAttribute('data-mark')) ?? '';
    const [, outcome, pageNumber] = /(hit|page-in|zero-fill):(\d+)$/.exec(mark) ?? [];
    const status = frame.getByTestId('side-narration-left');
    await expect(status).toBeVisible();
    await expect(status).toBeInViewport();
    const seen = await inner.evaluate(
      ([word]) => {
        const line = document.querySelector('[data-testid="side-narration-left"]') as HTMLElement;
        const style = getComputedStyle(line);
        const box = line.getBoundingClientRect();
        // Where the event's word is drawn: inside the line's box, not cut off by its ellipsis.
        let wordRight = Number.POSITIVE_INFINITY;
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          const at = text.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0) wordRight = rect.right;
          break;
        }
        return {
          text: line.textContent ?? '',
          title: line.title,
          sidebar: document.querySelector('[data-testid="narration-left"]')?.textContent ?? '',
          fontSize: Number.parseFloat(style.fontSize),
          lineHeight: Number.parseFloat(style.lineHeight),
          height: box.height,
          right: box.right,
          wordRight,
          frameWidth: window.innerWidth,
        };
      },
      [outcome === 'page-in' ? 'page-in' : (outcome ?? '')],
    );
    expect(seen.text).toContain(`page ${pageNumber}`);
    expect(seen.text).toContain(outcome);
    expect(seen.text).toBe(seen.sidebar);
    expect(seen.title, 'the whole sentence in its title').toBe(seen.text);
    expect(seen.fontSize).toBeGreaterThanOrEqual(11);
    expect(seen.height, 'one line').toBeLessThan(seen.lineHeight * 1.6 + 4);
    expect(seen.right).toBeLessThanOrEqual(seen.frameWidth);
    expect(seen.wordRight, `"${outcome}" is within the line`).toBeLessThanOrEqual(seen.right);
    // The other side has its line too.
    await expect(frame.getByTestId('side-narration-right')).toBeInViewport();
    expect(problems).toEqual([]);
  });
});
