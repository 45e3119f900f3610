// The fault-cost curves: the article's figures computed in workers, tied to the animation.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { BARE_LAB, downloadFrom, expect, open, queryOf, test } from './fixtures';

const chart = (page: Page) => page.getByTestId('curves-chart');

/** The file one of the chart's export buttons (csv, json, svg, png) downloads. */
function exported(page: Page, format: string): Promise<Buffer> {
  return downloadFrom(page, page.getByTestId(`curves-export-${format}`));
}

/** What `npm run sim -- sweep <options> --format csv` prints. */
function cliSweepCsv(options: readonly string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'sweep', ...options, '--format', 'csv'],
    { encoding: 'utf8' },
  );
}

async function readoutAt(page: Page, steps: number): Promise<string> {
  await chart(page).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
  return (await page.getByTestId('curves-readout').textContent()) ?? '';
}

test.describe('the fault-cost curves', () => {
  test('a 1M-item sweep completes while the animation still steps, and shows a ratio of about 10 at 9 pages', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    // Figure 1's run with another seed: the article's own (seed 1) is shipped with the page.
    await open(page, `${BARE_LAB}&cseed=2`);
    // Everything from the click to the end of the sweep happens in one in-page script, so no
    // Playwright script evaluates on the page's main thread while the tasks are measured (its
    // injected scripts showed up in traces as 25-30 ms tasks of their own).
    const tasks = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const durations: string[] = [];
          const clicked = performance.now();
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              durations.push(
                `${Math.round(entry.duration)} ms at +${Math.round(entry.startTime - clicked)} ms`,
              );
            }
          }).observe({ type: 'longtask', buffered: false });
          document.querySelector<HTMLElement>('[data-testid="tab-curves"]')?.click();
          // The tab's panel is built when the tab is first opened (lazyPanel.ts): its progress
          // row is watched from then on, until it has shown and hidden again.
          let started = false;
          const watch = (): void => {
            const progress = document.querySelector<HTMLElement>('[data-testid="curves-progress"]');
            const row = progress?.parentElement;
            if (!row) {
              requestAnimationFrame(watch);
              return;
            }
            if (!row.hidden) started = true;
            new MutationObserver(() => {
              if (!row.hidden) started = true;
              else if (started) setTimeout(() => resolve(durations), 100);
            }).observe(row, { attributes: true, attributeFilter: ['hidden'] });
          };
          watch();
        }),
    );
    const timings = await page.evaluate(() =>
      ['bheap:sweep', 'bheap:chart'].map((name) =>
        performance
          .getEntriesByName(name)
          .map((entry) => `${name} ${Math.round(entry.duration)} ms`),
      ),
    );
    // The sweep's long tasks are reported, not asserted: a task's wall time is the machine's
    // (CI failed on the tab's first frame, 80 ms, on a run whose CPU took a few ms). The target,
    // no task over 50 ms, is the sweep benchmark's (npm run bench:page).
    const line = `main-thread tasks over 50 ms: ${tasks.length === 0 ? 'none' : tasks.join(', ')} (sweep and chart: ${timings.join('; ')})`;
    console.log(line);
    testInfo.annotations.push({ type: 'long tasks', description: line });
    await expect(page.getByTestId('curves-progress')).toBeHidden();
    // While the sweep ran, the page stayed interactive: step the animation.
    const readout = await readoutAt(page, 8);
    expect(readout).toMatch(/^9 resident pages/);
    const ratio = Number(/ratio ([\d.]+)/.exec(readout)?.[1]);
    expect(ratio).toBeGreaterThanOrEqual(9);
    const sweep = await page.evaluate(() =>
      performance.getEntriesByName('bheap:sweep').map((entry) => entry.duration),
    );
    await testInfo.attach('browser-sweep-ms', {
      body: JSON.stringify(sweep),
      contentType: 'application/json',
    });
    await page.screenshot({ path: 'test-results/screenshots/curves-fig1.png' });
  });

  test('Cancel stops a sweep and nothing stale is drawn later', async ({ page }) => {
    await open(page, '/?panel=curves&preset=fig1&cseed=2');
    await expect(page.getByTestId('curves-progress')).toBeVisible();
    await page.getByTestId('curves-cancel').click();
    await expect(page.getByTestId('curves-progress')).toBeHidden();
    await expect(page.locator('.curves-status')).toContainText('Cancelled');
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('curves-readout')).not.toContainText('resident pages');
  });

  test('changing a parameter replaces the running sweep with the new one', async ({ page }) => {
    await open(page, '/?panel=curves&preset=fig1&cseed=2');
    await expect(page.getByTestId('curves-progress')).toBeVisible();
    await page.getByTestId('curves-items').fill('30000');
    await page.getByTestId('curves-items').press('Enter');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await expect(chart(page)).toContainText('30k items');
    await page.waitForURL(/citems=30000/);
    const readout = await readoutAt(page, 0);
    // 30000 items at 512 per page span 59 pages: the readout is for that run, not the 1M one.
    expect(readout).toMatch(/^1 resident page \(58 missing/);
  });

  test('the CSV download matches the command line; JSON, SVG and PNG export too', async ({
    page,
  }) => {
    await open(page, '/?panel=curves&preset=custom&citems=20000&cpage=64&cio=10&cseed=3');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await expect(chart(page)).toContainText('20k items');
    const browserCsv = (await exported(page, 'csv')).toString('utf8');
    const cliCsv = cliSweepCsv([
      '--items',
      '20000',
      '--page-items',
      '64',
      '--io-ms',
      '10',
      '--seed',
      '3',
    ]);
    expect(browserCsv.split('\n')[0]).toBe(
      'layout,frames,pageIns,writebacks,transfersPerOp,seconds',
    );
    expect(browserCsv).toBe(cliCsv);
    const json = JSON.parse((await exported(page, 'json')).toString('utf8')) as {
      results: { layout: string; frames: number[]; pageIns: number[] }[];
    };
    expect(json.results.map((result) => result.layout)).toEqual(['binary', 'bheap']);
    expect(json.results[0].pageIns).toHaveLength(json.results[0].frames.length);
    const svg = (await exported(page, 'svg')).toString('utf8');
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('20k items');
    const png = await exported(page, 'png');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  test('the CSV of a pair of trees with a chosen node size matches the command line', async ({
    page,
  }) => {
    await open(
      page,
      '/?panel=curves&preset=custom&citems=2000&cpage=64&cleft=treap&cright=rb&cnode=64',
    );
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await expect(page.getByTestId('curves-node')).toHaveValue('64');
    const browserCsv = (await exported(page, 'csv')).toString('utf8');
    const cliCsv = cliSweepCsv([
      '--layout',
      'treap,rb',
      '--items',
      '2000',
      '--page-items',
      '64',
      '--node-bytes',
      '64',
    ]);
    expect(browserCsv.split('\n')[1]).toMatch(/^treap,1,/);
    expect(browserCsv).toContain('\nrb,1,');
    expect(browserCsv).toBe(cliCsv);
  });

  test("CLOCK with the OPT floor: the chart names them, the link keeps them, the CSV is the CLI's", async ({
    page,
    problems,
  }) => {
    await open(page, '/?panel=curves&preset=custom&citems=20000&cpage=64&cseed=3');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await page.getByTestId('curves-policy').selectOption('clock');
    await page.getByTestId('curves-floor').selectOption('1');
    await page.waitForURL(/[?&]cpolicy=clock&cfloor=1/);
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 90_000 });
    await expect(chart(page)).toContainText('OPT floor');
    await expect(page.getByTestId('curves-readout')).toContainText('CLOCK');
    await expect(page.getByTestId('curves-readout')).toContainText('OPT floor');
    const browserCsv = (await exported(page, 'csv')).toString('utf8');
    const cliCsv = cliSweepCsv([
      '--items',
      '20000',
      '--page-items',
      '64',
      '--seed',
      '3',
      '--policy',
      'clock,opt',
    ]);
    expect(browserCsv.split('\n')[0]).toContain('policy');
    expect(browserCsv).toBe(cliCsv);
    expect(problems).toEqual([]);
  });

  test('any two structures can be compared, and the choice goes into the link', async ({
    page,
  }) => {
    await open(page, '/?panel=curves&cleft=treap&cright=rb&citems=3000&cpage=64');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    const legend = chart(page).locator('.cc-legend');
    await expect(legend).toContainText('Treap');
    await expect(legend).toContainText('Red-black tree');
    await expect(chart(page)).toHaveAttribute('aria-label', /of the Treap and the Red-black tree/);
    await expect(page.getByTestId('curves-left')).toHaveValue('treap');
    await expect(page.getByTestId('curves-node')).toBeVisible();
    expect(await readoutAt(page, 0)).toMatch(/Treap .*, Red-black tree .*, ratio /);

    await page.getByTestId('curves-right').selectOption('list');
    await page.waitForURL(/cright=list/);
    expect(queryOf(page)).toContain('preset=custom');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await expect(legend).toContainText('Sorted list');
    await expect(legend).not.toContainText('Red-black tree');
    await expect(chart(page)).toContainText('Treap vs Sorted list');
    expect(await readoutAt(page, 0)).toMatch(/Treap .*, Sorted list .*, ratio /);

    // A heap against a tree: the heap spans far fewer pages, and its curve continues flat to the
    // tree's page count (3000 items at 64 per page: 47 heap pages, 282 tree pages of 48 bytes).
    await page.getByTestId('curves-left').selectOption('binary');
    await page.waitForURL(/cleft=binary/);
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await expect(legend).toContainText('Binary heap');
    await chart(page).focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('curves-readout')).toContainText(
      /^282 resident pages \(0 missing/,
    );
    const atEnd = (await page.getByTestId('curves-readout').textContent()) ?? '';
    for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect(page.getByTestId('curves-readout')).toContainText(/^82 resident pages/);
    const binaryAt = (text: string): string => /Binary heap ([^,]+),/.exec(text)?.[1] ?? 'none';
    const inside = (await page.getByTestId('curves-readout').textContent()) ?? '';
    expect(binaryAt(inside)).toBe(binaryAt(atEnd));

    // Two heaps have no nodes, so the node size is hidden; a preset goes back to the article's pair.
    await page.getByTestId('curves-right').selectOption('bheap');
    await expect(page.getByTestId('curves-node')).toBeHidden();
    await page.getByTestId('curves-left').selectOption('dary4');
    await page.getByTestId('curves-preset-fig2').click();
    await expect(page.getByTestId('curves-left')).toHaveValue('binary');
    await expect(page.getByTestId('curves-right')).toHaveValue('bheap');
    await page.waitForURL(/cleft=binary&cright=bheap/);
  });

  test('a bad structure or node size is named with the allowed values and falls back', async ({
    page,
  }) => {
    await open(page, '/?panel=curves&cleft=splay&cright=treap&citems=2000&cpage=64');
    await expect(page.getByTestId('scenario-error')).toContainText(
      'cleft must be one of list, binary, bheap, bheap-strict, dary4, dary8, treap, llrb, rb, got "splay"',
    );
    await expect(page.getByTestId('curves-left')).toHaveValue('binary');
    await expect(page.getByTestId('curves-right')).toHaveValue('treap');
    expect(queryOf(page)).toContain('cleft=binary');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await expect(chart(page).locator('.cc-legend')).toContainText('Binary heap');

    await page.getByTestId('curves-node').fill('52');
    await page.getByTestId('curves-node').press('Enter');
    await expect(page.getByTestId('scenario-error')).toContainText(
      'node size (bytes) must be a multiple of 8 from 48 (the Treap\'s key, item and 4 links) to 4096, got "52"; keeping 48',
    );
    await expect(page.getByTestId('curves-node')).toHaveValue('48');
    await page.getByTestId('curves-node').fill('96');
    await page.getByTestId('curves-node').press('Enter');
    await page.waitForURL(/cnode=96/);
  });

  test('clicking a point sets the animation to the same pressure, scaled', async ({ page }) => {
    await open(page, '/?panel=curves&preset=custom&citems=20000&cpage=64');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    await chart(page).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // All pages resident in the curves' run -> all 7 pages resident in the animation.
    await expect(page.getByTestId('control-frames')).toHaveValue('7');
    await expect(page.getByTestId('curves-note')).toContainText('scaled');
    await page.waitForURL(/frames=7/);
  });

  test('the curve parameters round-trip through the link, and bad ones are named', async ({
    page,
  }) => {
    await open(page, '/?panel=curves&preset=fig3&citems=5000&cpage=16&cmode=transfers&cunit=pages');
    await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 60_000 });
    const query = queryOf(page);
    for (const part of [
      'panel=curves',
      'preset=fig3',
      'citems=5000',
      'cpage=16',
      'cmode=transfers',
      'cunit=pages',
    ]) {
      expect(query).toContain(part);
    }
    await expect(page.getByTestId('curves-mode')).toHaveValue('transfers');
    await open(page, '/?panel=curves&citems=99999999&cpage=7&ccpu=gpu');
    const error = page.getByTestId('scenario-error');
    await expect(error).toContainText('citems must be an integer from 1 to 16777216');
    await expect(error).toContainText('cpage (items per page) must be a power of two');
    await expect(error).toContainText('ccpu must be one of article, measure');
    // What the refused values fall back to is the article's run, shipped with the page: drawn
    // with nothing to compute.
    await expect(page.locator('section.curves')).toHaveAttribute('data-drawn-items', '1000000');
    await expect(page.getByTestId('curves-progress')).toBeHidden();
  });
});
