// The smoke journeys, written once and walked in Chromium, Firefox and WebKit (Safari's engine):
// the first visit's tour, a small scenario to its end, the article's run, Figure 2, the trace
// and video exports, and the tour and the article's run offline. Each engine is a describe block
// named after it, so every line of the output says where a journey ran; every journey fails on
// a console error or an uncaught error.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { ARTICLE_TOUR } from '../../src/core/scenario/articleTour';
import { type Driver, PROBLEM_RECORDER } from './driver';
import {
  cliCounters,
  cliTrace,
  grouped,
  openLab,
  PREPARE_MS,
  queryOf,
  readCounters,
  ready,
  savedBy,
  timelineCounters,
  waitForText,
} from './lab';
import { launch, selectedEngines } from './launch';
import { serveStatic } from './server';
import { ENGINES_DIST, SITE_BASE } from './setup';

const site = inject('site');
/** Where a failing journey leaves its engine's screenshot. */
const SHOTS = 'test-results/engines';
const SCENES = ARTICLE_TOUR.scenes.length;
const FIGURE_2 = ARTICLE_TOUR.scenes.findIndex((scene) => scene.source === 'Figure 2') + 1;
const SMALL = '?tour=off&items=48&page=8&frames=4&step=0';
const ARTICLE = '?items=1000000&page=512&frames=9&keys=2147483648';
const OPERATIONS = 4_000_000;
/** The operation the article's run jumps to: in the middle of its pops and inserts. */
const JUMP = 1_234_567;
const TRACE = '?tour=off&left=treap&right=bheap&node=48&items=30&page=8&frames=3&step=40';

// What the command line prints, computed once for every engine, while the first one starts.
const cli = {
  small: early(cliCounters(SMALL)),
  articleStart: early(cliCounters(ARTICLE, 1)),
  articleJump: early(cliCounters(ARTICLE, JUMP)),
  trace: early(cliTrace(TRACE)),
};

/** The operation label: `op 0 / …` before the first, `op N / … · event E of …` inside op N. */
function opLabel(operation: number, event = ''): RegExp {
  return new RegExp(`^op ${grouped(operation)} / ${grouped(OPERATIONS)}${event}`);
}

