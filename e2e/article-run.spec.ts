// The article's own run in the page: a million items, 1,954 pages, 4M operations, 9 resident.
// Its counters at the end and at ten operations equal the command line's, and stepping around an
// operation comes back to the same counters; the tour's last scene says what one pop costs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { cliArgsFor } from '../src/core/scenario/format';
import { parseScenario } from '../src/core/scenario/parse';
import { expect, queryOf, readCounters, test } from './fixtures';

const run = promisify(execFile);

const ARTICLE = '/?items=1000000&page=512&frames=9&keys=2147483648';
const OPERATIONS = 4_000_000;

interface CliResult {
  comparisons: number;
  swaps: number;
  zeroFill: number;
  pageIns: number[];
  writebacks: number[];
}

/**
 * The counters `npm run sim -- run` prints for the page's link, `--until-op N` the page's own
 * at operation N (operations 1 to N - 1 done).
 */
async function cliCounters(page: Page, untilOp: number | null): Promise<Record<string, number>> {
  const scenario = parseScenario(queryOf(page)).scenario;
  const cut = untilOp === null ? [] : ['--until-op', String(untilOp)];
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      ...cliArgsFor(scenario, 'run'),
      ...cut,
      '--format',
      'json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const results = (JSON.parse(stdout) as { results: CliResult[] }).results;
  const values: Record<string, number> = {};
  ['left', 'right'].forEach((side, index) => {
    const result = results[index];
    values[`comparisons-${side}`] = result.comparisons;
    values[`swaps-${side}`] = result.swaps;
    values[`pageins-${side}`] = result.pageIns[0];
    values[`writebacks-${side}`] = result.writebacks[0];
    values[`zerofill-${side}`] = result.zeroFill;
  });
  return values;
}

/** Runs the tasks two at a time, in order; the results in the tasks' order. */
async function twoAtATime<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all([lane(), lane()]);
  return results;
}

