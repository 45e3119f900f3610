// A performance report, not a timed test: it prints and attaches what it measures (step cost,
// autoplay frame rate on 2,048 pages, jump to the end of a 100,000-step scenario, the memory
// slider on the largest scenario) and asserts only that the measurements were taken.
import { BARE_LAB, expect, grouped, longTasks, open, test, watchLongTasks } from '../fixtures';
import { autoplayFrames, frameRate, summary } from '../report';

interface Durations {
  seek: number[];
  render: number[];
}

async function collect(page: import('@playwright/test').Page): Promise<Durations> {
  return page.evaluate(() => {
    const read = (name: string): number[] =>
      performance.getEntriesByName(name).map((entry) => entry.duration);
    const result = { seek: read('bheap:seek'), render: read('bheap:render') };
    performance.clearMeasures();
    return result;
  });
}

test('performance report: stepping, autoplay on 2,048 pages, jump to end', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const report: string[] = [];

  // 1. Stepping one event at a time, forward and back, on the default scenario.
  await open(page, '/?items=48&page=8&frames=4');
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await page.evaluate(() => performance.clearMeasures());
  for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
  let d = await collect(page);
  report.push(`step (default scenario): seek ${summary(d.seek)}; render ${summary(d.render)}`);

  // 2. Autoplay on a 2,049-page grid (8192 items, 4 per page).
  await open(page, '/?items=8192&page=4&frames=64');
  await page.getByTestId('speed').selectOption('1000');
  await page.evaluate(() => performance.clearMeasures());
  const frames = await autoplayFrames(page, 180);
  const { fps, seconds: elapsed } = frameRate(frames);
  d = await collect(page);
  report.push(
    `autoplay, 2,049 pages, 1000 steps/s: ${fps.toFixed(1)} frames/s over ${elapsed.toFixed(2)} s; render ${summary(d.render)}; seek ${summary(d.seek)}`,
  );

  // 3. Jump to the end of a scenario of about 100,000 steps.
  await open(page, '/?items=470&page=8&frames=8');
  const total = Number(
    /\/ ([\d,]+)/
      .exec((await page.getByTestId('step-label').textContent()) ?? '')?.[1]
      .replaceAll(',', ''),
  );
  await page.evaluate(() => performance.clearMeasures());
  await page.getByTestId('jump-end').click();
  await expect(page.getByTestId('step-label')).toContainText(`step ${grouped(total)} /`);
  d = await collect(page);
  report.push(
    `jump to end of ${total} steps: seek ${summary(d.seek)}; render ${summary(d.render)}`,
  );
  await page.getByTestId('jump-start').click();
  await page.evaluate(() => performance.clearMeasures());
  await page.getByTestId('jump-end').click();
  d = await collect(page);
  report.push(`jump to end again (from the start): seek ${summary(d.seek)}`);

  // 4. Loading the largest scenario the page accepts: prepared in slices, so no long freeze.
  await open(page, BARE_LAB);
  await watchLongTasks(page);
  const loadStart = Date.now();
  await page.getByTestId('control-page').selectOption('4');
  await page.getByTestId('control-items').fill('16384');
  await page.getByTestId('control-items').press('Enter');
  await expect(page.getByTestId('control-items')).toHaveValue('16384');
  await expect(page.getByTestId('step-label')).toHaveText(/^step 0 \/ \d{1,3}(,\d{3}){2,}$/, {
    timeout: 60_000,
  });
  const loadSeconds = (Date.now() - loadStart) / 1000;
  const tasks = await longTasks(page);
  report.push(
    `prepare 16384 items, 4 per page (4097 pages): ${loadSeconds.toFixed(1)} s; long tasks: ${tasks.length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms`,
  );

  // 5. The memory slider on that largest scenario: a move to the repainted page, and a seek to
  // any step with any slider value.
  await page.evaluate(() => performance.clearMeasures());
  const slider = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="frames-slider"]');
    if (input === null) throw new Error('no slider');
    const max = Number(input.max);
    const latency: number[] = [];
    const work: number[] = [];
    // A fixed pseudo-random walk over frame counts, the same on every run.
    let state = 12345;
    const next = (): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let i = 0; i < 40; i++) {
      const value = 1 + Math.floor(next() * max);
      const started = performance.now();
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const handled = performance.now();
      // The frame the render was scheduled for: its callbacks start at `drawing`; a message
      // posted from there is delivered once that frame has been laid out and painted.
      const [drawing, painted] = await new Promise<[number, number]>((resolve) =>
        requestAnimationFrame(() => {
          const start = performance.now();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve([start, performance.now()]);
          channel.port2.postMessage(0);
        }),
      );
      latency.push(painted - started);
      work.push(handled - started + (painted - drawing));
      // Let the next move start on a quiet main thread, as a hand on the slider would.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { latency, work };
  });
  report.push(
    `slider move, 4097 pages: main-thread work (the input handler and the frame that repaints) ${summary(slider.work)}; input to painted frame (also waits for the display's next frame) ${summary(slider.latency)}`,
  );
  const scrub = page.getByTestId('scrubber');
  const operations = Number(await scrub.getAttribute('max'));
  await page.evaluate(() => performance.clearMeasures());
  for (let i = 0; i < 20; i++) {
    await scrub.fill(String(Math.floor((((i * 7919) % 1000) / 1000) * operations)));
    await page.getByTestId('frames-slider').fill(String(1 + ((i * 37) % 4000)));
  }
  d = await collect(page);
  report.push(
    `seek anywhere after slider moves, 4097 pages: seek ${summary(d.seek)}; render ${summary(d.render)}`,
  );

  const text = report.join('\n');
  console.log(`\nB-Heap Lab performance report\n${text}\n`);
  await testInfo.attach('performance-report', { body: text, contentType: 'text/plain' });
  expect(total).toBeGreaterThan(90_000);
  expect(frames.length).toBe(180);
  expect(slider.work.length).toBe(40);
});
