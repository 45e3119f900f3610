// One current request, as a property: random sequences of navigations (the controls, the tour's
// scenes, Back and Forward, the presets, large runs among them) with random delays, after which
// the page shows the run its link names: its counters equal the core's (or the command line's,
// for a large run) for that link, and the tour's band names the link's scene.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import fc from 'fast-check';
import { cliArgsFor } from '../src/core/scenario/format';
import { parseScenario } from '../src/core/scenario/parse';
import { expect, expectedCounters, queryOf, readCounters, test } from './fixtures';

/** Runs of the property: 200 in CI (the count); fewer with BHEAP_NAV_RUNS for a quick look. */
const RUNS = Number(process.env.BHEAP_NAV_RUNS ?? 200);

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

/** The page's first history entry: Back stops there (before it lies another document). */
let firstEntry = 0;

/** The current history entry's index (the Navigation API, which Chromium has). */
function entryIndex(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation
        .currentEntry.index,
  );
}

async function perform(page: Page, move: Move): Promise<void> {
  const { action } = move;
  if (action.kind === 'back' && (await entryIndex(page)) <= firstEntry) return;
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
        await page.getByTestId('controls-summary').click();
      if (!(await page.getByTestId('control-items').isVisible())) break;
      await page.getByTestId('control-items').fill(String(action.items));
      await page.getByTestId('control-items').press('Enter');
      await page.locator('body').press('Escape');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      break;
    }
    case 'preset':
      if (await page.getByTestId('controls-summary').isVisible())
        await page.getByTestId('controls-summary').click();
      if (!(await page.getByTestId('control-preset').isVisible())) break;
      await page.getByTestId('control-preset').selectOption(action.id);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      break;
  }
  if (move.wait > 0) await page.waitForTimeout(move.wait);
}

/** Waits until nothing is prepared or fetched and the link has stopped changing. */
async function settle(page: Page): Promise<void> {
  for (let round = 0; round < 200; round++) {
    await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 120_000 });
    const before = page.url();
    await page.waitForTimeout(220);
    if (page.url() === before && (await page.getByTestId('preparing').isHidden())) return;
  }
  throw new Error('the page never settled');
}

/** The counters the link's scenario has at the page's cursor, from the core or the CLI. */
async function expectedAt(page: Page): Promise<Record<string, number> | null> {
  const query = queryOf(page);
  const { scenario } = parseScenario(query);
  if (scenario.items <= 16_384 || scenario.workload === 'script') {
    const stepText = (await page.getByTestId('step-label').textContent()) ?? '';
    const step = Number(/^step ([\d,]+)/.exec(stepText)?.[1].replaceAll(',', '') ?? 'NaN');
    return expectedCounters(query, step);
  }
  // A large run: the page lands on an operation's first event (its counters hold the
  // operations before it), or at step 0.
  const opText = (await page.getByTestId('op-label').textContent()) ?? '';
  const match = /^op ([\d,]+) \/ [\d,]+ · event (\d+) of/.exec(opText);
  if (match === null) return null;
  if (Number(match[2]) !== 1) return null;
  const op = Number(match[1].replaceAll(',', ''));
  const cli = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/main.ts',
        ...cliArgsFor(scenario, 'run'),
        '--until-op',
        String(op),
        '--format',
        'json',
      ],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    ),
  ) as {
    results: {
      comparisons: number;
      swaps: number;
      zeroFill: number;
      pageIns: number[];
      writebacks: number[];
    }[];
  };
  const values: Record<string, number> = {};
  ['left', 'right'].forEach((side, index) => {
    const result = cli.results[Math.min(index, cli.results.length - 1)];
    values[`comparisons-${side}`] = result.comparisons;
    values[`swaps-${side}`] = result.swaps;
    values[`pageins-${side}`] = result.pageIns[0];
    values[`writebacks-${side}`] = result.writebacks[0];
    values[`zerofill-${side}`] = result.zeroFill;
  });
  return values;
}

test('after any quick sequence of navigations the page shows the run its link names', async ({
  page,
  problems,
}) => {
  test.setTimeout(Math.max(600_000, RUNS * 12_000));
  let checked = 0;
  await page.goto('/?tour=1');
  await settle(page);
  firstEntry = await entryIndex(page);
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 11 }),
      fc.array(moveArbitrary, { minLength: 1, maxLength: 6 }),
      async (scene, moves) => {
        if (process.env.BHEAP_NAV_LOG) console.log(scene, JSON.stringify(moves));
        // Each run starts from a scene, opened as Back or Forward would (no reload: the page's
        // kept runs and workers stay, as they do for a reader).
        await page.evaluate((link) => {
          history.pushState(null, '', link);
          dispatchEvent(new PopStateEvent('popstate'));
        }, `/?tour=${scene}`);
        await settle(page);
        await page.locator('body').click({ position: { x: 2, y: 2 } });
        for (const move of moves) await perform(page, move);
        await settle(page);
        const query = queryOf(page);
        const { scenario } = parseScenario(query);
        // The band names the link's scene, or is gone with the tour.
        if (typeof scenario.tour === 'number') {
          await expect(page.getByTestId('tour-index')).toContainText(`${scenario.tour} /`);
        }
        // A chart tab covers the sides in a tour's chart scene; the run is still the link's.
        const expected = await expectedAt(page);
        if (expected !== null) {
          expect(await readCounters(page), `counters for ${query}`).toEqual(expected);
          checked++;
        }
      },
    ),
    // No shrinking: each run is a page's worth of work; the seed and path replay a failure.
    { numRuns: RUNS, verbose: true, endOnFailure: true },
  );
  console.log(`navigation property: ${RUNS} sequences, ${checked} counter checks`);
  expect(checked).toBeGreaterThan(RUNS / 2);
  expect(problems).toEqual([]);
});
