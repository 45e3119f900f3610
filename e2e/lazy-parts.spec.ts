// The parts whose code loads at their first use (the tour editor, predict mode, a chart tab): if
// their code cannot be fetched (offline before it was cached), the page says which part and why,
// keeps what it shows, and loads the part at the next press once the code can be fetched.
import { expect, test } from '@playwright/test';
import { BARE_LAB, open } from './fixtures';

const PARTS = [
  {
    name: 'the tour editor',
    chunk: /\/assets\/tourEditor-[^/]*\.js$/,
    press: 'tour-edit',
    again: ['tour-edit'],
    message: /The tour editor could not be loaded/,
    opened: 'tour-editor-status',
    shown: true,
  },
  {
    name: 'predict mode',
    chunk: /\/assets\/predictPanel-[^/]*\.js$/,
    press: 'predict-toggle',
    again: ['predict-toggle'],
    message: /Predict mode could not be loaded/,
    opened: 'predict-score',
    shown: true,
  },
  {
    name: 'the scaling tab',
    chunk: /\/assets\/scalingPanel-[^/]*\.js$/,
    press: 'tab-scaling',
    // The tab is shown again: away to the Step tab and back.
    again: ['tab-step', 'tab-scaling'],
    message: /This tab could not be loaded/,
    // Built only with the panel (its box is there from the start).
    opened: 'scaling-status',
    shown: false,
  },
] as const;

// The offline worker precaches every chunk and claims the page: once it does, the chunk is served
// from its cache, out of page.route's reach, and nothing is refused. A first visit whose worker
// has not cached the chunk yet is the case this file is about, so the worker is kept out.
test.use({ serviceWorkers: 'block' });

for (const part of PARTS) {
  test(`${part.name}: its code refused, the page says so and keeps its step; pressed again, it opens`, async ({
    page,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Vite's own builds name each chunk after its module; the preview serves them from /assets.
    let refuse = true;
    await page.route(part.chunk, (route) => (refuse ? route.abort() : route.continue()));
    await open(page, `${BARE_LAB.replace('step=0', 'step=7')}`);
    const step = await page.getByTestId('step-label').textContent();

    await page.getByTestId(part.press).click();
    const box = page.getByTestId('scenario-error');
    await expect(box).toBeVisible();
    await expect(box).toContainText(part.message);
    await expect(page.getByTestId('step-label')).toHaveText(step ?? '');

    refuse = false;
    await box.getByRole('button', { name: 'Dismiss' }).click();
    for (const press of part.again) await page.getByTestId(press).click();
    await expect(page.getByTestId(part.opened)).toBeAttached();
    if (part.shown) await expect(page.getByTestId(part.opened)).toBeVisible();
    await expect(box).toBeHidden();
    expect(pageErrors, 'no uncaught errors').toEqual([]);
  });
}
