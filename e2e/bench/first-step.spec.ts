// A performance report for a large run's first second (issue 27), not a timed test: it prints
// and attaches what it measures and asserts only that it measured. Each measure opens a cold
// page (a fresh browser context: no cache, no kept recording), quiet and then with two busy
// processes taking both cores. Targets: the article's run shows its first step within 500 ms of
// the link opening; no main-thread task over 50 ms; the full recording in 2 s (not met before);
// every built-in scene shows its point within 1 s (scene 12 lands at operation 2,000,001 of 4M).
// Scene 12 lands from the landing the page ships, before the recording gets there: its numbers
// at the landing and three steps on are checked against the recording's, once it is done.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const ARTICLE = '/?items=1000000&page=512&frames=9&keys=2147483648';
const ROUNDS = Number(process.env.BHEAP_BENCH_ROUNDS ?? 3);
/** The op label once a step of the article's run is drawn (any step: the link opens at 0). */
const ANY_STEP = '^op [\\d,]+ / 4,000,000';
/** Scene 12's landing: operation 2,000,001 (its first event), or the end of the one before. */
const SCENE_12 = '^op 2,000,00[01] / 4,000,000';

interface Timings {
  /** The op label has matched (its frame is awaited). */
  seen: boolean;
  /** ms after navigation: the frame after the op label first matched; null: never. */
  shown: number | null;
  /** ms after navigation: the status line first visible. */
  status: number | null;
  tasks: { start: number; duration: number }[];
}

/**
 * Before any page script runs: note the frame after the op label first matches `pattern`, the
 * first time the status line shows, and every long task from the start.
 */
async function instrument(page: Page, pattern: string): Promise<void> {
  await page.addInitScript((source) => {
    const timings: Timings = { seen: false, shown: null, status: null, tasks: [] };
    Object.assign(window, { bheapBench: timings, bheapPattern: new RegExp(source) });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        timings.tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    const check = (): void => {
      const status = document.querySelector<HTMLElement>('[data-testid="preparing"]');
      if (timings.status === null && status !== null && !status.hidden) {
        timings.status = performance.now();
      }
      const label = document.querySelector('[data-testid="op-label"]');
      const wanted = (window as unknown as { bheapPattern: RegExp }).bheapPattern;
      if (timings.seen || label === null || !wanted.test(label.textContent ?? '')) return;
      timings.seen = true;
      requestAnimationFrame(() => {
        timings.shown = performance.now();
      });
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, pattern);
}

/** Watches `page` for the op label matching `pattern` from now on (the instrument's again). */
async function watchFor(page: Page, pattern: string): Promise<number> {
  return page.evaluate((source) => {
    const timings = (window as unknown as { bheapBench: Timings }).bheapBench;
    timings.seen = false;
    timings.shown = null;
    timings.tasks.length = 0;
    Object.assign(window, { bheapPattern: new RegExp(source) });
    return performance.now();
  }, pattern);
}

async function timings(page: Page): Promise<Timings> {
  return page.evaluate(() => (window as unknown as { bheapBench: Timings }).bheapBench);
}

/** ms after navigation of the recording's end mark, and its report (null: not yet). */
async function recorded(
  page: Page,
): Promise<{ at: number; seconds: number; sides: { seconds: number }[] } | null> {
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('bheap:recorded')[0] as PerformanceMark | undefined;
    if (mark === undefined) return null;
    const detail = mark.detail as { seconds: number; sides: { seconds: number }[] };
    return { at: mark.startTime, ...detail };
  });
}

/** What the page shows of the cursor's step: every counter, the distances, the sentences. */
async function shownNumbers(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const stems = ['comparisons', 'swaps', 'pageins', 'writebacks', 'zerofill', 'time'];
    const ids = ['stack-distance', 'narration'].concat(stems);
    const shown: Record<string, string> = {};
    for (const side of ['left', 'right']) {
      for (const id of ids) {
        const element = document.querySelector(`[data-testid="${id}-${side}"]`);
        shown[`${id}-${side}`] = element?.textContent ?? '(none)';
      }
    }
    // The step's number (its total says "so far" while the recording runs) and the operation's.
    const step = document.querySelector('[data-testid="step-label"]')?.textContent ?? '';
    shown.step = step.replace(/ \/.*$/, '');
    shown.op = document.querySelector('[data-testid="op-label"]')?.textContent ?? '';
    return shown;
  });
}