/** The operation label as the page writes it ("op 1,234 / 4,000,000 · …"). */
function opLabel(done: number, total: number): RegExp {
  return new RegExp(`^op ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
}

/** Waits until the page is in operation `done` (its first event, or its end). */
async function expectAtOperation(page: Page, done: number, total = OPERATIONS): Promise<void> {
  await expect(page.getByTestId('op-label')).toHaveText(opLabel(done, total), {
    timeout: 60_000,
  });
  await expect(page.getByTestId('preparing')).toBeHidden();
}

test.describe('the article’s run in the page', () => {
  test('opened at its start, the step label’s total follows the recording to its end, untouched', async ({
    page,
  }) => {
    // Issue 33: it read "step 0 / 7,538 so far" through the whole recording and after it ended,
    // until a key was pressed.
    test.setTimeout(240_000);
    await page.goto(`${ARTICLE}&step=0`);
    await expect(page.getByTestId('step-label')).toHaveText(/^step 0 \/ [\d,]+ so far$/, {
      timeout: 60_000,
    });
    const first = (await page.getByTestId('step-label').textContent()) ?? '';
    await expect(page.getByTestId('step-label')).not.toHaveText(first, { timeout: 60_000 });
    await expect(page.getByTestId('step-label')).toHaveText(/^step 0 \/ [\d,]+$/, {
      timeout: 180_000,
    });
    await expect(page.getByTestId('op-label')).toHaveText(opLabel(0, OPERATIONS));
    // The path view names nodes by page and slot; the labels button says so, not "keys".
    await expect(page.getByTestId('tree-mode')).toHaveText('Tree: page·slot');
    await expect(page.getByTestId('tree-mode')).toBeDisabled();
  });

  test('after a prediction, a far jump writes the link of the step it shows', async ({ page }) => {
    // Issue 35: after a prediction and a jump to operation 2,500,000 the link said step=16461
    // while the page showed step 213,759,718.
    test.setTimeout(240_000);
    await page.goto(`${ARTICLE}&step=16000`);
    await expect(page.getByTestId('step-label')).toHaveText(/^step 16,000 \//, { timeout: 60_000 });
    await page.getByTestId('predict-toggle').click();
    await page.locator('body').click({ position: { x: 3, y: 3 } });
    await expect(async () => {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('predict-prompt')).toContainText('?', { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    /** The link settles on the step the page shows (or names its operation). */
    const linkAgrees = async (): Promise<void> => {
      await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
      await expect(async () => {
        const label = (await page.getByTestId('step-label').textContent()) ?? '';
        const shown = Number(/^step ([\d,]+)/.exec(label)?.[1]?.replace(/,/g, ''));
        const linked = new URL(page.url()).searchParams;
        const op = linked.get('op');
        if (linked.get('step') === null && op !== null) {
          expect(await page.getByTestId('op-label').textContent()).toMatch(
            new RegExp(`^op ${Number(op).toLocaleString('en-US')} / .* event 1 of`),
          );
        } else expect(Number(linked.get('step')), `${page.url()} shows ${label}`).toBe(shown);
      }).toPass({ timeout: 10_000 });
    };
    // A far jump, then at once (before its state arrives) a keypress the gate may hold: the
    // newer seek wins, and the link names what is shown.
    for (const op of [2_500_000, 3_100_000]) {
      await page.getByTestId('op-jump').fill(String(op));
      await page.getByTestId('op-jump').press('Enter');
      await page.locator('body').click({ position: { x: 3, y: 3 } });
      await page.keyboard.press('ArrowRight');
      await linkAgrees();
    }
    // A far jump left alone lands, and the link says so.
    await page.getByTestId('op-jump').fill('2500000');
    await page.getByTestId('op-jump').press('Enter');
    await expect(page.getByTestId('op-label')).toHaveText(/^op 2,500,000 \//, { timeout: 60_000 });
    await linkAgrees();
    // And stepping on from there with the question open moves both together.
    await page.locator('body').click({ position: { x: 3, y: 3 } });
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await linkAgrees();
  });

  test('opens at its last step with the counters of npm run sim -- run', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`${ARTICLE}&step=end`);
    await expectAtOperation(page, OPERATIONS);
    await page.waitForURL(/[?&]step=end/);
    const cli = await cliCounters(page, null);
    expect(await readCounters(page)).toEqual(cli);
    // The article's numbers: 1,954 pages, each zero-filled once on each side.
    expect(cli['zerofill-left']).toBe(1954);
    expect(cli['zerofill-right']).toBe(1954);
  });

  test('at ten operations its counters equal the command line cut there, and stepping around comes back', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.goto(`${ARTICLE}&step=0`);
    await expectAtOperation(page, 0);
    // A fixed spread over the run, the same on every run. The command line cuts them two at a
    // time (a two-core machine) while the page jumps.
    const targets = Array.from(
      { length: 10 },
      (_, i) => 1 + ((i * 397_303 + 123_457) % OPERATIONS),
    );
    const expected = twoAtATime(targets.map((op) => () => cliCounters(page, op)));
    const shown = new Map<number, Record<string, number>>();
    for (const op of targets) {
      await page.getByTestId('op-jump').fill(String(op));
      await page.getByTestId('op-jump').press('Enter');
      // Operation N shown: its first event, the counters of operations 1 to N - 1.
      await expect(page.getByTestId('op-label')).toHaveText(
        new RegExp(`^op ${op.toLocaleString('en-US')} / [\\d,]+ · event 1 of`),
        { timeout: 60_000 },
      );
      await expect(page.getByTestId('preparing')).toBeHidden();
      const counters = await readCounters(page);
      shown.set(op, counters);
      // Around it, by the keyboard: a step back to the boundary before it, two operations on,
      // 25 events on and back, two operations back, which is that boundary again. Its counters
      // are the landing's (an operation's first event touches no page).
      await page.keyboard.press('ArrowLeft');
      await expectAtOperation(page, op - 1);
      const step = await page.getByTestId('step-label').textContent();
      await page.locator('body').click({ position: { x: 3, y: 3 } });
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await expectAtOperation(page, op + 1);
      for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
      for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft');
      await expectAtOperation(page, op + 1);
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('Shift+ArrowLeft');
      await expect(page.getByTestId('step-label')).toHaveText(step ?? '');
      expect(await readCounters(page), `back at operation ${op}`).toEqual(counters);
    }
    const cli = await expected;
    targets.forEach((op, index) => {
      expect(shown.get(op), `the start of operation ${op}`).toEqual(cli[index]);
    });
  });

  test('under CLOCK a large run replays its pager too: the CLI’s counters at its end and at three operations', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/?items=200000&page=64&frames=40&policy=clock&keys=2147483648&step=end');
    await expectAtOperation(page, 800_000, 800_000);
    expect(await readCounters(page)).toEqual(await cliCounters(page, null));
    for (const op of [333_334, 500_001, 777_777]) {
      await page.getByTestId('op-jump').fill(String(op));
      await page.getByTestId('op-jump').press('Enter');
      await expectAtOperation(page, op, 800_000);
      expect(await readCounters(page), `the start of operation ${op}`).toEqual(
        await cliCounters(page, op),
      );
    }
  });

  test('2^20 items at 4 per page: the grid draws all 524,288 strict B-heap pages, and the counters equal the CLI', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const total = 4 * 2 ** 20;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(
      '/?items=1048576&page=4&frames=9&keys=2147483648&left=bheap-strict&right=bheap&op=1500001',
    );
    await expectAtOperation(page, 1_500_001, total);
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    const cli = cliCounters(page, 1_500_001);
    const grid = page.getByTestId('page-grid-left');
    await expect(grid).toHaveAttribute('aria-label', /of 524288; .*each cell: \d+ pages/);
    const perCell = Number(await grid.getAttribute('data-per-cell'));
    expect(perCell).toBeGreaterThan(1);
    await expect(page.getByTestId('page-grid-left-note')).toHaveText(
      `each cell: ${perCell} pages, coloured by the most recently used of them`,
    );
    expect(await readCounters(page)).toEqual(await cli);
  });

  test('the tour’s last scene: in its pop the binary heap moves 12 pages each way, the B-heap 2', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/?tour=12');
    // The caption's operation 2,000,001, shown: its first event.
    await expect(page.getByTestId('op-label')).toHaveText(
      /^op 2,000,001 \/ 4,000,000 · event 1 of /,
      { timeout: 60_000 },
    );
    await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
    await expect(page.getByTestId('tour-caption')).toContainText('pages in 12 pages');
    const before = await readCounters(page);
    await page.getByTestId('op-forward').click();
    // Its last event: the pop done.
    await expect(page.getByTestId('op-label')).toHaveText(
      /^op 2,000,001 \/ 4,000,000 · event (\d+) of \1$/,
    );
    const after = await readCounters(page);
    const moved = (name: string): number => after[name] - before[name];
    expect([moved('pageins-left'), moved('writebacks-left')]).toEqual([12, 12]);
    expect([moved('pageins-right'), moved('writebacks-right')]).toEqual([2, 2]);

    // To the scene before and back: the run is shown again from its kept recording, at the
    // scene's own operation, with no second recording.
    await page.locator('body').click({ position: { x: 3, y: 3 } });
    await page.keyboard.press('PageUp');
    await expect(page.getByTestId('tour-index')).toHaveText(/^11 \/ /);
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('op-label')).toHaveText(
      /^op 2,000,001 \/ 4,000,000 · event 1 of /,
      { timeout: 60_000 },
    );
    expect(await readCounters(page)).toEqual(before);
    const recordings = await page.evaluate(
      () => performance.getEntriesByName('bheap:recorded').length,
    );
    expect(recordings).toBe(1);
  });
});
