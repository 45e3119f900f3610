// The tour on a phone, read by scrolling: upright the scenes scroll up to the figure, sideways
// beside it; the scene whose words reach the reading line is the one the figure shows, and its
// words are on screen with it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readingLine, scrollWordsToLine } from './phoneKit';

/**
 * Scrolls the window so that scene `scene`'s section starts at `share` of the screen's height, or
 * (share null) just under the figure held at the top, where a reader upright reads it.
 */
async function scrollSectionTo(page: Page, scene: number, share: number | null): Promise<void> {
  await page.evaluate(
    ([at, line]) => {
      const section = document.querySelector(`[data-testid="story-scene-${at}"]`);
      if (section === null) throw new Error(`no section for scene ${at}`);
      const figure = document.querySelector<HTMLElement>('.main-column');
      const under = line ?? ((figure?.offsetHeight ?? 0) + 16) / window.innerHeight;
      const top = section.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - window.innerHeight * under, behavior: 'instant' });
    },
    [scene, share] as const,
  );
}

/** The box of a test id's element, or a failure naming it. */
async function boxOf(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, `${testId} has a box`).not.toBeNull();
  return box as NonNullable<typeof box>;
}

test.describe('held upright', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('scrolling a scene’s words up under the figure turns the figure to that scene', async ({
    page,
    problems,
  }) => {
    await page.goto('/?tour=2');
    await expect(page.getByTestId('story-scene-2')).toHaveAttribute('aria-current', 'step');
    await page.waitForTimeout(900);
    await scrollSectionTo(page, 3, null);
    await expect(page).toHaveURL(/[?&]tour=3(&|$)/);
    await expect(page.getByTestId('story-scene-3')).toHaveAttribute('aria-current', 'step');
    // The figure is Figure 6: the B-heap's tree shows a page boundary.
    await expect(page.getByTestId('tree-right')).toHaveAttribute('data-pages', /^([2-9]|\d{2,})$/);
    // Its words start right under the figure, not a third of a screen below it.
    const caption = await boxOf(page, 'story-scene-3');
    const figure = await page.locator('.main-column').boundingBox();
    expect(caption.y).toBeGreaterThanOrEqual((figure?.height ?? 0) - 1);
    expect(caption.y).toBeLessThan((figure?.height ?? 0) + 60);
    expect(problems).toEqual([]);
  });

  test('a scroll the moment the scenes appear turns to the scene read, and the new figure keeps it', async ({
    page,
    problems,
  }) => {
    // Scene 1 is a chart (a taller figure); scene 5 is trees. The reader scrolls scene 5's
    // words to the reading line they see, before the page has settled. The page once ignored
    // that scroll, or, once scene 5's shorter figure moved the line, read scene 4 under it.
    await page.goto('/?tour=1');
    await expect(page.getByTestId('story-scene-1')).toHaveAttribute('aria-current', 'step');
    await scrollWordsToLine(page, 5);
    await expect(page).toHaveURL(/[?&]tour=5(&|$)/);
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/[?&]tour=5(&|$)/);
    await expect(page.getByTestId('story-scene-5')).toHaveAttribute('aria-current', 'step');
    // Its words sit on the new figure's reading line.
    const words = await boxOf(page, 'story-scene-5');
    const under = await readingLine(page);
    expect(Math.abs(words.y - under)).toBeLessThan(24);
    expect(problems).toEqual([]);
  });

  test('a chart scene’s sides, out of its layout, are drawn in the first frame they are shown', async ({
    page,
    problems,
  }) => {
    // Scene 1's figure is the chart; the sides wait out of the layout and are drawn only when
    // shown (sidePanel.ts). Scrolling to scene 2 shows them: no frame may show them empty.
    await page.goto('/?tour=1');
    await expect(page.getByTestId('story-scene-1')).toHaveAttribute('aria-current', 'step');
    await page.waitForTimeout(900);
    // Heard when a side gets its box, after the page's own observer (made first, so told first)
    // and before that frame is painted: what the side holds then is what the reader first sees.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { sidesSeen: string[] }).sidesSeen = seen;
      const painted = (canvas: HTMLCanvasElement | null): boolean => {
        if (canvas === null || canvas.width === 0 || canvas.height === 0) return false;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < (data?.length ?? 0); i += 4) if (data?.[i] !== 0) return true;
        return false;
      };
      const watch = new ResizeObserver((entries) => {
        for (const entry of entries) {
          if (entry.contentRect.width === 0) continue;
          const side = entry.target;
          const tree = side.querySelector('[data-testid^="tree-"]')?.hasAttribute('data-pages');
          const grid = painted(side.querySelector<HTMLCanvasElement>('canvas.pg-canvas'));
          seen.push(`tree ${tree} grid ${grid}`);
        }
      });
      for (const side of document.querySelectorAll('.side')) watch.observe(side);
    });
    await scrollWordsToLine(page, 2);
    await expect(page).toHaveURL(/[?&]tour=2(&|$)/);
    const seen = () =>
      page.evaluate(() => (window as unknown as { sidesSeen: string[] }).sidesSeen);
    await expect.poll(async () => (await seen()).length).toBeGreaterThanOrEqual(2);
    expect(new Set(await seen())).toEqual(new Set(['tree true grid true']));
    expect(problems).toEqual([]);
  });

  test('turning the phone four times while it plays keeps the scene', async ({
    page,
    problems,
  }) => {
    await page.goto('/?tour=6');
    await expect(page.getByTestId('story-scene-6')).toHaveAttribute('aria-current', 'step');
    await page.waitForTimeout(900);
    await page.getByTestId('play').click();
    for (let turn = 0; turn < 4; turn += 1) {
      await page.setViewportSize(
        turn % 2 === 0 ? { width: 844, height: 390 } : { width: 390, height: 844 },
      );
      await page.waitForTimeout(250);
      await expect(page).toHaveURL(/[?&]tour=6(&|$)/);
    }
    await page.waitForTimeout(1200);
    await expect(page).toHaveURL(/[?&]tour=6(&|$)/);
    await expect(page.getByTestId('story-scene-6')).toHaveAttribute('aria-current', 'step');
    // Its words are on screen, on the reading line.
    const words = await boxOf(page, 'story-scene-6');
    expect(Math.abs(words.y - (await readingLine(page)))).toBeLessThan(24);
    expect(problems).toEqual([]);
  });
});

test.describe('held sideways', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });

  test('the scene’s words sit beside the figure, both on screen, and scrolling turns the scene', async ({
    page,
    problems,
  }) => {
    await page.goto('/?tour=2');
    await expect(page.getByTestId('story-scene-2')).toHaveAttribute('aria-current', 'step');
    const words = await boxOf(page, 'story-scene-2');
    const tree = await boxOf(page, 'tree-left');
    // Beside, not above: the words end where the figure starts, and both are in the screen.
    expect(words.x + words.width).toBeLessThanOrEqual(tree.x);
    expect(words.y).toBeGreaterThanOrEqual(0);
    expect(words.y).toBeLessThan(390 / 2);
    expect(tree.y + tree.height).toBeLessThanOrEqual(390);
    // Figure 5's tree is tall enough to label two pages and the crossing between them.
    expect(tree.height).toBeGreaterThan(120);
    await expect(page.getByTestId('tree-left')).not.toHaveClass(/tv-hide-labels/);
    await page.waitForTimeout(900);
    await scrollSectionTo(page, 3, 0.06);
    await expect(page).toHaveURL(/[?&]tour=3(&|$)/);
    const next = await boxOf(page, 'story-scene-3');
    expect(next.y).toBeLessThan(390 / 2);
    expect(problems).toEqual([]);
  });
});
