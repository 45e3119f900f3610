// The lecture: the article's tour walked by a presentation clicker, a teacher's own tour saved
// and opened again, presenter mode read from the back of the room, and the page embedded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ARTICLE_TOUR } from '../src/core/scenario/articleTour';
import { expect, openControls, queryOf, readCounters, test } from './fixtures';

const SCENES = ARTICLE_TOUR.scenes.length;
const SHOTS = 'test-results/tour-scenes';

/** The page once scene `scene` shows: its index, a prepared timeline, the link rewritten. */
async function atScene(page: Page, scene: number): Promise<void> {
  await expect(page.getByTestId('tour-index')).toContainText(`${scene} / ${SCENES}`);
  await expect(page.getByTestId('preparing')).toBeHidden();
  await page.waitForURL(/[?&]step=\d+/);
  await page.waitForURL(new RegExp(`[?&]tour=${scene}(&|#|$)`));
}

/** What a scene is: its whole link, the counters and the open tab. */
async function sceneState(
  page: Page,
): Promise<{ link: string; counters: Record<string, number>; panel: string | null }> {
  const panel = await page
    .locator('[role="tab"][aria-selected="true"]')
    .getAttribute('data-testid');
  return { link: queryOf(page), counters: await readCounters(page), panel };
}

test.describe('the lecture', () => {
  test('a clicker walks the whole tour from a first visit; each scene is its own link, and PageUp comes back', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.goto('/');
    await atScene(page, 1);
    // The article's run is swept once, when the tour opens; the chart scenes reuse it.
    await expect(page.getByTestId('curves-readout')).toContainText('9 resident pages', {
      timeout: 90_000,
    });
    const states: Awaited<ReturnType<typeof sceneState>>[] = [await sceneState(page)];
    const switchTimes: string[] = [];
    // Each change's main-thread tasks are a benchmark's to report (npm run bench:page, the
    // tour walk): a time measured here depends on the machine the tests run on.
    for (let scene = 2; scene <= SCENES; scene++) {
      const started = Date.now();
      await page.keyboard.press('PageDown');
      await atScene(page, scene);
      if (ARTICLE_TOUR.scenes[scene - 1].link.includes('panel=curves')) {
        await expect(page.getByTestId('curves-progress')).toBeHidden();
      }
      switchTimes.push(`scene ${scene}: ${Date.now() - started} ms`);
      states.push(await sceneState(page));
    }
    testInfo.annotations.push({ type: 'scene switch times', description: switchTimes.join(', ') });
    console.log(`scene switch (clicker press to scene shown): ${switchTimes.join(', ')}`);

    // Figure 2: at 9 resident pages the binary heap needs about ten times the B-heap's time.
    const figure2 = ARTICLE_TOUR.scenes.findIndex((scene) => scene.source === 'Figure 2') + 1;
    const direct = await context.newPage();
    for (let scene = 1; scene <= SCENES; scene++) {
      await direct.goto(`/?tour=${scene}`);
      await atScene(direct, scene);
      const state = await sceneState(direct);
      expect(state, `scene ${scene} opened by its link`).toEqual(states[scene - 1]);
      if (scene === figure2) {
        // Opened cold, the scene sweeps the article's run first (a few seconds).
        await expect(direct.getByTestId('curves-readout')).toHaveText(/^9 resident pages/, {
          timeout: 90_000,
        });
        const readout = (await direct.getByTestId('curves-readout').textContent()) ?? '';
        expect(Number(/ratio ([\d.]+)/.exec(readout)?.[1])).toBeGreaterThanOrEqual(9);
      }
    }

    // Back through the scenes with PageUp: each restored exactly.
    for (let scene = SCENES - 1; scene >= 1; scene--) {
      await page.keyboard.press('PageUp');
      await atScene(page, scene);
      expect(await sceneState(page), `scene ${scene} after PageUp`).toEqual(states[scene - 1]);
    }
  });

  test('every scene, light and dark, at 1280x720 and in presenter mode (screenshots for the report)', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (let scene = 1; scene <= SCENES; scene++) {
        await page.goto(`/?tour=${scene}`);
        await atScene(page, scene);
        await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 90_000 });
        await page.screenshot({ path: `${SHOTS}/scene-${scene}-${scheme}.png` });
      }
    }
  });

  test('a teacher writes a two-scene tour, saves it, and opens it in a fresh page; a broken file changes nothing', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/?tour=off&items=30&step=120');
    await expect(page.getByTestId('preparing')).toBeHidden();
    const add = async (title: string, caption: string): Promise<void> => {
      await page.getByTestId('tour-edit').click();
      await page.getByTestId('tour-new-title').fill(title);
      await page.getByTestId('tour-new-caption').fill(caption);
      await page.getByTestId('tour-add').click();
      await page.getByTestId('tour-editor-close').click();
    };
    await add('Thirty items', 'Both heaps after 120 steps.');
    await expect(page.getByTestId('tour-index')).toContainText('1 / 1');
    // The second scene: another view of the lab.
    // Closing the tour gives the bare lab; at 1280 px its scenario controls fold to a line that
    // says what runs, and opens them.
    await page.getByTestId('tour-close').click();
    await expect(page.getByTestId('controls-summary')).toContainText('Binary heap vs B-heap');
    await openControls(page);
    await page.getByTestId('control-frames').fill('2');
    await page.getByTestId('control-frames').press('Enter');
    await page.waitForURL(/frames=2/);
    await add('Two resident pages', 'Under pressure.');
    await expect(page.getByTestId('tour-index')).toContainText('2 / 2');
    await expect(page.getByTestId('tour-caption')).toHaveText('Under pressure.');

    await page.getByTestId('tour-edit').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tour-export').click(),
    ]);
    const file = testInfo.outputPath('tour.json');
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.scenes.map((scene: { title: string }) => scene.title)).toEqual([
      'Thirty items',
      'Two resident pages',
    ]);

    const fresh = await context.newPage();
    await fresh.goto('/?tour=off');
    await fresh.getByTestId('tour-edit').click();
    await fresh.getByTestId('tour-import').setInputFiles(file);
    await expect(fresh.getByTestId('tour-editor-message')).toContainText('Opened');
    await expect(fresh.getByTestId('tour-editor-scene-2')).toContainText('Two resident pages');
    await fresh.getByTestId('tour-editor-close').click();
    await expect(fresh.getByTestId('tour-index')).toContainText('1 / 2');
    await expect(fresh.getByTestId('tour-caption')).toHaveText('Both heaps after 120 steps.');
    await fresh.keyboard.press('PageDown');
    await expect(fresh.getByTestId('tour-index')).toContainText('2 / 2');
    await expect(fresh.getByTestId('control-frames')).toHaveValue('2');

    // A broken file: a message naming what is wrong, and the tour on screen stays.
    const broken = testInfo.outputPath('broken.json');
    writeFileSync(
      broken,
      JSON.stringify({
        format: 'bheap-lab-tour',
        version: 1,
        title: 'x',
        scenes: [{ title: 'a' }],
      }),
    );
    await fresh.getByTestId('tour-edit').click();
    await fresh.getByTestId('tour-import').setInputFiles(broken);
    await expect(fresh.getByTestId('tour-editor-message')).toContainText(
      "scene 1's caption must be text",
    );
    await expect(fresh.getByTestId('tour-editor-message')).toContainText('Your tour is unchanged');
    await expect(fresh.getByTestId('tour-editor-scene-2')).toContainText('Two resident pages');
  });

  test('presenter mode at 1280x720: no visible text under 18 px, nothing overflowing its box', async ({
    page,
  }) => {
    for (const scene of [2, 4, 6, 8]) {
      await page.goto(`/?tour=${scene}`);
      await atScene(page, scene);
      await expect(page.getByTestId('curves-progress')).toBeHidden({ timeout: 90_000 });
      await page.getByTestId('present-toggle').click();
      await page.waitForTimeout(400);
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? '';
          const parent = node.parentElement;
          if (text === '' || parent === null) continue;
          const rect = parent.getBoundingClientRect();
          const style = getComputedStyle(parent);
          // Visible: laid out, on screen, not hidden, not the screen readers' copy.
          if (rect.width === 0 || rect.height === 0) continue;
          if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth)
            continue;
          if (style.visibility === 'hidden' || parent.closest('.visually-hidden') !== null)
            continue;
          if (parent.closest('[hidden]') !== null || parent.closest('option') !== null) continue;
          const size = Number.parseFloat(style.fontSize);
          if (size < 18)
            out.push(
              `${size}px: "${text.slice(0, 40)}" in <${parent.tagName.toLowerCase()} class="${parent.getAttribute('class') ?? ''}">`,
            );
          // Overflow: an HTML box whose text does not fit it.
          if (!(parent instanceof SVGElement) && style.overflow !== 'visible') {
            if (parent.scrollWidth > parent.clientWidth + 1)
              out.push(`overflows its width: "${text.slice(0, 40)}"`);
          }
        }
        return out;
      });
      expect(problems, `scene ${scene} in presenter mode`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/presenter-scene-${scene}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'false');
    }
  });

  for (const width of [1000, 600]) {
    test(`embedded ${width} px wide in a course page: it plays its range from \`from\` in a loop by itself, with a fault on both sides and its way out in view`, async ({
      page,
      baseURL,
    }) => {
      // The README's snippet: 30 items, 4 a page, 3 resident, steps 1510 to 1570.
      const src = `${baseURL}/?items=30&page=4&frames=3&embed=1&from=1510&to=1570&loop=1`;
      await page.setContent(
        `<!doctype html><title>Course page</title><h1>Week 3: heaps</h1><iframe src="${src}" width="${width}" height="560" title="B-Heap Lab"></iframe>`,
      );
      const frame = page.frameLocator('iframe');
      await expect(frame.getByTestId('page-grid-left')).toBeVisible();
      await expect(frame.getByTestId('page-grid-right')).toBeVisible();
      await expect(frame.getByTestId('tree-left')).toBeVisible();
      await expect(frame.getByTestId('tree-right')).toBeVisible();
      await expect(frame.getByTestId('control-items')).toBeHidden();
      await expect(frame.getByTestId('tab-curves')).toBeHidden();
      const open = frame.getByTestId('embed-open-full');
      await expect(open).toBeInViewport();
      const href = (await open.getAttribute('href')) ?? '';
      expect(href).toContain('items=30');
      expect(href).not.toContain('embed=1');
      // Within the frame: nothing wider than it.
      const inner = page.frames()[1];
      expect(
        await inner.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      // Every page-in either grid shows while it plays.
      await inner.evaluate(() => {
        const seen = { left: false, right: false };
        Object.assign(window, { faultsSeen: seen });
        for (const side of ['left', 'right'] as const) {
          const grid = document.querySelector(`[data-testid="page-grid-${side}"]`);
          if (grid === null) continue;
          new MutationObserver(() => {
            if ((grid.getAttribute('data-mark') ?? '').includes('page-in')) seen[side] = true;
          }).observe(grid, { attributes: true, attributeFilter: ['data-mark'] });
        }
      });
      const stepOf = async (): Promise<number> =>
        Number(
          /step ([\d,]+)/
            .exec((await frame.getByTestId('step-label').textContent()) ?? '')?.[1]
            .replaceAll(',', ''),
        );
      // No click: it plays from 1510, passes 1560 and comes back below 1540.
      await expect(frame.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
      expect(await stepOf()).toBeGreaterThanOrEqual(1510);
      await expect.poll(stepOf, { timeout: 15_000 }).toBeGreaterThanOrEqual(1560);
      await expect.poll(stepOf, { timeout: 15_000 }).toBeLessThan(1540);
      expect(await stepOf()).toBeGreaterThanOrEqual(1510);
      await expect
        .poll(() => inner.evaluate(() => (window as unknown as { faultsSeen: object }).faultsSeen))
        .toEqual({ left: true, right: true });
      await frame.getByTestId('play').click();
      await expect(frame.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    });
  }

  test('an embed under prefers-reduced-motion waits, paused at `from`, for its play button', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const src = `${baseURL}/?items=30&page=4&frames=3&embed=1&from=1510&to=1570&loop=1`;
    await page.setContent(
      `<iframe src="${src}" width="800" height="560" title="B-Heap Lab"></iframe>`,
    );
    const frame = page.frameLocator('iframe');
    await expect(frame.getByTestId('step-label')).toHaveText(/^step 1,510 \//);
    await page.waitForTimeout(600);
    await expect(frame.getByTestId('step-label')).toHaveText(/^step 1,510 \//);
    await expect(frame.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  });
});
