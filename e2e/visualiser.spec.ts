// The page a teacher projects: the default scenario, stepping, playback, keyboard and links.
import { execFileSync } from 'node:child_process';
import { cliArgsFor } from '../src/core/scenario/format';
import { parseScenario } from '../src/core/scenario/parse';
import { PAGE_MAX_HEAP_ITEMS } from '../src/core/scenario/scenario';
import {
  BARE_LAB,
  currentStep,
  expect,
  expectCountersAt,
  expectStep,
  open,
  openControls,
  queryOf,
  readCounters,
  test,
  timelineFor,
} from './fixtures';

test.describe('the visualiser', () => {
  test('renders the default scenario with both heaps, their pages and trees', async ({
    page,
    problems,
  }) => {
    await open(page, BARE_LAB);
    for (const id of [
      'page-grid-left',
      'page-grid-right',
      'tree-left',
      'tree-right',
      'play',
      'copy-link',
    ]) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    // The link now carries the whole scenario, with defaults filled in.
    expect(queryOf(page)).toContain('v=3');
    expect(queryOf(page)).toContain('page=8');
    const counters = await readCounters(page);
    expect(Object.values(counters).every((value) => value === 0)).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/default-scenario.png' });
    expect(problems).toEqual([]);
  });

  test('stepping forward and back changes the counters exactly as the core computes', async ({
    page,
  }) => {
    await open(page, BARE_LAB);
    for (let i = 0; i < 25; i++) await page.getByTestId('step-forward').click();
    const at25 = await expectCountersAt(page, 25);
    expect(Object.values(at25).some((value) => value > 0)).toBe(true);
    for (let i = 0; i < 7; i++) await page.getByTestId('step-back').click();
    await expectCountersAt(page, 18);
  });

  test('stepping by operation lands on operation boundaries', async ({ page }) => {
    await open(page, BARE_LAB);
    const timeline = timelineFor(queryOf(page));
    await page.getByTestId('op-forward').click();
    await expectStep(page, timeline.stepStart[1]);
    await page.getByTestId('op-forward').click();
    await expectStep(page, timeline.stepStart[2]);
    await page.getByTestId('op-forward').click();
    const boundary = timeline.stepStart[3];
    expect(boundary).toBeGreaterThan(3);
    await expectCountersAt(page, boundary);
    await page.getByTestId('op-back').click();
    await expectStep(page, timeline.stepStart[2]);
  });

  test('a mid-sift step highlights pseudocode and narrates the comparison', async ({ page }) => {
    await open(page, BARE_LAB);
    const timeline = timelineFor(queryOf(page));
    // Find a step in the middle of a popMin's sift-down on the binary side.
    let target = -1;
    for (let k = 0; k < timeline.ops.length && target < 0; k++) {
      if (timeline.opKindAt(k) !== 'popMin') continue;
      for (let s = timeline.stepStart[k] + 1; s <= timeline.stepStart[k + 1]; s++) {
        timeline.seek(s);
        const event = timeline.currentEvents()[0];
        if (
          event?.kind === 'compare' &&
          event.role === 'parent-child' &&
          s > timeline.stepStart[k] + 12
        ) {
          target = s;
          break;
        }
      }
    }
    expect(target).toBeGreaterThan(0);
    await open(page, `/${queryOf(page).replace(/step=\d+/, `step=${target}`)}`);
    await expectStep(page, target);
    await expect(page.getByTestId('narration-left')).toContainText('Compare slot');
    await expect(page.getByTestId('narration-left')).toContainText('smaller child');
    await expect(page.locator('[data-testid="pseudocode"] li.lit')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/screenshots/mid-sift.png' });
  });

  test('play advances the cursor and pause stops it', async ({ page }) => {
    await open(page, BARE_LAB);
    await page.getByTestId('speed').selectOption('300');
    await page.getByTestId('play').click();
    await expect.poll(() => currentStep(page), { timeout: 10_000 }).toBeGreaterThan(20);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    await page.waitForTimeout(100);
    const paused = await currentStep(page);
    await page.waitForTimeout(400);
    expect(await currentStep(page)).toBe(paused);
    await expectCountersAt(page, paused);
  });

  test('the keyboard steps, jumps and plays', async ({ page }) => {
    await open(page, BARE_LAB);
    const timeline = timelineFor(queryOf(page));
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectStep(page, 2);
    await page.keyboard.press('ArrowLeft');
    await expectStep(page, 1);
    await page.keyboard.press('Shift+ArrowRight');
    await expectStep(page, timeline.stepStart[1]);
    await page.keyboard.press('Shift+ArrowLeft');
    await expectStep(page, 0);
    await page.keyboard.press('End');
    await expectCountersAt(page, timeline.totalSteps);
    await page.keyboard.press('Home');
    await expectStep(page, 0);
    await page.keyboard.press('Space');
    await expect.poll(() => currentStep(page)).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    await page.waitForTimeout(100);
    const paused = await currentStep(page);
    await page.waitForTimeout(300);
    expect(await currentStep(page)).toBe(paused);
  });

  test('a link round-trips to the identical state', async ({ page, context }) => {
    await open(
      page,
      '/?v=1&items=90&page=8&frames=5&io=10&seed=7&workload=expiry&keys=500&step=321',
    );
    await expectStep(page, 321);
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    await page.waitForFunction(() => window.location.search.includes('step=323'));
    const link = page.url();
    const counters = await expectCountersAt(page, 323);
    const other = await context.newPage();
    await open(other, link);
    await expectStep(other, 323);
    expect(await readCounters(other)).toEqual(counters);
    await expect(other.getByTestId('control-workload')).toHaveValue('expiry');
    // Back and forward restore earlier scenarios.
    await openControls(other);
    await other.getByTestId('control-seed').fill('8');
    await other.getByTestId('control-seed').press('Enter');
    await other.waitForFunction(() => window.location.search.includes('seed=8'));
    await other.goBack();
    await other.waitForFunction(() => window.location.search.includes('seed=7'));
    await expect(other.getByTestId('control-seed')).toHaveValue('7');
    await expectStep(other, 323);
    await expect.poll(() => readCounters(other)).toEqual(counters);
  });

  test('copy link puts the scenario link on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/?items=40&frames=3&step=10');
    await page.getByTestId('copy-link').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
    expect(copied).toContain('step=10');
  });

  test('a bad link names each bad parameter, falls back, and the page still works', async ({
    page,
  }) => {
    await open(
      page,
      '/?v=1&items=%3Cimg%20src%3Dx%3E&page=500&frames=0&seed=-4&workload=nope&%3Cb%3Ebold%3C%2Fb%3E=1&step=99999999',
    );
    const error = page.getByTestId('scenario-error');
    await expect(error).toBeVisible();
    for (const name of [
      'items',
      'page (items per page)',
      'frames',
      'seed',
      'workload',
      'unknown parameter',
      'step',
    ]) {
      await expect(error).toContainText(name);
    }
    await expect(error).toContainText('power of two from 4 to 4096');
    // Parameter text is shown as text, never parsed as HTML.
    await expect(error.locator('b, img')).toHaveCount(0);
    await expect(error).toContainText('<b>bold</b>');
    await expect(error).toContainText('<img src=x>');
    await expect(page.getByTestId('page-grid-left')).toBeVisible();
    await page.getByTestId('step-forward').click();
    await expectCountersAt(page, 1);
    await page.screenshot({ path: 'test-results/screenshots/bad-link.png' });
  });

  test('a too-large heap is refused with a message instead of freezing', async ({ page }) => {
    await open(page, '/?items=50000000');
    await expect(page.getByTestId('scenario-error')).toContainText(
      `items must be an integer from 1 to ${PAGE_MAX_HEAP_ITEMS}`,
    );
    await expect(page.getByTestId('control-items')).toHaveValue('48');
  });

  test('a bad control value is refused and keeps the previous value', async ({ page }) => {
    await open(page, '/?items=40&step=5');
    await openControls(page);
    await page.getByTestId('control-items').fill('0');
    await page.getByTestId('control-items').press('Enter');
    await expect(page.getByTestId('scenario-error')).toContainText(
      `items must be an integer from 1 to ${PAGE_MAX_HEAP_ITEMS}`,
    );
    await expect(page.getByTestId('control-items')).toHaveValue('40');
  });

  test('a custom script runs on both heaps', async ({ page }) => {
    await open(page, '/?workload=script&ops=i%205%2C%20i%203%2C%20i%209%2C%20pop%2C%20del%201');
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    await page.keyboard.press('End');
    const timeline = timelineFor(queryOf(page));
    const counters = await expectCountersAt(page, timeline.totalSteps);
    expect(counters['comparisons-left']).toBeGreaterThan(0);
  });
});