/** Three steps on from the landing, each drawn. */
async function threeSteps(page: Page): Promise<void> {
  for (const event of [2, 3, 4]) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('op-label')).toHaveText(
      new RegExp(`^op 2,000,001 / 4,000,000 · event ${event} of`),
      { timeout: 60_000 },
    );
  }
}

/**
 * Scene 12's numbers at its landing and three steps on, as drawn at once, against the same
 * steps served from the finished recording (a jump away and back to operation 2,000,001).
 */
async function landingAgainstRecording(page: Page): Promise<string> {
  const landed = await shownNumbers(page);
  await page.locator('body').click({ position: { x: 3, y: 3 } });
  await threeSteps(page);
  const stepped = await shownNumbers(page);
  // The operation's last event, before the recording has come that far: the link names its
  // step, not the run's end.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('op-label')).toHaveText(
    /^op 2,000,001 \/ 4,000,000 · event (\d+) of \1$/,
  );
  const last = (await page.getByTestId('step-label').textContent())?.match(/^step ([\d,]+) /);
  const lastStep = (last?.[1] ?? '').replaceAll(',', '');
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe(lastStep);
  await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 180_000 });
  for (const [op, label] of [
    ['1', '^op 1 / '],
    ['2000001', '^op 2,000,001 / 4,000,000 · event 1 of'],
  ]) {
    await page.getByTestId('op-jump').fill(op);
    await page.getByTestId('op-jump').press('Enter');
    await expect(page.getByTestId('op-label')).toHaveText(new RegExp(label), { timeout: 60_000 });
  }
  expect(await shownNumbers(page)).toEqual(landed);
  await page.locator('body').click({ position: { x: 3, y: 3 } });
  await threeSteps(page);
  expect(await shownNumbers(page)).toEqual(stepped);
  return `numbers at the landing and three steps on = the recording's (${landed['pageins-left']} / ${landed['pageins-right']} page-ins, ${landed.step})`;
}

async function coldPage(browser: Browser, baseURL: string | undefined) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 720 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

function tasksLine(tasks: { start: number; duration: number }[]): string {
  if (tasks.length === 0) return 'none over 50 ms';
  const listed = tasks.map((task) => `${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)}`);
  return `${tasks.length} over 50 ms (${listed.join(', ')})`;
}

