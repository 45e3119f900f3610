// Issue 5's journeys: choose the structure of each side, step it, and share it by link.
import { execFileSync } from 'node:child_process';
import { cliArgsFor } from '../src/core/scenario/format';
import { parseScenario } from '../src/core/scenario/parse';
import {
  BARE_LAB,
  currentStep,
  expect,
  expectCountersAt,
  open,
  openControls,
  queryOf,
  test,
  timelineFor,
} from './fixtures';

test.describe('the other priority queues', () => {
  test('choosing a treap for the left side runs it against the B-heap, step by step', async ({
    page,
    problems,
  }) => {
    await open(page, BARE_LAB);
    await openControls(page);
    await page.getByTestId('control-left').selectOption('treap');
    await page.waitForURL(/left=treap/);
    await expect(page.getByTestId('preparing')).toBeHidden();
    await expect(page.getByTestId('title-left')).toHaveText('Treap');
    await expect(page.getByTestId('title-right')).toHaveText('B-heap');
    // The node size control appears once a side holds nodes, and goes into the link.
    await expect(page.getByTestId('control-node')).toBeVisible();
    expect(queryOf(page)).toContain('node=48');

    for (let i = 0; i < 30; i++) await page.getByTestId('step-forward').click();
    await expectCountersAt(page, 30);
    await expect(page.getByTestId('narration-left')).toContainText('Treap:');
    await expect(page.getByTestId('tree-left')).toHaveAttribute('aria-label', /Treap/);
    // Two structures with different pseudocode show both listings.
    await expect(page.getByTestId('pseudocode')).toBeVisible();
    await expect(page.getByTestId('pseudocode-2')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/treap-vs-bheap.png' });
    expect(problems).toEqual([]);
  });

  test("choosing the strict B-heap for the left side runs it against the B-heap, ending with the CLI's counts", async ({
    page,
    problems,
  }) => {
    // 40 items at 8 slots a page: page 0 holds 7, each later page 6 (positions 0 and 1 empty).
    await open(page, `${BARE_LAB}&items=40&page=8&frames=3`);
    await openControls(page);
    await page.getByTestId('control-left').selectOption({ label: 'Strict B-heap' });
    await page.waitForURL(/left=bheap-strict/);
    await expect(page.getByTestId('preparing')).toBeHidden();
    await expect(page.getByTestId('title-left')).toHaveText('Strict B-heap');
    await expect(page.getByTestId('title-right')).toHaveText('B-heap');
    // Heaps on both sides: no node size, one shared listing.
    await expect(page.getByTestId('control-node')).toBeHidden();
    await expect(page.getByTestId('pseudocode-2')).toBeHidden();
    // The controls fold away, as a reader folds them to watch: open, they leave the 1280 x 720
    // tree too little height for ten labelled nodes whole (keys fit inside their circles now).
    await page.getByTestId('controls-toggle').click();
    await expect(page.getByTestId('controls-toggle')).toHaveAttribute('aria-expanded', 'false');

    for (let i = 0; i < 10; i++) await page.getByTestId('op-forward').click();
    await expectCountersAt(page, timelineFor(queryOf(page)).stepStart[10]);
    await expect(page.getByTestId('narration-left')).toContainText('Strict B-heap:');
    await expect(page.getByTestId('tree-left')).toHaveAttribute('aria-label', /Strict B-heap/);
    // Ten inserts: slots 1-7 fill page 0, then page 1 from its position 2 (slots 8, 9 unused).
    const drawnSlots = await page
      .getByTestId('tree-left')
      .locator('g.tv-node[data-slot]')
      .evaluateAll((nodes) =>
        nodes.map((node) => Number(node.getAttribute('data-slot'))).sort((a, b) => a - b),
      );
    expect(drawnSlots).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 12]);
    await expect(page.getByTestId('pseudocode')).toHaveAttribute(
      'aria-label',
      'pseudocode of the Strict B-heap and B-heap',
    );
    await page.screenshot({ path: 'test-results/screenshots/strict-vs-bheap-op10.png' });

    await page.keyboard.press('End');
    const query = queryOf(page);
    const counters = await expectCountersAt(page, timelineFor(query).totalSteps);
    // The command line's run of the same parameters: the left side is its first result.
    const args = cliArgsFor(parseScenario(query).scenario, 'run');
    expect(args.slice(0, 3)).toEqual(['run', '--layout', 'bheap-strict,bheap']);
    const cli = JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', ...args, '--format', 'json'],
        {
          encoding: 'utf8',
        },
      ),
    ) as {
      results: {
        layout: string;
        pages: number;
        comparisons: number;
        swaps: number;
        zeroFill: number;
        pageIns: number[];
        writebacks: number[];
      }[];
    };
    ['left', 'right'].forEach((side, index) => {
      const result = cli.results[index];
      expect(result.layout).toBe(index === 0 ? 'bheap-strict' : 'bheap');
      expect(counters[`comparisons-${side}`]).toBe(result.comparisons);
      expect(counters[`swaps-${side}`]).toBe(result.swaps);
      expect(counters[`zerofill-${side}`]).toBe(result.zeroFill);
      expect(counters[`pageins-${side}`]).toBe(result.pageIns[0]);
      expect(counters[`writebacks-${side}`]).toBe(result.writebacks[0]);
    });
    // It spans more pages than the B-heap: 40 items need 7 on 8-slot pages, the B-heap 6.
    expect(cli.results.map((result) => result.pages)).toEqual([7, 6]);
    await page.screenshot({ path: 'test-results/screenshots/strict-vs-bheap.png' });
    expect(problems).toEqual([]);
  });

  test('a link with a list and a red-black tree round-trips to the same state', async ({
    page,
    context,
  }) => {
    const link = '/?left=list&right=rb&node=64&items=20&page=16&frames=3&workload=expiry&step=150';
    await open(page, link);
    await expect(page.getByTestId('title-left')).toHaveText('Sorted list');
    await expect(page.getByTestId('title-right')).toHaveText('Red-black tree');
    const counters = await expectCountersAt(page, 150);
    expect(counters['comparisons-left']).toBeGreaterThan(0);
    const query = queryOf(page);
    expect(query).toContain('left=list');
    expect(query).toContain('right=rb');
    expect(query).toContain('node=64');
    // The same link in a fresh tab shows the same numbers, and the core agrees.
    const other = await context.newPage();
    await open(other, `/${query}`);
    await expectCountersAt(other, 150);
    expect(timelineFor(query).sides.map((side) => side.kind)).toEqual(['list', 'rb']);
    // Stepping the rotations of the RB tree: jump to the end and back keeps the counters exact.
    await other.keyboard.press('End');
    const total = timelineFor(query).totalSteps;
    await expectCountersAt(other, total);
  });

  test('an 8-ary heap against a 4-ary heap steps exactly as the core computes', async ({
    page,
  }) => {
    await open(page, '/?left=dary8&right=dary4&items=40&page=8&frames=2');
    for (let i = 0; i < 12; i++) await page.getByTestId('op-forward').click();
    const step = timelineFor(queryOf(page)).stepStart[12];
    await expectCountersAt(page, step);
    await expect(page.getByTestId('swaps-left')).not.toHaveText('');
  });

  test('a bad structure in a link is named with the allowed ones, and a script a tree cannot run is refused', async ({
    page,
  }) => {
    await open(page, '/?left=splay&right=treap&workload=script&ops=i 5, i 3, i 9, pop, del 2');
    const error = page.getByTestId('scenario-error');
    await expect(error).toContainText('left must be one of list, binary, bheap');
    await expect(error).toContainText('cannot run on the right side');
    await expect(page.getByTestId('title-left')).toHaveText('Binary heap');
    // The page still works: step once.
    await page.getByTestId('step-forward').click();
    await expectCountersAt(page, 1);
  });

  test('a script control a d-ary heap cannot run is refused and the previous script stays', async ({
    page,
  }) => {
    await open(page, '/?left=dary4&right=binary&workload=script&ops=i%209%2C%20i%204');
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    await openControls(page);
    const ops = page.getByTestId('control-ops');
    await ops.fill('i 9, del 1');
    await ops.press('Enter');
    await expect(page.getByTestId('scenario-error')).toContainText(
      "cannot run on the left side's 4-ary heap",
    );
    await expect(ops).toHaveValue('i 9, i 4');
    await expect(page.getByTestId('control-workload')).toHaveValue('script');
    expect(queryOf(page)).toContain('workload=script');
    await page.getByTestId('step-forward').click();
    await expectCountersAt(page, 1);
  });
});