test.describe('the visualiser for a projector', () => {
  test('the theme toggle switches light and dark and remembers the choice', async ({ page }) => {
    await open(page, '/?step=40');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    await page.getByTestId('theme').click();
    const first = await theme();
    expect(['light', 'dark']).toContain(first);
    await page.getByTestId('theme').click();
    const second = await theme();
    expect(second).not.toBe(first);
    await page.reload();
    expect(await theme()).toBe(second);
    await expect(page.getByTestId('page-grid-left')).toBeVisible();
  });

  test('the legend paints every swatch when it is seen, and again in the other theme', async ({
    page,
  }) => {
    await open(page, '/?step=40');
    const legend = page.getByTestId('page-legend');
    await legend.scrollIntoViewIfNeeded();
    // Each swatch's pixels: how many are not transparent, and the colour of its middle.
    const swatches = () =>
      legend.evaluate((root) =>
        [...root.querySelectorAll('canvas')].map((canvas) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let inked = 0;
          for (let at = 3; at < data.length; at += 4) if (data[at] > 0) inked++;
          const middle =
            (Math.floor(canvas.height / 2) * canvas.width + Math.floor(canvas.width / 2)) * 4;
          return { inked, middle: [...data.slice(middle, middle + 4)].join(',') };
        }),
      );
    // Four page states, the recency ramp and five marks.
    await expect
      .poll(async () => (await swatches()).map((s) => s.inked > 0))
      .toEqual(Array(10).fill(true));
    const before = await swatches();
    // The toggle goes to the theme the page is not showing: the other palette.
    await page.getByTestId('theme').click();
    await expect
      .poll(async () => {
        const now = await swatches();
        return now.every((s) => s.inked > 0) && now[0].middle !== before[0].middle;
      })
      .toBe(true);
  });

  test('the tree shows keys or slot numbers', async ({ page }) => {
    await open(page, '/?step=400');
    const tree = page.getByTestId('tree-right');
    await expect(tree).toHaveAttribute('data-mode', 'keys');
    await page.getByTestId('tree-mode').click();
    await expect(tree).toHaveAttribute('data-mode', 'slots');
    await expect(page.getByTestId('tree-left')).toHaveAttribute('data-mode', 'slots');
    await expect(page.getByTestId('tree-mode')).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('moving by operation', () => {
  test('the scrubber moves by operation, and "go to operation" lands at its start', async ({
    page,
    problems,
  }) => {
    await open(page, BARE_LAB);
    const timeline = timelineFor(queryOf(page));
    const operations = timeline.ops.length;
    await expect(page.getByTestId('scrubber')).toHaveAttribute('max', String(operations));
    await page.getByTestId('scrubber').fill('100');
    await expectStep(page, timeline.stepStart[100]);
    await expect(page.getByTestId('op-label')).toContainText(`op 100 / ${operations}`);
    await page.getByTestId('op-jump').fill('57');
    await page.getByTestId('op-jump').press('Enter');
    // Operation 57 shown: its first event.
    await expectStep(page, timeline.stepStart[56] + 1);
    await expect(page.getByTestId('op-label')).toContainText(`op 57 / ${operations} · event 1 of`);
    await page.waitForURL(new RegExp(`[?&]step=${timeline.stepStart[56] + 1}&`));
    // The arrow keys step again at once: the box let go of the focus.
    await page.keyboard.press('ArrowRight');
    await expectStep(page, timeline.stepStart[56] + 2);
    expect(problems).toEqual([]);
  });

  test('at ten operations, the counters equal npm run sim -- run --until-op at the same operation', async ({
    page,
    problems,
  }) => {
    test.setTimeout(120_000);
    // Under CLOCK, so the cut run's pager state matters, not only its counts of references.
    await open(page, '/?tour=off&items=200&page=8&frames=5&policy=clock&keys=1000&step=0');
    const query = queryOf(page);
    const scenario = parseScenario(query).scenario;
    const timeline = timelineFor(query);
    const operations = timeline.ops.length;
    // A fixed spread of operations, the same on every run.
    const targets = Array.from({ length: 10 }, (_, i) => 1 + ((i * 7919 + 13) % operations));
    for (const op of targets) {
      await page.getByTestId('op-jump').fill(String(op));
      await page.getByTestId('op-jump').press('Enter');
      // Operation op shown: its first event, after which op - 1 operations are done.
      await expectStep(page, timeline.stepStart[op - 1] + 1);
      const shown = await readCounters(page);
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
          { encoding: 'utf8' },
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
      ['left', 'right'].forEach((side, index) => {
        const result = cli.results[index];
        expect(
          [
            shown[`comparisons-${side}`],
            shown[`swaps-${side}`],
            shown[`zerofill-${side}`],
            shown[`pageins-${side}`],
            shown[`writebacks-${side}`],
          ],
          `operation ${op}, ${side}`,
        ).toEqual([
          result.comparisons,
          result.swaps,
          result.zeroFill,
          result.pageIns[0],
          result.writebacks[0],
        ]);
      });
    }
    expect(problems).toEqual([]);
  });
});
