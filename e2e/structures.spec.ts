// Issue 5's journeys: choose the structure of each side, step it, and share it by link.
import { expect, expectCountersAt, open, queryOf, test, timelineFor } from './fixtures';

test.describe('the other priority queues', () => {
  test('choosing a treap for the left side runs it against the B-heap, step by step', async ({
    page,
    problems,
  }) => {
    await open(page, '/');
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
