// Any host, any path: the same build, copied into a course site's folder and served by a plain
// static server, walks the tour; every file it asks for is under that folder, and its service
// worker and manifest stay there too.
import { ARTICLE_TOUR } from '../src/core/scenario/articleTour';
import { type StaticSite, serveStatic } from './engines/server';
import { expect, test } from './fixtures';

/** The build playwright.config.ts makes for this port. */
const BUILT = `dist/e2e-${process.env.BHEAP_E2E_PORT ?? 4317}`;
const BASE = '/courses/os/bheap-lab/';
const SCENES = ARTICLE_TOUR.scenes.length;

test.describe('a course site’s sub-path', () => {
  let site: StaticSite | null = null;
  test.afterEach(async () => {
    await site?.close();
    site = null;
  });

  test(`served from ${BASE}, a first visit walks the tour and asks for nothing outside it`, async ({
    page,
    problems,
  }) => {
    test.setTimeout(180_000);
    site = await serveStatic({ root: BUILT, base: BASE, port: 0 });
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith(BASE) && url.protocol.startsWith('http')) outside.push(url.href);
    });
    await page.goto(site.url);
    // The first scene's curves: swept in workers loaded from under the sub-path.
    await expect(page.getByTestId('curves-readout')).toContainText('9 resident pages', {
      timeout: 90_000,
    });
    for (let scene = 1; scene <= 4; scene++) {
      if (scene > 1) await page.keyboard.press('PageDown');
      await expect(page.getByTestId('tour-index')).toContainText(`${scene} / ${SCENES}`);
      await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
      await page.waitForURL(new RegExp(`^${site.url.replace(/[.?]/g, '\\$&')}\\?.*tour=${scene}`));
    }

    // The service worker's scope and the manifest are the course's folder.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(site.url);
    const manifestUrl = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '',
    );
    expect(manifestUrl).toBe(`${site.url}manifest.webmanifest`);
    const manifest = await (await page.request.get(manifestUrl)).json();
    expect(new URL(manifest.start_url, manifestUrl).href).toBe(site.url);
    expect(new URL(manifest.scope, manifestUrl).href).toBe(site.url);
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await page.request.get(new URL(icon.src, manifestUrl).href);
      expect(response.status(), icon.src).toBe(200);
    }

    expect(outside).toEqual([]);
    expect(site.requests.filter((line) => !line.startsWith('200 '))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
