// Links as a hostile user writes them: fallbacks that fit, long scripts, bidi controls, and a
// chart that must only ever show the settings on screen.
import { PAGE_MAX_PAGES } from '../src/core/scenario/pageLimits';
import { BARE_LAB, expect, open, openControls, queryOf, readCounters, test } from './fixtures';

test.describe('hostile links', () => {
  test('a combination too big falls back to one that fits, and the rewritten link loads clean', async ({
    page,
  }) => {
    await open(page, '/?left=treap&right=treap&node=4096&page=4&items=100');
    const error = page.getByTestId('scenario-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText(/items=100, node=4096, page=4.*using items=31/);
    const pages = Number(
      await page
        .getByTestId('page-grid-left')
        .getAttribute('aria-label')
        .then((label) => /of (\d+)/.exec(label ?? '')?.[1]),
    );
    expect(pages).toBeLessThanOrEqual(PAGE_MAX_PAGES);
    expect(queryOf(page)).toContain('items=31');
    // The link the page wrote opens with no message at all.
    await page.reload();
    await expect(page.getByTestId('preparing')).toBeHidden();
    await expect(error).toBeHidden();
    expect(queryOf(page)).toContain('items=31');
  });

  test('a 3,000-operation script makes a link a static host serves, which reopens the same scenario', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, BARE_LAB);
    const ops = Array.from({ length: 3000 }, (_, i) => `i ${(i * 7919) % 100_003}`).join(', ');
    await openControls(page);
    await page.getByTestId('control-workload').selectOption('script');
    await page.getByTestId('control-ops').fill(ops);
    await page.getByTestId('control-ops').press('Enter');
    await page.getByTestId('control-ops').blur();
    await page.waitForURL(/#opsz=/);
    await expect(page.getByTestId('preparing')).toBeHidden();
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    await page.keyboard.press('End');
    await page.getByTestId('copy-link').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(link);
    // The request line stays short: the script is in the fragment, which no server sees.
    expect(url.pathname.length + url.search.length).toBeLessThan(2000);
    const served = await page.request.get(`${url.origin}${url.pathname}${url.search}`);
    expect(served.status()).toBe(200);
    const counters = await readCounters(page);
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByTestId('preparing')).toBeHidden();
    await expect(other.getByTestId('scenario-error')).toBeHidden();
    await expect(other.getByTestId('control-ops')).toHaveValue(ops);
    await expect.poll(() => readCounters(other)).toEqual(counters);
  });

  test('a right-to-left override in a value is shown as a code, and the message reads left to right', async ({
    page,
  }) => {
    await open(page, '/?seed=%E2%80%AE12345');
    const error = page.getByTestId('scenario-error');
    await expect(error).toContainText('got "<U+202E>12345"; using 1');
    const text = (await error.textContent()) ?? '';
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    await expect(error).toHaveAttribute('dir', 'ltr');
  });

  test('Back during a long sweep restores the earlier chart, and the abandoned sweep never draws', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Seed 2: the article's 1M-item run (seed 1) is shipped with the page, not swept.
    await open(page, '/?panel=curves&citems=300000&cunit=pages&cseed=2');
    const curves = page.locator('section.curves');
    await expect(curves).toHaveAttribute('data-drawn-items', '300000', { timeout: 60_000 });
    // A sweep of a few seconds: long enough to press Back during it, short enough to outwait.
    await page.getByTestId('curves-items').fill('1000000');
    await page.getByTestId('curves-items').press('Enter');
    await page.waitForURL(/citems=1000000/);
    await expect(page.getByTestId('curves-progress')).toBeVisible();
    await page.goBack();
    await page.waitForURL(/citems=300000/);
    await expect(page.getByTestId('curves-items')).toHaveValue('300000');
    // Long enough for the abandoned sweep (about 3 s here) to have finished had it kept running.
    await page.waitForTimeout(20_000);
    await expect(curves).toHaveAttribute('data-drawn-items', '300000');
    await expect(page.getByTestId('curves-progress')).toBeHidden();
    await expect(
      page.getByTestId('curves-chart').locator('text', { hasText: 'Computing' }),
    ).toBeHidden();
  });
});
