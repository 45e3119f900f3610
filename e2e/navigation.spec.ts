// One current request, as a property: random sequences of navigations (the controls, the tour's
// scenes, Back and Forward, the presets, large runs among them) with random delays, after which
// the page shows the run its link names: its counters equal the core's (or the command line's,
// for a large run) for that link, and the tour's band names the link's scene.
import type { Page } from '@playwright/test';
import fc from 'fast-check';
import { parseScenario } from '../src/core/scenario/parse';
import { currentStep, expect, queryOf, readCounters, test } from './fixtures';
import {
  brief,
  cliOutputs,
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

type Action =
  | { kind: 'next-scene' }
  | { kind: 'previous-scene' }
  | { kind: 'back' }
  | { kind: 'forward' }
  | { kind: 'items'; items: number }
  | { kind: 'preset'; id: 'figures' | 'pressure' | 'article' };

interface Move {
  action: Action;
  /** Milliseconds to wait after it: 0 is another action at once, in the same breath. */
  wait: number;
}

const moveArbitrary: fc.Arbitrary<Move> = fc.record({
  action: fc.oneof(
    { weight: 3, arbitrary: fc.constant<Action>({ kind: 'next-scene' }) },
    { weight: 2, arbitrary: fc.constant<Action>({ kind: 'previous-scene' }) },
    { weight: 3, arbitrary: fc.constant<Action>({ kind: 'back' }) },
    { weight: 2, arbitrary: fc.constant<Action>({ kind: 'forward' }) },
    {
      weight: 2,
      // 20,000 items is a large run: recorded in workers, like the article's.
      arbitrary: fc
        .constantFrom(30, 48, 64, 20_000)
        .map((items): Action => ({ kind: 'items', items })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('figures', 'pressure', 'article')
        .map((id): Action => ({ kind: 'preset', id: id as 'figures' | 'pressure' | 'article' })),
    },
  ),
  wait: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
});

/**
 * How long a control may take to be ready: a scene that lands meanwhile can fold the controls
 * away, and the move then did not happen (as for a reader whose click missed), instead of
 * waiting for the test's timeout.
 */
const ACTION_MS = 3_000;

async function perform(page: Page, move: Move, firstEntry: number): Promise<void> {
  const { action } = move;
  // Back stops at the page's first entry (before it lies another document).
  if (action.kind === 'back' && (await entryIndex(page)) <= firstEntry) return;
  try {
    await act(page, action);
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
  }
  if (move.wait > 0) await page.waitForTimeout(move.wait);
}

async function act(page: Page, action: Action): Promise<void> {
  const timeout = ACTION_MS;
  switch (action.kind) {
    case 'next-scene':
      await page.keyboard.press('PageDown');
      break;
    case 'previous-scene':
      await page.keyboard.press('PageUp');
      break;
    case 'back':
      await page.evaluate(() => history.back());
      break;
    case 'forward':
      await page.evaluate(() => history.forward());
      break;
    case 'items': {
      // The controls are folded below 1440 px: the summary line opens them.
      if (await page.getByTestId('controls-summary').isVisible())
        await page.getByTestId('controls-summary').click({ timeout });
      if (!(await page.getByTestId('control-items').isVisible())) break;
      await page.getByTestId('control-items').fill(String(action.items), { timeout });
      await page.getByTestId('control-items').press('Enter', { timeout });
      await page.locator('body').press('Escape', { timeout });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      break;
    }
    case 'preset':
      if (await page.getByTestId('controls-summary').isVisible())
        await page.getByTestId('controls-summary').click({ timeout });
      if (!(await page.getByTestId('control-preset').isVisible())) break;
      await page.getByTestId('control-preset').selectOption(action.id, { timeout });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      break;
  }
}

interface Tally {
  done: number;
  checked: number;
}

/** Does one run on a lane's page and checks what the page shows against its link. */
async function check(page: Page, name: string, run: Run<Move>, firstEntry: number, tally: Tally) {
  const t0 = Date.now();
  const log = (what: string) =>
    process.env.BHEAP_NAV_LOG && console.log(`  ${name} ${what} at ${Date.now() - t0} ms`);
  if (process.env.BHEAP_NAV_LOG) console.log(name, run.index, run.scene, JSON.stringify(run.moves));
  // Each run starts from a scene, opened as Back or Forward would (no reload: the page's kept
  // runs and workers stay, as they do for a reader).
  await page.evaluate((link) => {
    history.pushState(null, '', link);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/?tour=${run.scene}`);
  await settle(page);
  log('scene settled');
  await page.locator('body').click({ position: { x: 2, y: 2 }, timeout: ACTION_MS });
  // Where each move left the link, for the report of a failure.
  const trail: string[] = [];
  for (const move of run.moves) {
    await perform(page, move, firstEntry);
    trail.push(`${move.action.kind}: ${brief(page.url())}`);
  }
  log('moved');
  await settle(page);
  log('settled');
  const query = queryOf(page);
  const { scenario } = parseScenario(query);
  // The band names the link's scene, or is gone with the tour.
  if (typeof scenario.tour === 'number') {
    await expect(page.getByTestId('tour-index')).toContainText(`${scenario.tour} /`);
  }
  // A chart tab covers the sides in a tour's chart scene; the run is still the link's.
  const expected = await expectedAt(page);
  log(`expected for ${query.slice(0, 60)}`);
  if (expected !== null) {
    const where = `${await page.getByTestId('op-label').textContent()}; ${await page.getByTestId('step-label').textContent()}; messages: ${await page.getByTestId('scenario-error').allTextContents()}`;
    expect(
      await readCounters(page),
      `counters for ${query}\nthe page at ${where}; the link after each move:\n${trail.join('\n')}`,
    ).toEqual(expected);
    tally.checked++;
  }
}

/** A lane: takes the next run from the queue until it is empty (or another lane failed). */
async function lane(page: Page, name: string, queue: Run<Move>[], tally: Tally, started: number) {
  await page.goto('/?tour=1');
  await settle(page);
  const firstEntry = await entryIndex(page);
  for (let run = queue.shift(); run !== undefined; run = queue.shift()) {
    try {
      await check(page, name, run, firstEntry, tally);
    } catch (error) {
      queue.length = 0;
      throw replayError(run, error);
    }
    tally.done++;
    // A line every 20 runs, so a slow CI run says where its time went.
    if (tally.done % 20 === 0) {
      console.log(
        `navigation property: ${tally.done} runs in ${Math.round((Date.now() - started) / 1000)} s, ${cliOutputs.size} CLI lines`,
      );
    }
  }
}

test('after any quick sequence of navigations the page shows the run its link names', async ({
  page,
  context,
  problems,
}) => {
  test.setTimeout(Math.max(600_000, RUNS * 10_000));
  console.log(
    `navigation property: ${RUNS} runs in ${LANES} lanes, seed ${SEED} (BHEAP_NAV_SEED=${SEED} replays them)`,
  );
  const queue = runsToMake(moveArbitrary);
  const pages = [page];
  for (let index = 1; index < LANES; index++) {
    const other = await context.newPage();
    other.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    other.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    pages.push(other);
  }
  const tally: Tally = { done: 0, checked: 0 };
  const started = Date.now();
  await Promise.all(
    pages.map((lanePage, index) => lane(lanePage, `lane ${index + 1}`, queue, tally, started)),
  );
  console.log(`navigation property: ${tally.done} sequences, ${tally.checked} counter checks`);
  if (ONLY !== null) return;
  expect(tally.done).toBe(RUNS);
  expect(tally.checked).toBeGreaterThan(RUNS / 2);
  expect(problems).toEqual([]);
});

test('the article preset chosen while scene 12 prepares the same run: the page and its link leave the tour', async ({
  page,
  problems,
}) => {
  // Found by the property (seed 480491085, run 7): the scene's request, superseded, still landed
  // the run once the preset took the same recording back, and wrote the scene's link.
  await page.goto('/?tour=11');
  await settle(page);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('tour-index')).toContainText('12 /');
  await page.getByTestId('controls-summary').click();
  await page.getByTestId('control-preset').selectOption('article');
  await settle(page);
  await expect(page.getByTestId('op-label')).toContainText('op 2,000,001 / 4,000,000');
  expect(new URL(page.url()).searchParams.has('tour')).toBe(false);
  await expect(page.getByTestId('tour-index')).toBeHidden();
  expect(problems).toEqual([]);
});

test('Back while the animation plays: the page and its link both show the step Back reached', async ({
  page,
  problems,
}) => {
  // Pausing writes the link; after Back the address already names the entry Back reached, and
  // the step that was playing must not be written over it.
  await page.goto('/?tour=off&items=48&step=40');
  await settle(page);
  await page.evaluate(() => {
    history.pushState(null, '', '/?tour=off&items=48&step=300');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await settle(page);
  await page.getByTestId('speed').selectOption('300');
  await page.getByTestId('play').click();
  await expect.poll(() => currentStep(page), { timeout: 10_000 }).toBeGreaterThan(320);
  await page.evaluate(() => history.back());
  await expect(page.getByTestId('step-label')).toHaveText(/^step 40 \//);
  await settle(page);
  expect(new URL(page.url()).searchParams.get('step')).toBe('40');
  await expect(page.getByTestId('step-label')).toHaveText(/^step 40 \//);
  expect(problems).toEqual([]);
});
