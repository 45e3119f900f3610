// Issue 28's journeys: data a user cannot trust, and data a user made. A zip bomb after '#' (a
// script, a tour, bombs inside a tour's scenes) is refused without holding the page; a tour at
// the documented maximums opens and plays without a long task; a tour too large for a link is
// kept whole through a reload and saved back equal.
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { formatScenario } from '../src/core/scenario/format';
import { MAX_PACKED_CHARS, toBase64Url } from '../src/core/scenario/linkPacking';
import { PAGE_MAX_SCRIPT_OPS } from '../src/core/scenario/pageLimits';
import { DEFAULT_SCENARIO } from '../src/core/scenario/scenario';
import { packTour, TOUR_LIMITS, type Tour, tourToJson } from '../src/core/scenario/tourFormat';
import { BARE_LAB, expect, longTasks, open, queryOf, test, watchLongTasks } from './fixtures';

/** No task of the page's main thread may take longer (the bound). */
const TASK_MAX_MS = 100;

/** `bytes` zeros, deflated by zlib at its best ratio and written as the page's packed text. */
function bomb(bytes: number): string {
  return toBase64Url(new Uint8Array(deflateRawSync(Buffer.alloc(bytes), { level: 9 })));
}

/** A tour of `scenes` scenes, each the scene link `link(index)`. */
function tourOf(title: string, scenes: number, link: (index: number) => string): Tour {
  return {
    title,
    scenes: Array.from({ length: scenes }, (_, index) => ({
      title: `Scene ${index + 1}`,
      caption: `The ${index + 1}th view.`,
      source: '',
      link: link(index),
    })),
  };
}

/** A script of the page's most operations: 48 inserts, then inserts and pops in turn. */
function longScript(key: (index: number) => number): string {
  const ops: string[] = [];
  for (let index = 0; index < 48; index++) ops.push(`i ${key(index)}`);
  for (let index = 48; ops.length < PAGE_MAX_SCRIPT_OPS; index++)
    ops.push(index % 2 === 0 ? `i ${key(index)}` : 'pop');
  return ops.join(', ');
}

/** A script of the page's most operations that packs badly: random keys, reorders and pops. */
function denseScript(random: () => number): string {
  const ops: string[] = [];
  for (let index = 0; index < 48; index++) ops.push(`i ${random()}`);
  for (let index = 0; ops.length < PAGE_MAX_SCRIPT_OPS; index++) {
    const kind = index % 3;
    ops.push(
      kind === 0 ? `i ${random()}` : kind === 1 ? `re ${1 + (random() % 48)} ${random()}` : 'pop',
    );
  }
  return ops.join(', ');
}

function scriptLink(ops: string): string {
  return formatScenario({ ...DEFAULT_SCENARIO, workload: 'script', ops, step: 0 });
}

/** Records every long task from the first script on (watchLongTasks starts later). */
async function watchFromLoad(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const durations: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: 'longtask' });
    Object.assign(window, { bheapLongTasks: durations });
  });
}

/**
 * Puts `link` in the address bar, as a history entry of the open page (the browser's own work
 * on a long address happens here, before any measuring).
 */
async function enter(page: Page, link: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), link);
}

/** Shows the link in the address bar as Back or Forward would: the page reads and shows it. */
async function showEntered(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
}

/**
 * The long tasks of the quietest of up to `tries` runs of `run` (each returns the durations of
 * its long tasks): this machine's other work only adds to a task, never takes from it, so a
 * bound met once is met by the page's own work. Every run is reported.
 */
async function quietest(
  tries: number,
  run: (attempt: number) => Promise<number[]>,
  report: string[],
): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries && best > TASK_MAX_MS; attempt++) {
    const tasks = await run(attempt);
    report.push(`[${tasks.join(', ')}]`);
    console.log(`long tasks (ms): ${report.join(' ')}`);
    best = Math.min(best, Math.max(0, ...tasks));
  }
  return best;
}

/** A seeded linear congruential generator: the same scripts on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % 2147483647;
  };
}

/**
 * Opens a 12-scene tour, too large for a link (over 1 MiB unpacked), in the bare lab's editor
 * and waits until the link names it as kept in this browser; returns that name.
 */
