// Issue 17's journeys: why a page faults. The resident-pages slider re-answers at once, the
// stack distance of each reference, and what the page exports.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { H264_CODECS, h264Config } from '../src/app/exports/videoFormat';
import { questionFor } from '../src/core/explain/predict';
import { cliArgsFor } from '../src/core/scenario/format';
import { parseScenario } from '../src/core/scenario/parse';
import {
  currentStep,
  downloadFrom,
  expect,
  expectedCounters,
  open,
  queryOf,
  readCounters,
  test,
  timelineFor,
} from './fixtures';

const LINK = '/?tour=off&items=48&page=8&frames=2&step=400';

test.describe('the memory slider and stack distances', () => {
  test('moving the slider at a fixed step gives the counters of the link with that frame count', async ({
    page,
    context,
    problems,
  }) => {
    await open(page, LINK);
    const slider = page.getByTestId('frames-slider');
    await expect(slider).toHaveAttribute('max', '7');
    const direct = await context.newPage();
    for (const frames of [1, 3, 5, 7, 4]) {
      await slider.fill(String(frames));
      await expect(page.getByTestId('step-label')).toHaveText(/^step 400 \//);
      await page.waitForURL(new RegExp(`[?&]frames=${frames}&`));
      const query = queryOf(page);
      await expect.poll(() => readCounters(page)).toEqual(expectedCounters(query, 400));
      // The same numbers as opening the link with that frame count afresh.
      await open(direct, `/?tour=off&items=48&page=8&frames=${frames}&step=400`);
      expect(await readCounters(direct)).toEqual(await readCounters(page));
    }
    // The keyboard moves it too: a native range input.
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/[?&]frames=3&/);
    await expect.poll(() => readCounters(page)).toEqual(expectedCounters(queryOf(page), 400));
    expect(problems).toEqual([]);
  });

  test('each reference shows its stack distance, as the core computes it', async ({ page }) => {
    await open(page, LINK);
    const timeline = timelineFor(queryOf(page));
    // Steps where the left side references a page: a first touch, the page just used, and two
    // references deeper in the stack.
    const found: { step: number; distance: number }[] = [];
    const wanted = (distance: number): boolean =>
      distance <= 1
        ? !found.some((f) => f.distance === distance)
        : found.filter((f) => f.distance > 1).length < 2;
    for (let step = 1; step <= timeline.totalSteps && found.length < 4; step++) {
      timeline.seek(step);
      const distance = timeline.currentDistances()[0];
      if (distance !== null && wanted(distance)) found.push({ step, distance });
    }
    expect(found.map((f) => Math.min(f.distance, 2)).sort()).toEqual([0, 1, 2, 2]);
    for (const { step, distance } of found) {
      await open(page, `/?tour=off&items=48&page=8&frames=2&step=${step}`);
      await expect(page.getByTestId('stack-distance-left')).toHaveText(
        distance === 0 ? 'new' : String(distance),
      );
      const sentence = distance === 0 ? 'never used before' : 'most recently used page';
      await expect(page.getByTestId('side-narration-left')).toContainText(sentence);
    }
  });
});