test.describe('replacement policies on the page', () => {
  test("choosing CLOCK runs both sides under it; the slider prepares them again; the counters are the core's", async ({
    page,
    problems,
  }) => {
    await open(page, '/?tour=off&items=48&page=8&frames=3&step=600');
    await openControls(page);
    await page.getByTestId('control-policy').selectOption('clock');
    await page.waitForURL(/[?&]policy=clock&/);
    await expect(page.getByTestId('preparing')).toBeHidden();
    await expect(page.locator('.side-left .box-title').first()).toContainText('CLOCK');
    const step = await currentStep(page);
    await expectCountersAt(page, step);
    // The slider, let go at 5: the pager runs again with 5 frames, at the same step.
    await page.getByTestId('frames-slider').fill('5');
    await page.waitForURL(/[?&]frames=5&/);
    await expect(page.getByTestId('preparing')).toBeHidden();
    await expectCountersAt(page, step);
    for (const policy of ['fifo', 'opt'] as const) {
      await page.getByTestId('control-policy').selectOption(policy);
      await page.waitForURL(new RegExp(`[?&]policy=${policy}&`));
      await expect(page.getByTestId('preparing')).toBeHidden();
      await expectCountersAt(page, await currentStep(page));
    }
    expect(problems).toEqual([]);
  });
});