async function keepTour(page: Page, file: string, title: string, seed: number): Promise<string> {
  const random = seeded(seed);
  writeFileSync(file, tourToJson(tourOf(title, 12, () => scriptLink(denseScript(random)))));
  await open(page, '/?tour=off&items=30');
  await page.getByTestId('tour-edit').click();
  await page.getByTestId('tour-import').setInputFiles(file);
  await expect.poll(() => queryOf(page), { timeout: 60_000 }).toMatch(/tourz=kept\.[0-9a-f]{16}/);
  return /tourz=(kept\.[0-9a-f]{16})/.exec(await queryOf(page))?.[1] ?? '';
}

test.describe('hostile data', () => {
  test('a 460 MB zip bomb after # is refused without a long task: as a script, as a tour, and nested in a tour’s scenes', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    // Five bombs of about 460 MB: a link read again is not unpacked again (the refusal of a
    // tour is remembered), so each try has a bomb of its own.
    const packed = [460_000_000, 459_000_000, 458_000_000, 457_000_000, 456_000_000].map(bomb);
    for (const text of packed) expect(text.length).toBeLessThanOrEqual(MAX_PACKED_CHARS);
    // 64 scenes, each a 10 MB bomb: 640 MB in all, in a tour that still unpacks to under 1 MiB.
    const nested = [10_000_000, 9_990_000, 9_980_000, 9_970_000, 9_960_000].map((bytes) => {
      const scene = bomb(bytes);
      return packTour(
        tourOf('Bombs', TOUR_LIMITS.scenes, () => `v=3&workload=script#opsz=${scene}`),
      );
    });
    const opsz = /opsz .* unpacks to more than 1048576 bytes/;
    const cases = [
      {
        name: 'script',
        link: (at: number) => `?v=3&workload=script#opsz=${packed[at]}`,
        says: opsz,
      },
      {
        name: 'tour',
        link: (at: number) => `?tour=1#tourz=${packed[at]}`,
        says: /tourz .* unpacks to more than 1048576 bytes/,
      },
      { name: 'nested', link: (at: number) => `?tour=1#tourz=${nested[at]}`, says: opsz },
    ];
    const error = page.getByTestId('scenario-error');
    const report: string[] = [];
    for (const { name, link, says } of cases) {
      // Opened fresh, for the report only: a page's first load has long tasks of its own.
      await watchFromLoad(page);
      await page.goto(link(0));
      await expect(error).toContainText(says);
      await expect(page.getByTestId('preparing')).toBeHidden();
      await page.waitForTimeout(300);
      report.push(`${name}: a fresh load [${(await longTasks(page)).join(', ')}], in the page`);
      // Met in the open page, as Back or Forward meets it: the link read and shown, alone.
      // Up to five tries: on a loaded CI machine one of three took 102 ms, waiting for a core.
      const longest = await quietest(
        5,
        async (attempt) => {
          await open(page, BARE_LAB);
          await enter(page, link(attempt));
          await watchLongTasks(page);
          await showEntered(page);
          await expect(error).toContainText(says);
          await expect(page.getByTestId('preparing')).toBeHidden();
          await page.waitForTimeout(300);
          return longTasks(page);
        },
        report,
      );
      expect(
        longest,
        `${name} bomb: longest task reading and showing the link`,
      ).toBeLessThanOrEqual(TASK_MAX_MS);
    }
    // The nested bombs, scene after scene: each refused when its scene is shown.
    report.push('nested, PageDown:');
    await enter(page, cases[2].link(0));
    await showEntered(page);
    let at = 1;
    const longest = await quietest(
      5,
      async () => {
        await watchLongTasks(page);
        await page.keyboard.press('PageDown');
        at++;
        await expect(page.getByTestId('tour-index')).toContainText(`${at} / ${TOUR_LIMITS.scenes}`);
        await expect(error).toContainText(opsz);
        await expect(page.getByTestId('preparing')).toBeHidden();
        await page.waitForTimeout(300);
        return longTasks(page);
      },
      report,
    );
    testInfo.annotations.push({ type: 'long tasks (ms)', description: report.join(' ') });
    console.log(`zip bombs, long tasks (ms): ${report.join(' ')}`);
    expect(longest, 'PageDown to a scene whose script is a bomb').toBeLessThanOrEqual(TASK_MAX_MS);
  });

  test('a file of 64 scenes, each a zip bomb, is refused naming the scenes, with no long task; the tour stays', async ({
    page,
  }, testInfo) => {
    const scene = bomb(40_000_000);
    const file = testInfo.outputPath('bombs.json');
    writeFileSync(
      file,
      tourToJson(tourOf('Bombs', TOUR_LIMITS.scenes, () => `v=3&workload=script#opsz=${scene}`)),
    );
    await open(page, '/?tour=2');
    await page.getByTestId('tour-edit').click();
    const message = page.getByTestId('tour-editor-message');
    const report: string[] = [];
    const longest = await quietest(
      3,
      async () => {
        await watchLongTasks(page);
        await page.getByTestId('tour-import').setInputFiles(file);
        await expect(message).toContainText(
          "scene 1's link: opsz (the packed script) unpacks to more than",
        );
        await expect(message).toContainText('Your tour is unchanged');
        const tasks = await longTasks(page);
        await page.getByTestId('tour-import').setInputFiles([]);
        return tasks;
      },
      report,
    );
    console.log(`64 bombs in a file, long tasks (ms): ${report.join(' ')}`);
    expect(longest).toBeLessThanOrEqual(TASK_MAX_MS);
    await expect(page.getByTestId('tour-editor-status')).toContainText('The article’s tour is on');
  });

  test('a tour of 64 scenes of 20,000-operation scripts opens, changes scene and moves the slider with no long task of its own', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const links = Array.from({ length: TOUR_LIMITS.scenes }, (_, index) =>
      scriptLink(longScript((at) => (at * (index + 3) + index) % 1000)),
    );
    const tour = tourOf('At the maximums', TOUR_LIMITS.scenes, (index) => links[index]);
    const packed = packTour(tour);
    expect(packed.length).toBeLessThanOrEqual(MAX_PACKED_CHARS);
    const slide = async (): Promise<number[]> => {
      await watchLongTasks(page);
      const slider = page.getByTestId('frames-slider');
      for (const frames of ['2', '3', '5', '4']) {
        await slider.fill(frames);
        await page.waitForURL(new RegExp(`[?&]frames=${frames}(&|#|$)`));
      }
      await page.waitForTimeout(800);
      return longTasks(page);
    };
    const settled = async (): Promise<void> => {
      await expect(page.getByTestId('preparing')).toBeHidden({ timeout: 60_000 });
      await page.waitForTimeout(500);
    };

    // The same scenarios as plain links: what the page itself costs for 20,000 operations.
    await watchFromLoad(page);
    await page.goto(`/?${links[0]}&tour=off`);
    await settled();
    const plain = {
      opening: await longTasks(page),
      changing: [] as number[],
      sliding: [] as number[],
    };
    for (let at = 2; at <= 4; at++) {
      await enter(page, `?${links[at - 1]}&tour=off`);
      await watchLongTasks(page);
      await showEntered(page);
      await settled();
      plain.changing.push(...(await longTasks(page)));
    }
    plain.sliding = await slide();

    // The tour: read once when it opens, each scene when it is shown.
    await watchFromLoad(page);
    await page.goto(`/?tour=1#tourz=${packed}`);
    await expect(page.getByTestId('tour-index')).toContainText(`1 / ${TOUR_LIMITS.scenes}`);
    await settled();
    const toured = {
      opening: await longTasks(page),
      changing: [] as number[],
      sliding: [] as number[],
    };
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    for (let at = 2; at <= 4; at++) {
      await watchLongTasks(page);
      await page.keyboard.press('PageDown');
      await expect(page.getByTestId('tour-index')).toContainText(`${at} / ${TOUR_LIMITS.scenes}`);
      await page.waitForURL(new RegExp(`[?&]tour=${at}(&|#|$)`));
      await settled();
      toured.changing.push(...(await longTasks(page)));
    }
    toured.sliding = await slide();

    const report = (['opening', 'changing', 'sliding'] as const)
      .map(
        (part) =>
          `${part}: tour [${toured[part].join(', ')}], plain links [${plain[part].join(', ')}]`,
      )
      .join('; ');
    console.log(`64 scenes of 20,000 operations, long tasks (ms): ${report}`);
    // The tour adds no long task of its own: none past 100 ms, or past 100 ms more than the same
    // scenarios cost the page as plain links (preparing 20,000 operations on the main thread is
    // the page's own work, not the tour's). Unpacking and checking every scene on each redraw,
    // scene change and slider event took seconds here.
    for (const part of ['opening', 'changing', 'sliding'] as const) {
      const allowed = Math.max(TASK_MAX_MS, Math.max(0, ...plain[part]) + TASK_MAX_MS);
      expect(Math.max(0, ...toured[part]), `${part}: ${report}`).toBeLessThanOrEqual(allowed);
    }
  });

  test('a 4 MB tour file, too large for a link, is kept whole through a reload and saved back equal', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const random = seeded(28);
    const tour = tourOf('Four megabytes', 34, () => scriptLink(denseScript(random)));
    const text = tourToJson(tour);
    // About 4 MB: the largest file the editor opens is 4 MiB.
    expect(text.length).toBeGreaterThan(4_000_000);
    expect(text.length).toBeLessThan(4 * 2 ** 20);
    const file = testInfo.outputPath('large-tour.json');
    writeFileSync(file, text);

    await open(page, '/?tour=off&items=30');
    await page.getByTestId('tour-edit').click();
    await watchLongTasks(page);
    await page.getByTestId('tour-import').setInputFiles(file);
    const message = page.getByTestId('tour-editor-message');
    await expect(message).toContainText('Opened “Four megabytes” (34 scenes)', { timeout: 60_000 });
    const tooLarge = page.getByTestId('tour-too-large');
    await expect(tooLarge).toBeVisible();
    await expect(tooLarge).toContainText('too large for a link');
    await expect(tooLarge).toContainText('This browser keeps it');
    await expect(page.getByTestId('tour-editor-status')).toContainText(
      'Your tour, “Four megabytes”: 34 scenes',
    );
    // For the report: each scene is read in a task of its own, then the first is shown.
    const importing = await longTasks(page);
    console.log(`4 MB tour file, long tasks opening it: [${importing.join(', ')}] ms`);
    // The page's link names the kept tour, never another.
    await expect.poll(() => queryOf(page)).toMatch(/#(.*&)?tourz=kept\.[0-9a-f]{16}/);
    await page.getByTestId('tour-editor-close').click();
    await expect(page.getByTestId('tour-index')).toContainText('1 / 34');

    await page.reload();
    await expect(page.getByTestId('tour-index')).toContainText('1 / 34');
    await expect(page.getByTestId('tour-caption')).toHaveText('The 1th view.');
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('tour-index')).toContainText('2 / 34');

    await page.getByTestId('tour-edit').click();
    await expect(page.getByTestId('tour-too-large')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tour-too-large-save').click(),
    ]);
    const saved = testInfo.outputPath('saved.json');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8') === text, 'the saved file equals the file opened').toBe(
      true,
    );
  });
  test('a kept tour survives a reload the moment its link first names it, and opens from the query in either case', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const id = await keepTour(page, testInfo.outputPath('kept-tour.json'), 'Kept at once', 35);
    // The reload comes as soon as the address names the kept tour: it must be kept by then.
    await page.reload();
    await expect(page.getByTestId('tour-index')).toContainText('1 / 12');
    await expect(page.getByTestId('tour-caption')).toHaveText('The 1th view.');
    await expect(page.getByTestId('scenario-error')).toBeHidden();

    // Moved into the query, its hex digits upper case: the same tour, named as the page writes it.
    await page.goto(`/?tour=2&tourz=kept.${id.slice(5).toUpperCase()}`);
    await expect(page.getByTestId('tour-index')).toContainText('2 / 12');
    await expect(page.getByTestId('scenario-error')).toBeHidden();
    await expect.poll(() => queryOf(page)).toContain(`tourz=${id}`);
  });

  test.describe('read back slowly', () => {
    // The worker's script must come from the server, where the route delays it.
    test.use({ serviceWorkers: 'block' });

    test('while a kept tour is read back the page is pending and says so, then shows the tour', async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(180_000);
      await keepTour(page, testInfo.outputPath('slow-tour.json'), 'Read back slowly', 41);
      await page.getByTestId('tour-editor-close').click();
      // The new document reads the kept tour in the link worker, whose script comes late, as
      // on a slow phone: until it is read the page was blank, and a check took it for settled.
      await context.route(/linkWorker/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.reload();
      const note = page
        .getByRole('status')
        .filter({ hasText: 'Reading the tour this browser keeps' });
      await expect(note).toBeVisible();
      await expect(page.locator('html[data-pending]')).toHaveCount(1);
      await expect(page.getByTestId('tour-index')).toContainText('1 / 12', { timeout: 60_000 });
      await expect(page.getByTestId('tour-caption')).toHaveText('The 1th view.');
      await expect(note).toHaveCount(0);
      await expect(page.getByTestId('scenario-error')).toBeHidden();
    });
  });
});
