// Shared fixture: every journey fails on a console error or an uncaught page error.
import { readFileSync } from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { Timeline } from '../src/core/replay/timeline';
import { parseScenario } from '../src/core/scenario/parse';

export const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
    expect(problems, 'no console or page errors').toEqual([]);
  },
});

export { expect };

const COUNTER_STEMS = ['comparisons', 'swaps', 'pageins', 'writebacks', 'zerofill'] as const;

/** The ten counters as the page shows them. */
export async function readCounters(page: Page): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const side of ['left', 'right']) {
    for (const stem of COUNTER_STEMS) {
      const text = await page.getByTestId(`${stem}-${side}`).textContent();
      expect(text ?? '', `${stem}-${side} is an integer grouped by thousands`).toMatch(
        /^\d{1,3}(,\d{3})*$/,
      );
      values[`${stem}-${side}`] = Number((text ?? '').replaceAll(',', ''));
    }
  }
  return values;
}

/** The same ten counters computed by the core (in Node) for a query string and step. */
export function expectedCounters(query: string, step: number): Record<string, number> {
  const timeline = new Timeline(parseScenario(query).scenario);
  timeline.seek(0);
  timeline.seek(step);
  const values: Record<string, number> = {};
  ['left', 'right'].forEach((side, index) => {
    const c = timeline.sides[index].view.counters;
    values[`comparisons-${side}`] = c.comparisons;
    values[`swaps-${side}`] = c.swaps;
    values[`pageins-${side}`] = c.pageIns;
    values[`writebacks-${side}`] = c.writeBacks;
    values[`zerofill-${side}`] = c.zeroFills;
  });
  return values;
}

export function timelineFor(query: string): Timeline {
  return new Timeline(parseScenario(query).scenario);
}

/**
 * The bare lab at its first step, as the journeys below were written for: a first visit with
 * no link opens the tour instead (tour.spec.ts).
 */
export const BARE_LAB = '/?tour=off&step=0';

/** Opens a link and waits until its scenario is prepared and the link is rewritten in full. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/[?&]v=3&/);
  await expect(page.getByTestId('preparing')).toBeHidden();
}

/** Waits until the page shows `step` (it renders on the next animation frame). */
export async function expectStep(page: Page, step: number): Promise<void> {
  await expect(page.getByTestId('step-label')).toHaveText(new RegExp(`^step ${grouped(step)} / `));
}

/** Waits until the counters equal what the core computes for the link and step. */
export async function expectCountersAt(page: Page, step: number): Promise<Record<string, number>> {
  await expectStep(page, step);
  const expected = expectedCounters(queryOf(page), step);
  await expect.poll(() => readCounters(page)).toEqual(expected);
  return expected;
}

export async function currentStep(page: Page): Promise<number> {
  const text = (await page.getByTestId('step-label').textContent()) ?? '';
  const match = /step ([\d,]+) \/ ([\d,]+)/.exec(text);
  expect(match, `step label "${text}"`).not.toBeNull();
  return Number(match?.[1].replaceAll(',', ''));
}

/** A count as the page writes it: grouped by thousands (12,995,494). */
export function grouped(value: number): string {
  return value.toLocaleString('en-US');
}

/** The link's parameters as the parser reads them: the query and the fragment. */
export function queryOf(page: Page): string {
  const url = new URL(page.url());
  return url.search + url.hash;
}

/** Clicks `button` and returns the file it makes the page download. */
export async function downloadFrom(page: Page, button: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync(await download.path());
}

/** Starts recording main-thread tasks over 50 ms (Long Tasks API) from now on. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const durations: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    Object.assign(window, { bheapLongTasks: durations });
  });
}

/** The long tasks recorded since watchLongTasks, in ms. */
export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { bheapLongTasks: number[] }).bheapLongTasks);
}

/**
 * Opens the scenario's settings: below 1440 px they fold to a one-line summary, which opens them
 * (the issue of every screen: the structures first, the controls when wanted).
 */
export async function openControls(page: Page): Promise<void> {
  const summary = page.getByTestId('controls-summary');
  if (await summary.isVisible()) await summary.click();
  await expect(page.getByTestId('controls-toggle')).toHaveAttribute('aria-expanded', 'true');
}