const ms = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(0)} ms`);

/** The bare lab's small scenario, cold: what the page's own start takes, for comparison. */
async function smallScenario(browser: Browser, baseURL: string | undefined): Promise<string> {
  const { context, page, problems } = await coldPage(browser, baseURL);
  await instrument(page, '^op [\\d,]+ / ');
  await page.goto('/?tour=off&step=0');
  await expect.poll(async () => (await timings(page)).shown, { timeout: 60_000 }).not.toBeNull();
  const shown = await timings(page);
  await context.close();
  expect(problems).toEqual([]);
  return `first step drawn ${ms(shown.shown)} after navigation; long tasks: ${tasksLine(shown.tasks)}`;
}

/** The article's link, cold: its first step, a step on, a far jump, and the recording's end. */
async function articleRun(browser: Browser, baseURL: string | undefined): Promise<string> {
  const { context, page, problems } = await coldPage(browser, baseURL);
  await instrument(page, ANY_STEP);
  await page.goto(ARTICLE);
  await expect(page.getByTestId('op-label')).toHaveText(new RegExp(ANY_STEP), { timeout: 60_000 });
  await expect.poll(async () => (await timings(page)).shown).not.toBeNull();
  const first = await timings(page);
  // Stepping works at once: one step on, from the key to its frame.
  await page.locator('body').click({ position: { x: 3, y: 3 } });
  const stepAsked = await watchFor(page, '^op 1 / 4,000,000');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await timings(page)).shown, { timeout: 30_000 }).not.toBeNull();
  const stepped = ((await timings(page)).shown ?? 0) - stepAsked;
  // A far jump at once: it waits for the recording to get there (the last operation).
  const farAsked = await watchFor(page, '^op 4,000,000 / 4,000,000');
  await page.getByTestId('op-jump').fill('4000000');
  await page.getByTestId('op-jump').press('Enter');
  await expect.poll(async () => (await timings(page)).shown, { timeout: 120_000 }).not.toBeNull();
  const far = ((await timings(page)).shown ?? 0) - farAsked;
  const after = await timings(page);
  const done = await recorded(page);
  await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
  await context.close();
  expect(problems).toEqual([]);
  return [
    `first step drawn ${ms(first.shown)} after navigation (status line at ${ms(first.status)})`,
    `a step on ${ms(stepped)}`,
    `jump to operation 4,000,000 asked at ${ms(farAsked)}: shown ${ms(far)} later`,
    `recording done ${ms(done?.at ?? null)} after navigation (${done?.seconds.toFixed(2)} s from its start; in the recorders ${done?.sides.map((side) => `${side.seconds.toFixed(2)} s`).join(', ')})`,
    `long tasks until the first step: ${tasksLine(first.tasks.filter((task) => task.start < (first.shown ?? 0)))}; after it: ${tasksLine([...first.tasks.filter((task) => task.start >= (first.shown ?? 0)), ...after.tasks])}`,
  ].join('; ');
}

/** The tour's scene 12, cold; then the clicker from scene 11 to 12, cold. */
async function scene12(browser: Browser, baseURL: string | undefined): Promise<string[]> {
  const lines: string[] = [];
  {
    const { context, page, problems } = await coldPage(browser, baseURL);
    await instrument(page, SCENE_12);
    await page.goto('/?tour=12');
    await expect.poll(async () => (await timings(page)).shown, { timeout: 120_000 }).not.toBeNull();
    const landed = await timings(page);
    const checked = await landingAgainstRecording(page);
    await context.close();
    expect(problems).toEqual([]);
    lines.push(
      `scene 12 cold: landed ${ms(landed.shown)} after navigation (status line at ${ms(landed.status)}); long tasks: ${tasksLine(landed.tasks)}; ${checked}`,
    );
  }
  {
    const { context, page, problems } = await coldPage(browser, baseURL);
    await instrument(page, SCENE_12);
    await page.goto('/?tour=11');
    await expect(page.getByTestId('tour-index')).toHaveText(/^11 \/ /);
    await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
    await page.locator('body').click({ position: { x: 3, y: 3 } });
    const pressed = await watchFor(page, SCENE_12);
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('tour-index')).toHaveText(/^12 \/ /, { timeout: 60_000 });
    const caption = (await page.evaluate(() => performance.now())) - pressed;
    await expect.poll(async () => (await timings(page)).shown, { timeout: 120_000 }).not.toBeNull();
    const landed = await timings(page);
    await context.close();
    expect(problems).toEqual([]);
    lines.push(
      `scene 11 → 12 by the clicker: caption says 12 within ${ms(caption)}, landed ${ms((landed.shown ?? 0) - pressed)} after the key; long tasks: ${tasksLine(landed.tasks)}`,
    );
  }
  return lines;
}

/** Two processes that keep both cores busy until stopped. */
function busyCores(): ChildProcess[] {
  return [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore', detached: false }),
  );
}

test('benchmark: a large run’s first second (the article’s run, the tour’s scene 12)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(1_200_000);
  const baseURL = testInfo.project.use.baseURL;
  const report: string[] = [];
  for (const loaded of [false, true]) {
    const busy = loaded ? busyCores() : [];
    try {
      const load = loadavg()[0].toFixed(1);
      report.push(
        loaded
          ? `With two busy processes taking both cores (load average ${load}):`
          : `Quiet (load average ${load}):`,
      );
      for (let round = 1; round <= ROUNDS; round++) {
        report.push(
          `  the bare lab (small), round ${round}: ${await smallScenario(browser, baseURL)}`,
        );
        report.push(`  the article's run, round ${round}: ${await articleRun(browser, baseURL)}`);
        for (const line of await scene12(browser, baseURL)) report.push(`  ${line}`);
      }
    } finally {
      for (const child of busy) child.kill();
    }
  }
  const text = report.join('\n');
  console.log(`\nA large run's first second\n${text}\n`);
  await testInfo.attach('first-step', { body: text, contentType: 'text/plain' });
  expect(report.length).toBeGreaterThan(2);
});
