// What the navigation properties share: how many runs from which seed (the environment), the
// runs drawn from it and the message that replays a failed one, the history entry's index,
// waiting for the page to settle, the counters a link's scenario has at the page's cursor (from the core, or the command
// line for a large run), and a link's brief for a failure's trail.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import fc from 'fast-check';
import { cliArgsFor } from '../src/core/scenario/format';
import { parseScenario } from '../src/core/scenario/parse';
import { expect, expectedCounters, queryOf } from './fixtures';

/**
 * Runs of a property: BHEAP_NAV_RUNS, or `fallback`. Each property makes 200 in CI (the
 * issue's count).
 */
export function runCount(fallback: number): number {
  return Number(process.env.BHEAP_NAV_RUNS ?? fallback);
}
export const RUNS = runCount(200);
/** The seed fast-check draws the runs from, printed first: a run that fails or times out is drawn again. */
export const SEED = Number(process.env.BHEAP_NAV_SEED ?? Date.now() % 2 ** 31);
/** One run of those drawn, alone (BHEAP_NAV_ONLY=111 replays a failure's run 111 by itself). */
export const ONLY =
  process.env.BHEAP_NAV_ONLY === undefined ? null : Number(process.env.BHEAP_NAV_ONLY);
/** Two readers at once: most of a run is waiting (the delays, the page settling), so two lanes
 * take turns at one queue of runs and finish in about half the time. */
export const LANES = Number(process.env.BHEAP_NAV_LANES ?? 2);

/** One run of a property: the tour's scene it starts from and the moves made there. */
export interface Run<Move> {
  index: number;
  scene: number;
  moves: Move[];
}

/** The runs to make (ONLY's alone when set), drawn from the seed: the same seed, the same runs. */
export function runsToMake<Move>(move: fc.Arbitrary<Move>, runs = RUNS): Run<Move>[] {
  const runArbitrary = fc.tuple(
    fc.integer({ min: 1, max: 11 }),
    fc.array(move, { minLength: 1, maxLength: 6 }),
  );
  return fc
    .sample(runArbitrary, { seed: SEED, numRuns: runs })
    .map(([scene, moves], index) => ({ index, scene, moves }))
    .filter((run) => ONLY === null || run.index === ONLY);
}

/** A failed run's error: the command line that replays it alone, its moves, and the failure. */
export function replayError<Move>(run: Run<Move>, error: unknown, runs = RUNS): Error {
  const replay = `BHEAP_NAV_SEED=${SEED} BHEAP_NAV_RUNS=${runs} BHEAP_NAV_ONLY=${run.index}`;
  return new Error(
    `run ${run.index} (${replay} replays it): from scene ${run.scene}, ${JSON.stringify(run.moves)}\n${String(error)}`,
  );
}

/** The current history entry's index (the Navigation API, which Chromium has). */
export function entryIndex(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation
        .currentEntry.index,
  );
}

/**
 * Waits until nothing is prepared or fetched and the link has stopped changing. The page marks
 * a request not on screen yet (`data-pending` on the root) from the task that asked for it; the
 * status line speaks only once preparing takes a slice or more, so a scene asked for while the
 * main thread was busy could pass for settled, its link not written yet (navigation run 35 of
 * seed 649114910: the link still named scene 10 while the band said 9).
 */
export async function settle(page: Page): Promise<void> {
  const pending = page.locator('html[data-pending]');
  const quiet = async () =>
    (await page.getByTestId('preparing').isHidden()) && (await pending.count()) === 0;
  try {
    for (let round = 0; round < 200; round++) {
      await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 120_000 });
      await expect(pending).toHaveCount(0, { timeout: 120_000 });
      const before = page.url();
      await page.waitForTimeout(220);
      if (page.url() === before && (await quiet())) return;
    }
    throw new Error('the page never settled');
  } catch (error) {
    throw new Error(`${String(error)}\nthe document: ${await documentState(page).catch(String)}`);
  }
}

/** The document's state in one line, for a failure's message: did the page start at all? */
export function documentState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const app = document.querySelector('#app');
    const pending = document.documentElement.hasAttribute('data-pending');
    // The boot's marks (timing.ts, markBoot) say where a page that never started stopped.
    const boot = performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('bheap:boot:'))
      .map((mark) => {
        const detail = (mark as PerformanceMark).detail;
        return `${mark.name.slice(11)}${detail ? ` (${String(detail)})` : ''} at ${Math.round(mark.startTime)} ms`;
      });
    // The entry's script: fetched at all, with what status, from the offline worker or not.
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/(index|main)[^/]*\.(js|ts)/.test(entry.name))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return `${timing.name.replace(/^.*\//, '')} ${timing.responseStatus ?? '?'}${
          timing.workerStart > 0 ? ' via the worker' : ''
        } in ${Math.round(timing.duration)} ms`;
      });
    return `readyState ${document.readyState}, ${pending ? 'pending' : 'not pending'}, #app has ${
      app?.childElementCount ?? 'no'
    } children: ${JSON.stringify(app?.textContent?.slice(0, 80) ?? null)}; boot: ${
      boot.join(', ') || 'no marks'
    }; entry script: ${scripts.join(', ') || 'no entry'}; ${document.visibilityState}, ${
      navigator.serviceWorker?.controller ? 'served by the offline worker' : 'no offline worker'
    }, ${Math.round(performance.now())} ms since it began`;
  });
}

/** The CLI's output for each command line run so far. */
export const cliOutputs = new Map<string, Promise<string>>();

/** The counters the link's scenario has at the page's cursor, from the core or the CLI. */
export async function expectedAt(page: Page): Promise<Record<string, number> | null> {
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
  const args = [...cliArgsFor(scenario, 'run'), '--until-op', String(op), '--format', 'json'];
  // The same command line gives the same output (the CLI is deterministic), so each is run once:
  // the article's run lands on the same operation again and again, and costs seconds each time.
  const key = args.join(' ');
  let output = cliOutputs.get(key);
  if (output === undefined) {
    // Asynchronous, so the other lane goes on meanwhile; both lanes share one run of a line.
    output = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', ...args],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    ).then(({ stdout }) => stdout);
    cliOutputs.set(key, output);
  }
  const cli = JSON.parse(await output) as {
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

/** The part of a link that says which run it is, for a failure's trail. */
export function brief(url: string): string {
  const query = new URL(url).searchParams;
  return ['tour', 'items', 'page', 'frames', 'step', 'op']
    .filter((name) => query.has(name))
    .map((name) => `${name}=${query.get(name)}`)
    .join('&');
}
