// A phone's gestures on the lab: one finger swiped sideways steps, two fingers pinch the tree
// and never step, whichever finger lifts last. Touches are sent as the browser's own input
// (Chrome's DevTools protocol), so the page sees real pointer events.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type Point, touch } from './phoneKit';

/** The step the page's link names. */
async function linkStep(page: Page): Promise<number> {
  return Number(new URL(page.url()).searchParams.get('step'));
}

/** Moves fingers from `from` to `to`, then lifts them (phoneKit's touch, on its own session). */
async function gesture(page: Page, from: Point[], to: Point[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await touch(cdp, from, to);
  await cdp.detach();
}

test.describe('gestures on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a pinch on a tree zooms it and does not step; a swipe steps', async ({
    page,
    problems,
  }) => {
    await page.goto('/?tour=off&items=48&page=8&frames=4&step=40');
    await expect(page.getByTestId('tree-left')).toBeVisible();
    const box = await page.getByTestId('tree-left').boundingBox();
    expect(box).not.toBeNull();
    const middle = {
      x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
      y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    };
    const shownBefore = Number(await page.getByTestId('tree-left').getAttribute('data-size'));
    // Two fingers spread apart sideways, 40 px to 240 px.
    await gesture(
      page,
      [
        { x: middle.x - 20, y: middle.y },
        { x: middle.x + 20, y: middle.y },
      ],
      [
        { x: middle.x - 120, y: middle.y },
        { x: middle.x + 120, y: middle.y },
      ],
    );
    // The tree is drawn larger: fewer of its nodes fit.
    await expect
      .poll(async () => Number(await page.getByTestId('tree-left').getAttribute('data-size')))
      .toBeLessThan(shownBefore);
    await page.waitForTimeout(400);
    expect(await linkStep(page)).toBe(40);
    await expect(page.getByTestId('step-label')).toContainText('step 40');
    // One finger swiped to the left steps forward, to the right back.
    await gesture(page, [{ x: middle.x + 80, y: middle.y }], [{ x: middle.x - 80, y: middle.y }]);
    await expect.poll(() => linkStep(page)).toBe(41);
    await gesture(page, [{ x: middle.x - 80, y: middle.y }], [{ x: middle.x + 80, y: middle.y }]);
    await expect.poll(() => linkStep(page)).toBe(40);
    expect(problems).toEqual([]);
  });
});
