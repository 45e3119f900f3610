// Offline after one visit: a lecture hall's network goes, and the tour, the curves and the
// article's run still open, from the service worker's cache; a new version, once published,
// is installed quietly and opens on the next load. The build is served by a plain static
// server this spec starts and stops, so "offline" is real: nothing answers any more.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ARTICLE_TOUR } from '../src/core/scenario/articleTour';
import { type StaticSite, serveStatic } from './engines/server';
import { expect, test } from './fixtures';

/** The build playwright.config.ts makes for this port. */
const BUILT = `dist/e2e-${process.env.BHEAP_E2E_PORT ?? 4317}`;
const SCENES = ARTICLE_TOUR.scenes.length;
const ARTICLE = '?items=1000000&page=512&frames=9&keys=2147483648';

/** Waits until the service worker has cached everything and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () =>
      (await navigator.serviceWorker.ready).active?.state === 'activated' &&
      navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );
}

async function atScene(page: Page, scene: number): Promise<void> {
  await expect(page.getByTestId('tour-index')).toContainText(`${scene} / ${SCENES}`);
  await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
  await page.waitForURL(new RegExp(`[?&]tour=${scene}(&|#|$)`));
}

test.describe('offline after one visit', () => {
  let site: StaticSite | null = null;
  test.afterEach(async () => {
    await site?.close();
    site = null;
  });

  test('the worker is registered once the page has settled, not while the article’s run draws and records', async ({
    page,
    problems,
  }) => {
    // Its install fetches and stores the whole build: it would take a core from both.
    await page.goto(`/${ARTICLE}`);
    await expect(page.getByTestId('op-label')).toHaveText(/^op [\d,]+ \/ 4,000,000/);
    await expect(page.getByTestId('preparing')).toBeVisible();
    const early = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration()) !== undefined,
    );
    expect(early, 'a worker registered while the run records').toBe(false);
    await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
    await controlled(page);
    expect(problems).toEqual([]);
  });

  test('with the network gone, a reload walks the whole tour and opens the article’s run', async ({
    page,
    context,
    problems,
  }) => {
    test.setTimeout(300_000);
    site = await serveStatic({ root: BUILT, base: '/', port: 0 });
    await page.goto(site.url);
    await atScene(page, 1);
    await controlled(page);

    // The network goes: the browser is offline and the server is gone.
    const port = new URL(site.url).port;
    await site.close();
    site = null;
    await context.setOffline(true);
    await page.reload();
    await atScene(page, 1);
    await expect(page.getByTestId('curves-readout')).toContainText('9 resident pages', {
      timeout: 90_000,
    });
    for (let scene = 2; scene <= SCENES; scene++) {
      await page.keyboard.press('PageDown');
      await atScene(page, scene);
    }
    // The lab, on the article's run: recorded in workers that came from the cache.
    await page.goto(`http://127.0.0.1:${port}/${ARTICLE}&step=0`);
    await expect(page.getByTestId('op-label')).toHaveText(/^op 0 \/ 4,000,000/, {
      timeout: 120_000,
    });
    await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 120_000 });
    await page.getByTestId('op-jump').fill('2000001');
    await page.getByTestId('op-jump').press('Enter');
    await expect(page.getByTestId('op-label')).toHaveText(/^op 2,000,001 \/ 4,000,000/, {
      timeout: 60_000,
    });
    expect(problems).toEqual([]);
  });

  test('a new version is installed quietly and opens on the next load', async ({
    page,
    problems,
  }, testInfo) => {
    // Version 2: the same build with a marker in its page; its service worker lists the new
    // page (another revision), as a new `vite build` would.
    const first = testInfo.outputPath('v1');
    const second = testInfo.outputPath('v2');
    rmSync(first, { recursive: true, force: true });
    rmSync(second, { recursive: true, force: true });
    cpSync(BUILT, first, { recursive: true });
    cpSync(BUILT, second, { recursive: true });
    const html = readFileSync(`${second}/index.html`, 'utf8');
    writeFileSync(
      `${second}/index.html`,
      html.replace('<head>', '<head><meta name="bheap-build" content="2">'),
    );
    const worker = readFileSync(`${second}/sw.js`, 'utf8');
    const revised = worker.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1version-2"');
    expect(revised).not.toBe(worker);
    writeFileSync(`${second}/sw.js`, revised);

    site = await serveStatic({ root: first, base: '/', port: 0 });
    const port = Number(new URL(site.url).port);
    await page.goto(`${site.url}?tour=off&items=30`);
    await controlled(page);
    await site.close();

    // Published: the page in use keeps its version, and says a new one opens next time.
    site = await serveStatic({ root: second, base: '/', port });
    await page.reload();
    await expect(page.locator('meta[name="bheap-build"]')).toHaveCount(0);
    await expect(page.getByTestId('update-notice')).toHaveText(
      'A new version of B-Heap Lab is installed: it opens the next time this page is loaded. ×',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('step-label')).toBeVisible();
    await page.reload();
    await expect(page.locator('meta[name="bheap-build"]')).toHaveCount(1);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