test.describe('predict mode on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the side asked about fills the figure, its tree on the screen above the transport', async ({
    page,
    problems,
  }) => {
    await open(page, '/?tour=off&items=48&page=8&frames=4&op=49');
    await page.getByTestId('predict-toggle').click();
    await expect(page.getByTestId('tree-right')).toBeHidden();
    const tree = await page.getByTestId('tree-left').boundingBox();
    const transport = await page.locator('.transport').boundingBox();
    expect(tree).not.toBeNull();
    expect((tree?.y ?? 0) + (tree?.height ?? 0)).toBeLessThanOrEqual(transport?.y ?? 0);
    // Asking about the other side shows that one instead.
    await page.locator('.predict-bar select').selectOption('right');
    await expect(page.getByTestId('tree-left')).toBeHidden();
    await expect(page.getByTestId('tree-right')).toBeVisible();
    await page.getByTestId('predict-toggle').click();
    await expect(page.getByTestId('tree-left')).toBeVisible();
    await expect(page.getByTestId('tree-right')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('predict mode', () => {
  test('asks before the event, scores a right and a wrong answer, then shows the event', async ({
    page,
    problems,
  }) => {
    await open(page, '/?tour=off&items=48&page=8&frames=2&step=300');
    await page.getByTestId('predict-toggle').click();
    await expect(page.getByTestId('predict-toggle')).toHaveAttribute('aria-pressed', 'true');
    const timeline = timelineFor(queryOf(page));
    const keys: string[] = [];
    for (const wantRight of [true, false]) {
      const before = await currentStep(page);
      // Step forward until a question stops the cursor.
      await page.locator('body').click({ position: { x: 5, y: 700 } });
      await expect(async () => {
        await page.keyboard.press('ArrowRight');
        await expect(page.getByTestId('predict-prompt')).toContainText('?', { timeout: 500 });
      }).toPass({ timeout: 15_000 });
      const waiting = await currentStep(page);
      expect(waiting).toBeGreaterThanOrEqual(before);
      // The core's event at the next step, and the answer it implies.
      timeline.seek(waiting + 1);
      const event = timeline.currentEvents()[0];
      const distance = timeline.currentDistances()[0] ?? -1;
      const question = questionFor(event, {
        family: 'heap',
        tree: false,
        op: timeline.opKindAt(timeline.opAt(waiting + 1)),
        frames: 2,
        distance,
      });
      expect(question, `step ${waiting + 1} asks`).not.toBeNull();
      await expect(page.getByTestId('predict-prompt')).toContainText(question?.prompt ?? '');
      const key = wantRight
        ? (question?.answer ?? '')
        : (question?.choices.find((c) => c.key !== question.answer)?.key ?? '');
      keys.push(key);
      await page.keyboard.press(key.toUpperCase());
      await expect(page.getByTestId('step-label')).toHaveText(new RegExp(`^step ${waiting + 1} /`));
      await expect(page.getByTestId('predict-feedback')).toContainText(
        wantRight ? 'Right.' : 'Not quite.',
      );
    }
    await expect(page.getByTestId('predict-score')).toHaveText('1 of 2 right · streak 0 (best 1)');
    await expect(page.getByTestId('predict-live')).toContainText('1 of 2 right');
    expect(problems).toEqual([]);
  });
});

test.describe('the memory strip', () => {
  test('shows every slot of a small heap, and a window around the current slot of a large one', async ({
    page,
    problems,
  }) => {
    await open(page, '/?tour=off&items=48&page=8&frames=2&step=300');
    const left = page.getByTestId('array-left');
    await expect(left).toBeVisible();
    await expect(left).toHaveAttribute('data-first', '0');
    await expect(left).toHaveAttribute('data-count', String(7 * 8));
    // A 5,000-item heap is 626 pages: the strip shows whole pages around the current slot.
    await open(page, '/?tour=off&items=5000&page=8&frames=30&step=90000');
    const timeline = timelineFor(queryOf(page));
    timeline.seek(90000);
    const event = timeline.currentEvents()[1];
    expect(event).not.toBeNull();
    const slot = event !== null && 'slot' in event ? event.slot : -1;
    const right = page.getByTestId('array-right');
    const first = Number(await right.getAttribute('data-first'));
    const count = Number(await right.getAttribute('data-count'));
    expect(count).toBeLessThan(626 * 8);
    expect(first % 8).toBe(0);
    expect(slot).toBeGreaterThanOrEqual(first);
    expect(slot).toBeLessThan(first + count);
    expect(problems).toEqual([]);
  });
});

test.describe('exports', () => {
  for (const policy of ['lru', 'clock'] as const) {
    test(`the page-reference trace of a scenario under ${policy} equals npm run sim -- trace for the same link`, async ({
      page,
      problems,
    }) => {
      await open(
        page,
        `/?tour=off&left=treap&right=bheap&node=48&items=30&page=8&frames=3&policy=${policy}&step=40`,
      );
      const saved = (await downloadFrom(page, page.getByTestId('export-trace'))).toString('utf8');
      const scenario = parseScenario(queryOf(page)).scenario;
      const cli = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', ...cliArgsFor(scenario, 'trace')],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      expect(saved.split('\n').length).toBeGreaterThan(100);
      expect(saved).toBe(cli);
      await expect(page.getByTestId('trace-status')).toContainText('Saved');
      expect(problems).toEqual([]);
    });
  }
});

test.describe('video export', () => {
  test('records 100 steps as a WebM file that plays for 100 ÷ speed seconds', async ({
    page,
    problems,
  }, testInfo) => {
    test.setTimeout(180_000);
    await open(page, '/?tour=off&items=48&page=8&frames=3&step=200');
    await page.getByTestId('video-from').fill('200');
    await page.getByTestId('video-steps').fill('100');
    await page.getByTestId('video-speed').fill('20');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 150_000 }),
      page.getByTestId('export-video').click(),
    ]);
    const file = testInfo.outputPath('steps.webm');
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(10_000);
    // WebM starts with the EBML magic number.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    // The browser plays it, for 100 steps at 20 a second: 5 s.
    const duration = await page.evaluate(async (base64) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const video = document.createElement('video');
      video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
      await new Promise((resolve, reject) => {
        video.onloadedmetadata = resolve;
        video.onerror = () => reject(new Error('the video does not load'));
      });
      return { duration: video.duration, width: video.videoWidth };
    }, bytes.toString('base64'));
    expect(duration.width).toBe(1280);
    expect(duration.duration).toBeGreaterThan(4.9);
    expect(duration.duration).toBeLessThan(5.1);
    // The page is back where it was.
    await expect(page.getByTestId('step-label')).toHaveText(/^step 200 \//);
    await expect(page.getByTestId('video-status')).toContainText('Saved 100 steps, 5.0 s');
    expect(problems).toEqual([]);
  });

  test('offers MP4 exactly where the browser encodes H.264; its file is an MP4 that plays for steps ÷ speed seconds', async ({
    page,
    problems,
  }, testInfo) => {
    test.setTimeout(180_000);
    const recorderLoads: string[] = [];
    page.on('request', (request) => {
      if (/videoRecorder-[^/]*\.js$/.test(request.url())) recorderLoads.push(request.url());
    });
    await open(page, '/?tour=off&items=48&page=8&frames=3&step=200');
    // What this browser's encoder says, asked here as capabilities.ts asks it.
    const encodes = await page.evaluate(async (configs) => {
      for (const config of configs) {
        if ((await VideoEncoder.isConfigSupported(config)).supported === true) return true;
      }
      return false;
    }, H264_CODECS.map(h264Config));
    // A visitor comes near the controls: the page asks the encoder then, not in its first second.
    await page.getByTestId('video-format-webm').hover();
    const mp4 = page.getByTestId('video-format-mp4');
    const note = page.getByTestId('video-format-note');
    await expect(page.getByTestId('video-format-webm')).toBeChecked();
    if (!encodes) {
      await expect(note).toHaveText(/^This browser cannot encode H\.264 video/);
      await expect(mp4).toBeDisabled();
      return;
    }
    await expect(mp4).toBeEnabled();
    await expect(note).toBeEmpty();
    // The recorder (and Mediabunny) is not loaded before the first recording.
    expect(recorderLoads).toEqual([]);
    await mp4.check();
    const button = page.getByTestId('export-video');
    await expect(button).toHaveText('Record video (MP4)');
    await page.getByTestId('video-from').fill('200');
    await page.getByTestId('video-steps').fill('40');
    await page.getByTestId('video-speed').fill('20');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 150_000 }),
      button.click(),
    ]);
    expect(recorderLoads).toHaveLength(1);
    expect(download.suggestedFilename()).toBe('bheap-steps-200-240.mp4');
    const file = testInfo.outputPath('steps.mp4');
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(5_000);
    // An MP4 starts with its ftyp box: a 4-byte size, then the box type.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // The index (moov) comes before the frames (mdat): a player starts without reading to the end.
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    // Where this browser also plays H.264, it plays for 40 steps at 20 a second: 2 s.
    const played = await page.evaluate(async (base64) => {
      const video = document.createElement('video');
      if (video.canPlayType('video/mp4; codecs="avc1.42e01f"') === '') return null;
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      video.src = URL.createObjectURL(new Blob([data], { type: 'video/mp4' }));
      await new Promise((resolve, reject) => {
        video.onloadedmetadata = resolve;
        video.onerror = () => reject(new Error('the video does not load'));
      });
      return { duration: video.duration, width: video.videoWidth };
    }, bytes.toString('base64'));
    testInfo.annotations.push({
      type: 'mp4 playback',
      description: played === null ? 'this browser does not play H.264' : JSON.stringify(played),
    });
    if (played !== null) {
      expect(played.width).toBe(1280);
      expect(played.duration).toBeGreaterThan(1.9);
      expect(played.duration).toBeLessThan(2.1);
    }
    await expect(page.getByTestId('video-status')).toContainText('Saved 40 steps, 2.0 s');
    expect(problems).toEqual([]);
  });

  test('where the browser cannot encode H.264, MP4 is off, one sentence says why, and WebM still records', async ({
    page,
    problems,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A browser built without H.264 (Chromium without proprietary codecs): its encoder says no.
    await page.addInitScript(() => {
      const ask = VideoEncoder.isConfigSupported.bind(VideoEncoder);
      VideoEncoder.isConfigSupported = (config) =>
        config.codec.startsWith('avc1.')
          ? Promise.resolve({ supported: false, config })
          : ask(config);
    });
    await open(page, '/?tour=off&items=48&page=8&frames=3&step=200');
    // A visitor comes near the controls: the page asks the encoder then, not in its first second.
    await page.getByTestId('video-format-webm').hover();
    const note = page.getByTestId('video-format-note');
    await expect(note).toHaveText(
      'This browser cannot encode H.264 video, so it records WebM only: for MP4, record in Chrome, Edge or Safari.',
    );
    await expect(page.getByTestId('video-format-mp4')).toBeDisabled();
    await expect(page.getByTestId('video-format-mp4')).toHaveAttribute(
      'aria-describedby',
      'video-format-note',
    );
    await expect(page.getByTestId('video-format-webm')).toBeChecked();
    const button = page.getByTestId('export-video');
    await expect(button).toHaveText('Record video (WebM)');
    await expect(button).toBeEnabled();
    await page.getByTestId('video-from').fill('200');
    await page.getByTestId('video-steps').fill('20');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 100_000 }),
      button.click(),
    ]);
    expect(download.suggestedFilename()).toBe('bheap-steps-200-220.webm');
    const file = testInfo.outputPath('steps.webm');
    await download.saveAs(file);
    // WebM starts with the EBML magic number.
    expect(readFileSync(file).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(problems).toEqual([]);
  });
});

test.describe('the path view', () => {
  test('a heap too large to draw whole shows the path of the current step, page and offset', async ({
    page,
    problems,
  }) => {
    await open(page, '/?tour=off&items=5000&page=64&frames=30&step=1000000');
    const tree = page.getByTestId('tree-left');
    await expect(tree).toHaveAttribute('data-mode-view', 'path');
    const timeline = timelineFor(queryOf(page));
    timeline.seek(1_000_000);
    const event = timeline.currentEvents()[0];
    const slot = event !== null && 'slot' in event ? event.slot : -1;
    expect(slot).toBeGreaterThan(0);
    await expect(tree.locator('.tv-path')).toHaveAttribute('data-focus', String(slot));
    await expect(tree.locator(`[data-slot="${slot}"] text`)).toHaveText(
      `p${Math.floor(slot / 64)}·${slot % 64}`,
    );
    // The binary heap's path crosses pages on most levels; the B-heap's far fewer.
    const crossings = async (id: string): Promise<number> =>
      Number(await page.getByTestId(id).locator('.tv-path').getAttribute('data-crossings'));
    expect(await crossings('tree-left')).toBeGreaterThan(await crossings('tree-right'));
    expect(problems).toEqual([]);
  });
});
