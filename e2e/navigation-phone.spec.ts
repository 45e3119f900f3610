// The navigation property on a phone: random sequences of what a hand does to the tour's story
// (swipes that step, pinches on the figure, scrolls that bring a scene's words to the reading
// line, turns of the phone, Back and Forward) with random delays. After each, the page shows the
// run its link names (its counters equal the core's for that link), the story marks the link's
// scene, and that scene's words sit on the reading line under (or beside) the figure.
import type { CDPSession, Page } from '@playwright/test';
import fc from 'fast-check';
import { parseScenario } from '../src/core/scenario/parse';
import { expect, queryOf, readCounters, test } from './fixtures';
import {
  brief,
  entryIndex,
  expectedAt,
  LANES,
  ONLY,
  RUNS,
  type Run,
  replayError,
  runsToMake,
  SEED,
  settle,
} from './navigationKit';
import { readingLine, scrollWordsToLine, touch } from './phoneKit';

const UPRIGHT = { width: 390, height: 844 };
const SIDEWAYS = { width: 844, height: 390 };

type Action =
  | { kind: 'swipe'; forward: boolean }
  | { kind: 'pinch' }
  | { kind: 'scroll'; scene: number }
  | { kind: 'rotate' }
  | { kind: 'back' }
  | { kind: 'forward' };

interface Move {
  action: Action;
  /** Milliseconds to wait after it: 0 is another move at once. */
  wait: number;
}

const moveArbitrary: fc.Arbitrary<Move> = fc.record({
  action: fc.oneof(
    { weight: 3, arbitrary: fc.boolean().map((forward): Action => ({ kind: 'swipe', forward })) },
    { weight: 2, arbitrary: fc.constant<Action>({ kind: 'pinch' }) },
    {
      weight: 4,
      // Scene 12 is the article's run: its sections are there to scroll past, not to land on.
      arbitrary: fc
        .integer({ min: 1, max: 11 })
        .map((scene): Action => ({ kind: 'scroll', scene })),
    },
    { weight: 2, arbitrary: fc.constant<Action>({ kind: 'rotate' }) },
    { weight: 2, arbitrary: fc.constant<Action>({ kind: 'back' }) },
    { weight: 1, arbitrary: fc.constant<Action>({ kind: 'forward' }) },
  ),
  wait: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
});

async function act(page: Page, cdp: CDPSession, action: Action): Promise<void> {
  switch (action.kind) {
    case 'swipe':
    case 'pinch': {
      // A pinch is on a tree, a swipe on the sides: where the page takes two fingers and a
      // sideways finger as its own (touch-action). A chart scene has neither: there a sideways
      // swipe is the browser's (its history gesture), two fingers its page zoom.
      const target = page.locator(action.kind === 'pinch' ? '[data-testid="tree-left"]' : '.sides');
      const figure = (await target.isVisible()) ? await target.boundingBox() : null;
      if (figure === null) return;
      const x = figure.x + figure.width / 2;
      const y = figure.y + Math.min(figure.height / 2, 120);
      const reach = Math.min(100, figure.width / 3);
      if (action.kind === 'pinch') {
        await touch(
          cdp,
          [
            { x: x - 15, y },
            { x: x + 15, y },
          ],
          [
            { x: x - reach, y },
            { x: x + reach, y },
          ],
        );
      } else {
        const way = action.forward ? -1 : 1;
        await touch(cdp, [{ x: x - way * reach, y }], [{ x: x + way * reach, y }]);
      }
      return;
    }
    case 'scroll':
      await scrollWordsToLine(page, action.scene);
      return;
    case 'rotate': {
      const size = page.viewportSize();
      await page.setViewportSize(size !== null && size.width < size.height ? SIDEWAYS : UPRIGHT);
      return;
    }
    case 'back':
      await page.evaluate(() => history.back());
      return;
    case 'forward':
      await page.evaluate(() => history.forward());
      return;
  }
}

/**
 * '' when scene `scene`'s words are on the reading line (or the page cannot scroll further that
 * way: the last scenes at the page's end), else what the page shows, for the failure.
 */
