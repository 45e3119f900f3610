// A performance report for the article's run in the page (1M items, 512 per page, both heaps),
// not a timed test: it prints and attaches what it measures and asserts only that it measured.
// Targets (issue 18): prepare <= 2 s; a seek to any operation <= 200 ms at p95 over 100 random
// targets; one step <= 16 ms; autoplay at 60 frames/s at 1000 steps/s; the page's JavaScript
// heap <= 300 MB; no main-thread task over 50 ms while preparing, seeking or playing.
import type { Page } from '@playwright/test';
import { expect, longTasks, test, watchLongTasks } from '../fixtures';
import { autoplayFrames, frameRate, summary } from '../report';

const ARTICLE = '?items=1000000&page=512&frames=9&keys=2147483648&step=0';

async function measures(page: Page, name: string): Promise<number[]> {
  return page.evaluate(
    (entry) => performance.getEntriesByName(entry).map((measure) => measure.duration),
    name,
  );
}

function tasksLine(tasks: number[]): string {
  return tasks.length === 0
    ? 'none over 50 ms'
    : `${tasks.length} over 50 ms, longest ${Math.max(...tasks).toFixed(0)} ms`;
}

/**
 * Jumps by "go to operation" to each target in turn; each time, from the Enter key's event to the
 * frame after the one that shows the operation, both taken in the page (Playwright's round trips
 * and polling are not in it).
 */
async function seekTimesTo(page: Page, targets: number[]): Promise<number[]> {
  const seekTimes: number[] = [];
  for (const op of targets) {
    await page.getByTestId('op-jump').fill(String(op));
    const shown = page.evaluate(
      (label) =>
        new Promise<number>((resolve) => {
          const input = document.querySelector('[data-testid="op-jump"]');
          const target = document.querySelector('[data-testid="op-label"]');
          if (input === null || target === null) throw new Error('no transport');
          let pressed = 0;
          input.addEventListener(
            'keydown',
            () => {
              pressed = performance.now();
            },
            { capture: true, once: true },
          );
          const observer = new MutationObserver(() => {
            if (!(target.textContent ?? '').startsWith(label)) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - pressed));
          });
          observer.observe(target, { childList: true, characterData: true, subtree: true });
        }),
      `op ${(op - 1).toLocaleString('en-US')} /`,
    );
    await page.getByTestId('op-jump').press('Enter');
    seekTimes.push(await shown);
    await expect(page.getByTestId('op-label')).toHaveText(
      new RegExp(`^op ${(op - 1).toLocaleString('en-US')} /`),
    );
  }
  return seekTimes;
}

interface Recording {
  seconds: number;
  sides: { seconds: number; checkpointBytes: number }[];
}