for (const engine of selectedEngines()) {
  describe(engine, () => {
    let driver: Driver;

    beforeAll(async () => {
      driver = await launch(engine);
      console.log(`${engine}: ${driver.version}`);
    });
    afterAll(async () => {
      await driver?.close();
    });
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail') {
        // What the engine showed when the journey failed, for the report.
        mkdirSync(SHOTS, { recursive: true });
        const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
        await driver
          .screenshot()
          .then((png) => writeFileSync(`${SHOTS}/${engine}-${name}.png`, png))
          .catch(() => {});
      }
      expect(await driver.takeProblems(), `${engine}: no console or page errors`).toEqual([]);
    });

    test('a first visit opens the tour; PageDown walks scenes 1 to 4, each its own link', async () => {
      await driver.goto(site);
      for (let scene = 1; scene <= 4; scene++) {
        if (scene > 1) await driver.press('PageDown');
        await waitForText(driver, 'tour-index', new RegExp(`${scene} / ${SCENES}`));
        await driver.waitFor(`the link to say tour=${scene}`, async () =>
          new RegExp(`[?&]tour=${scene}(&|#|$)`).test(await driver.url()),
        );
        await ready(driver);
        expect(await driver.text('tour-caption')).not.toBe('');
        await readCounters(driver);
      }
    });

    test('a small scenario: three steps by the keyboard, then its end equals npm run sim -- run', async () => {
      await openLab(driver, site, SMALL);
      const query = await queryOf(driver);
      const total = Number(
        (await waitForText(driver, 'step-label', /^step 0 \/ [\d,]+/))
          .split('/ ')[1]
          .replaceAll(',', ''),
      );
      for (let i = 0; i < 3; i++) await driver.press('ArrowRight');
      await waitForText(driver, 'step-label', /^step 3 \//);
      expect(await readCounters(driver)).toEqual(timelineCounters(query, 3));
      await driver.click('jump-end');
      await waitForText(
        driver,
        'step-label',
        new RegExp(`^step ${grouped(total)} / ${grouped(total)}`),
      );
      expect(await readCounters(driver)).toEqual(await cli.small());
    });

    test('the article’s run: its first step, then a jump to an operation, equal the command line', async () => {
      await driver.goto(`${site}${ARTICLE}&step=0`);
      await waitForText(driver, 'op-label', opLabel(0), PREPARE_MS);
      await ready(driver);
      expect(await readCounters(driver)).toEqual(await cli.articleStart());
      await driver.press('ArrowRight');
      await waitForText(driver, 'step-label', /^step 1 \//);
      await driver.fillAndEnter('op-jump', String(JUMP));
      // Going to operation N lands on its first event; the counters hold operations 1 to N - 1.
      await waitForText(driver, 'op-label', opLabel(JUMP, ' · event 1 of '), 60_000);
      await ready(driver);
      expect(await readCounters(driver)).toEqual(await cli.articleJump());
    });

    test('Figure 2 at 9 resident pages: the binary heap costs about ten times the B-heap', async () => {
      await driver.goto(`${site}?tour=${FIGURE_2}`);
      const readout = await waitForText(driver, 'curves-readout', /^9 resident pages/, PREPARE_MS);
      expect(Number(/ratio ([\d.]+)/.exec(readout)?.[1])).toBeGreaterThanOrEqual(9);
    });

    test('the page-reference trace it saves equals npm run sim -- trace', async () => {
      await openLab(driver, site, TRACE);
      const saved = await savedBy(driver, 'export-trace');
      expect(saved.name).toMatch(/\.csv$/);
      expect(saved.text.split('\n').length).toBeGreaterThan(100);
      expect(saved.text).toBe(await cli.trace());
      await waitForText(driver, 'trace-status', /Saved/);
    });

    test('the video export records where the engine can encode, and says why not where it cannot', async () => {
      await openLab(driver, site, '?tour=off&items=48&page=8&frames=3&step=200');
      if (engine === 'webkit') {
        // WebKitGTK's encoder crashes the page (src/app/browser/capabilities.ts): the button says so.
        await waitForText(
          driver,
          'video-status',
          /^Video recording is off in this browser.*: record the video in Firefox or Chrome\.$/,
        );
        expect(
          await driver.evaluate(
            () =>
              (document.querySelector('[data-testid="export-video"]') as HTMLButtonElement)
                .disabled,
          ),
        ).toBe(true);
        expect(
          await driver.evaluate(
            () =>
              (document.querySelector('[data-testid="video-format-mp4"]') as HTMLInputElement)
                .disabled,
          ),
        ).toBe(true);
        return;
      }
      await driver.click('tab-step');
      await driver.fill('video-steps', '10');
      const video = await savedBy(driver, 'export-video', 60_000);
      expect(video.name).toBe('bheap-steps-200-210.webm');
      // WebM starts with the EBML magic number.
      expect(video.head.slice(0, 8)).toBe('1a45dfa3');
      expect(video.size).toBeGreaterThan(1000);
      // MP4 where the engine encodes H.264; elsewhere the sentence beside the choice says why not.
      const mp4Offered = () =>
        driver.evaluate(
          () =>
            !(document.querySelector('[data-testid="video-format-mp4"]') as HTMLInputElement)
              .disabled,
        );
      await driver.waitFor(
        'the format choice to offer MP4 or say why not',
        async () => (await mp4Offered()) || (await driver.text('video-format-note')) !== '',
      );
      if (!(await mp4Offered())) {
        console.log(`${engine}: no H.264 encoder, so no MP4`);
        await waitForText(driver, 'video-format-note', /^This browser cannot encode H\.264 video/);
        return;
      }
      console.log(`${engine}: MP4 offered`);
      await driver.click('video-format-mp4');
      await waitForText(driver, 'export-video', /^Record video \(MP4\)$/);
      const mp4 = await savedBy(driver, 'export-video', 60_000);
      expect(mp4.name).toBe('bheap-steps-200-210.mp4');
      // An MP4 starts with its ftyp box: a 4-byte size, then the type, "ftyp" in ASCII.
      expect(mp4.head.slice(8, 16)).toBe('66747970');
      expect(mp4.size).toBeGreaterThan(1000);
    });

    test('offline after one visit: with its server gone, a reload walks the tour and opens the article’s run', async () => {
      // A server of its own, stopped once the page is cached: the network is really gone.
      const own = await serveStatic({
        root: ENGINES_DIST,
        base: SITE_BASE,
        port: 0,
        headScript: PROBLEM_RECORDER,
      });
      try {
        await driver.goto(own.url);
        await waitForText(driver, 'tour-index', new RegExp(`1 / ${SCENES}`));
        await driver.waitFor('the service worker to cache the page and control it', () =>
          driver.evaluate(
            async () =>
              (await navigator.serviceWorker.ready).active?.state === 'activated' &&
              navigator.serviceWorker.controller !== null,
          ),
        );
      } finally {
        await own.close();
      }
      await driver.goto(own.url);
      for (let scene = 1; scene <= 4; scene++) {
        if (scene > 1) await driver.press('PageDown');
        await waitForText(driver, 'tour-index', new RegExp(`${scene} / ${SCENES}`));
        await ready(driver);
      }
      await driver.goto(`${own.url}${ARTICLE}&step=0`);
      await waitForText(driver, 'op-label', opLabel(0), PREPARE_MS);
      await ready(driver);
      expect(await readCounters(driver)).toEqual(await cli.articleStart());
    });
  });
}

/** A computation started now and awaited later; a failure is reported by the journey awaiting it. */
function early<T>(started: Promise<T>): () => Promise<T> {
  started.catch(() => {});
  return () => started;
}