async function wordsOff(page: Page, scene: number): Promise<string> {
  const line = await readingLine(page);
  return page.evaluate(
    ([at, band]) => {
      const section = document.querySelector(`[data-testid="story-scene-${at}"]`);
      const box = section?.getBoundingClientRect();
      const root = document.documentElement;
      const end = root.scrollHeight - window.innerHeight;
      const atEnd = window.scrollY >= end - 2 || window.scrollY <= 0;
      if (atEnd || (box !== undefined && box.top <= band + 24 && box.bottom > band)) return '';
      return `${root.dataset.layout} at ${innerWidth}x${innerHeight}, line ${band}, words ${Math.round(box?.top ?? -1)} to ${Math.round(box?.bottom ?? -1)}, scrolled ${Math.round(scrollY)} of ${end}`;
    },
    [scene, line] as const,
  );
}

/** Does one run on a lane's page and checks what the page shows against its link. */
async function check(
  page: Page,
  cdp: CDPSession,
  run: Run<Move>,
  firstEntry: number,
): Promise<boolean> {
  if (process.env.BHEAP_NAV_LOG) console.log(run.index, run.scene, JSON.stringify(run.moves));
  await page.evaluate((link) => {
    history.pushState(null, '', link);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/?tour=${run.scene}`);
  await settle(page);
  const trail: string[] = [];
  for (const move of run.moves) {
    // Back stops at the page's first entry (before it lies another document).
    if (!(move.action.kind === 'back' && (await entryIndex(page)) <= firstEntry)) {
      await act(page, cdp, move.action);
    }
    if (move.wait > 0) await page.waitForTimeout(move.wait);
    trail.push(`${JSON.stringify(move.action)}: ${brief(page.url())}`);
  }
  await settle(page);
  const query = queryOf(page);
  const { scenario } = parseScenario(query);
  const where = `the link after each move:\n${trail.join('\n')}`;
  if (typeof scenario.tour === 'number') {
    const scene = scenario.tour;
    // The story marks the link's scene, and its words are on the reading line (unless the page
    // cannot scroll that far: the last scenes at the page's end).
    await expect(page.getByTestId(`story-scene-${scene}`), where).toHaveAttribute(
      'aria-current',
      'step',
    );
    // A turn of the phone is laid out, and the words placed, a few frames after its resize; on
    // a loaded machine that can outlast settle(), so this waits for it, and the link must not
    // change meanwhile (no scene turned by a layout).
    await expect
      .poll(() => wordsOff(page, scene), {
        timeout: 3_000,
        message: `scene ${scene}'s words on the reading line; ${where}`,
      })
      .toBe('');
    expect(queryOf(page), `the link held while the words were placed; ${where}`).toBe(query);
  }
  const expected = await expectedAt(page);
  if (expected === null) return false;
  expect(await readCounters(page), `counters for ${query}\n${where}`).toEqual(expected);
  return true;
}

test.use({ viewport: UPRIGHT, hasTouch: true, isMobile: true });

test('after any quick sequence of swipes, pinches, scrolls and turns the phone shows the scene and run its link names', async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  test.setTimeout(Math.max(600_000, RUNS * 10_000));
  console.log(
    `phone navigation property: ${RUNS} runs in ${LANES} lanes, seed ${SEED} (BHEAP_NAV_SEED=${SEED} replays them)`,
  );
  const queue = runsToMake(moveArbitrary);
  const pages = [page];
  // Each lane is its own reader's phone (a context of its own): pages sharing one window draw
  // a frame in hundreds of ms behind the one in front, and hear scrolls that late.
  for (let index = 1; index < LANES; index++) {
    const phone = await browser.newContext({
      baseURL,
      viewport: UPRIGHT,
      hasTouch: true,
      isMobile: true,
    });
    const other = await phone.newPage();
    other.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    other.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    pages.push(other);
  }
  let done = 0;
  let checked = 0;
  const started = Date.now();
  await Promise.all(
    pages.map(async (lanePage) => {
      const cdp = await lanePage.context().newCDPSession(lanePage);
      await lanePage.goto('/?tour=1');
      await settle(lanePage);
      const firstEntry = await entryIndex(lanePage);
      for (let run = queue.shift(); run !== undefined; run = queue.shift()) {
        try {
          if (await check(lanePage, cdp, run, firstEntry)) checked++;
        } catch (error) {
          queue.length = 0;
          throw replayError(run, error);
        }
        done++;
        if (done % 20 === 0) {
          console.log(
            `phone navigation property: ${done} runs in ${Math.round((Date.now() - started) / 1000)} s`,
          );
        }
      }
    }),
  );
  console.log(`phone navigation property: ${done} sequences, ${checked} counter checks`);
  if (ONLY !== null) return;
  expect(done).toBe(RUNS);
  expect(checked).toBeGreaterThan(RUNS / 2);
  expect(problems).toEqual([]);
});