test('benchmark: the article’s run in the page (1M items, 512 per page, both heaps)', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const report: string[] = [];
  // The page loaded first, so what is timed is the run, not the page's own start.
  await page.goto('/?tour=off&step=0');
  await expect(page.getByTestId('preparing')).toBeHidden();
  await page.waitForTimeout(500);

  // 1. Preparing: from the link to the first step shown.
  await watchLongTasks(page);
  const started = await page.evaluate((link) => {
    const at = performance.now();
    history.pushState(null, '', link);
    dispatchEvent(new PopStateEvent('popstate'));
    return at;
  }, `/${ARTICLE}`);
  await expect(page.getByTestId('step-label')).toHaveText(/^step 0 \/ \d{3}(,\d{3}){2}$/, {
    timeout: 120_000,
  });
  const shown = await page.evaluate(() => performance.now());
  const recording = await page.evaluate(
    () =>
      (performance.getEntriesByName('bheap:recorded').at(-1) as PerformanceMark | undefined)
        ?.detail as Recording | undefined,
  );
  report.push(
    `prepare (link to first step shown): ${((shown - started) / 1000).toFixed(2)} s; the workers' recording ${recording?.seconds.toFixed(2)} s (left ${recording?.sides[0].seconds.toFixed(2)} s, right ${recording?.sides[1].seconds.toFixed(2)} s in their workers); long tasks: ${tasksLine(await longTasks(page))}`,
  );
  const checkpoints = (recording?.sides ?? []).map((side) => side.checkpointBytes / 2 ** 20);
  report.push(
    `checkpoints each serving worker keeps: ${checkpoints.map((mb) => `${mb.toFixed(0)} MB`).join(', ')} (plus its copy of the 4M operations, 52 MB, and its heap)`,
  );

  // 2. Seeks to 100 operations spread at random (a fixed sequence) by "go to operation".
  await watchLongTasks(page);
  await page.evaluate(() => performance.clearMeasures());
  let state = 20101;
  const nextOp = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % 4_000_000);
  };
  const seekTimes = await seekTimesTo(page, Array.from({ length: 100 }, nextOp));
  const far = await measures(page, 'bheap:far-seek');
  const workerLeft = await measures(page, 'bheap:worker-state-left');
  const workerRight = await measures(page, 'bheap:worker-state-right');
  report.push(
    `seek to a random operation (keypress to the frame showing it): ${summary(seekTimes)}; long tasks: ${tasksLine(await longTasks(page))}`,
  );
  report.push(
    `  of which fetched from the workers (request to state shown): ${summary(far)}; in the workers: left ${summary(workerLeft)}, right ${summary(workerRight)}`,
  );

  // 3. One step at a time, forward and back, around the last operation reached.
  await page.locator('body').click({ position: { x: 3, y: 3 } });
  await page.evaluate(() => performance.clearMeasures());
  for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
  const stepSeek = await measures(page, 'bheap:seek');
  const stepRender = await measures(page, 'bheap:render');
  report.push(`one step: seek ${summary(stepSeek)}; render ${summary(stepRender)}`);

  // 4. Autoplay at 1000 steps per second.
  await page.getByTestId('speed').selectOption('1000');
  await watchLongTasks(page);
  await page.evaluate(() => performance.clearMeasures());
  const frames = await autoplayFrames(page, 300);
  const { fps, seconds: elapsed } = frameRate(frames);
  const playRender = await measures(page, 'bheap:render');
  report.push(
    `autoplay at 1000 steps/s: ${fps.toFixed(1)} frames/s over ${elapsed.toFixed(1)} s; render ${summary(playRender)}; long tasks: ${tasksLine(await longTasks(page))}`,
  );

  // 5. The page's JavaScript heap after a collection, its typed arrays included (the workers'
  // heaps are their own; section 1 gives their checkpoints).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const metric = (name: string): number =>
    metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
  const memory = await page.evaluate(
    () =>
      (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
      Number.NaN,
  );
  report.push(
    `the page's JavaScript heap: ${(memory / 2 ** 20).toFixed(0)} MB used (performance.memory, typed arrays included); the V8 heap alone ${(metric('JSHeapUsedSize') / 2 ** 20).toFixed(0)} MB of ${(metric('JSHeapTotalSize') / 2 ** 20).toFixed(0)} MB`,
  );

  const text = report.join('\n');
  console.log(`\nThe article's run in the page\n${text}\n`);
  await testInfo.attach('article-run-benchmark', { body: text, contentType: 'text/plain' });
  expect(seekTimes.length).toBe(100);
  expect(frames.length).toBe(300);
});

// Past the issue's targets (set for 512 items a page): the same million-odd items at small pages,
// where a side spans up to 262,145 pages and the grid draws several pages a cell at 1280 px.
test('benchmark: 2^20 items at 16 and at 4 items per page (binary heap and B-heap)', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const report: string[] = [];
  for (const itemsPerPage of [16, 4]) {
    await page.goto('/?tour=off&step=0');
    await expect(page.getByTestId('preparing')).toBeHidden();
    await watchLongTasks(page);
    const link = `/?items=1048576&page=${itemsPerPage}&frames=9&keys=2147483648&step=0`;
    const started = await page.evaluate((url) => {
      const at = performance.now();
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
      return at;
    }, link);
    await expect(page.getByTestId('step-label')).toHaveText(/^step 0 \/ \d{3}(,\d{3}){2}$/, {
      timeout: 120_000,
    });
    const prepared = (await page.evaluate(() => performance.now())) - started;
    const prepareTasks = await longTasks(page);
    const pages = await page.getByTestId('page-grid-left').getAttribute('aria-label');
    const perCell = await page.getByTestId('page-grid-left').getAttribute('data-per-cell');

    await watchLongTasks(page);
    let state = 20101;
    const nextOp = (): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return 1 + (state % 4_000_000);
    };
    const seeks = await seekTimesTo(page, Array.from({ length: 20 }, nextOp));
    const seekTasks = await longTasks(page);

    await page.locator('body').click({ position: { x: 3, y: 3 } });
    await page.getByTestId('speed').selectOption('1000');
    await watchLongTasks(page);
    const { fps } = frameRate(await autoplayFrames(page, 120));
    const playTasks = await longTasks(page);
    const memory = await page.evaluate(
      () =>
        (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory
          ?.usedJSHeapSize ?? Number.NaN,
    );
    report.push(
      `${itemsPerPage} items a page (${/of (\d+)/.exec(pages ?? '')?.[1]} pages a side, ${perCell} a cell): prepare ${(prepared / 1000).toFixed(2)} s (long tasks: ${tasksLine(prepareTasks)}); seek ${summary(seeks)} (long tasks: ${tasksLine(seekTasks)}); autoplay ${fps.toFixed(1)} frames/s (long tasks: ${tasksLine(playTasks)}); JavaScript heap ${(memory / 2 ** 20).toFixed(0)} MB`,
    );
    expect(seeks.length).toBe(20);
  }
  const text = report.join('\n');
  console.log(`\nA million items at small pages\n${text}\n`);
  await testInfo.attach('small-pages-benchmark', { body: text, contentType: 'text/plain' });
});
