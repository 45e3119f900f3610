// What the engines' journeys know about the page and the command line, written once against
// the Driver: how a link is opened and found ready, how the counters read, how a file the page
// saves is caught, and what `npm run sim` prints for the same link (e2e/fixtures.ts does the
// same for the Playwright journeys).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Timeline } from '../../src/core/replay/timeline';
import { cliArgsFor } from '../../src/core/scenario/format';
import { parseScenario } from '../../src/core/scenario/parse';
import type { Driver } from './driver';

const run = promisify(execFile);

/** How long a page may take to prepare: recording the article's run, in a slow engine. */
export const PREPARE_MS = 120_000;

/** A count as the page writes it: grouped by thousands (12,995,494). */
export function grouped(value: number): string {
  return value.toLocaleString('en-US');
}

/** Opens `query` on the site and waits until its scenario is prepared and the link rewritten. */
export async function openLab(driver: Driver, site: string, query: string): Promise<void> {
  await driver.goto(`${site}${query}`);
  await driver.waitFor('the link rewritten in full (v=3)', async () =>
    /[?&]v=3&/.test(await driver.url()),
  );
  await ready(driver);
}

/** Waits until nothing is being prepared. */
export function ready(driver: Driver): Promise<void> {
  return driver.waitFor(
    'preparing to end',
    async () => !(await driver.visible('preparing')),
    PREPARE_MS,
  );
}

/** Waits until the element's text matches. */
export async function waitForText(
  driver: Driver,
  testId: string,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  let text: string | null = null;
  await driver.waitFor(
    () => `${testId} to match ${pattern} (it reads ${JSON.stringify(text)})`,
    async () => {
      text = await driver.text(testId);
      return text !== null && pattern.test(text);
    },
    timeoutMs,
  );
  return text ?? '';
}

const COUNTER_STEMS = ['comparisons', 'swaps', 'pageins', 'writebacks', 'zerofill'] as const;

/** The ten counters as the page shows them; each must read as digits grouped by thousands. */
export async function readCounters(driver: Driver): Promise<Record<string, number>> {
  const ids = ['left', 'right'].flatMap((side) => COUNTER_STEMS.map((stem) => `${stem}-${side}`));
  const texts = await driver.evaluate(
    (list: string[]) =>
      list.map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '(missing)'),
    ids,
  );
  const values: Record<string, number> = {};
  ids.forEach((id, index) => {
    if (!/^\d{1,3}(,\d{3})*$/.test(texts[index])) {
      throw new Error(`${driver.engine}: ${id} reads "${texts[index]}", not a grouped integer`);
    }
    values[id] = Number(texts[index].replaceAll(',', ''));
  });
  return values;
}

/** The ten counters the core computes (in Node) for a link at `step`. */
export function timelineCounters(query: string, step: number): Record<string, number> {
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

/** The link's parameters as the parser reads them: the query and the fragment. */
export async function queryOf(driver: Driver): Promise<string> {
  const url = new URL(await driver.url());
  return url.search + url.hash;
}

/** A file the page saved: its name, its size, its first eight bytes in hex (a WebM's EBML number, an MP4's ftyp box) and its text. */
export interface SavedFile {
  name: string;
  size: number;
  head: string;
  text: string;
}

/**
 * Clicks `testId` and returns the file the page saves. The page saves through a blob URL and a
 * link with `download` (src/app/browser/download.ts); the link's click is caught in the page, so no
 * engine needs a download folder or a dialog.
 */
export async function savedBy(
  driver: Driver,
  testId: string,
  timeoutMs = 30_000,
): Promise<SavedFile> {
  await driver.evaluate(() => {
    const page = window as unknown as { __bheapSaved?: string };
    const blobs = new Map<string, Blob>();
    const createObjectURL = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    page.__bheapSaved = undefined;
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = createObjectURL.call(URL, object);
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = this.download === '' ? undefined : blobs.get(this.href);
      if (blob === undefined) {
        click.call(this);
        return;
      }
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
      const name = this.download;
      void blob.arrayBuffer().then((buffer) => {
        const bytes = new Uint8Array(buffer);
        const head = Array.from(bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0'));
        page.__bheapSaved = JSON.stringify({
          name,
          size: bytes.length,
          head: head.join(''),
          text: new TextDecoder().decode(bytes),
        });
      });
    };
  });
  await driver.click(testId);
  let saved: string | null = null;
  await driver.waitFor(
    `the file ${testId} saves`,
    async () => {
      saved = await driver.evaluate(
        () => (window as unknown as { __bheapSaved?: string }).__bheapSaved ?? null,
      );
      return saved !== null;
    },
    timeoutMs,
  );
  return JSON.parse(saved ?? '{}') as SavedFile;
}

/** What `npm run sim -- <args>` prints (run in this process's Node, through tsx). */
export async function sim(args: readonly string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

interface CliResult {
  comparisons: number;
  swaps: number;
  zeroFill: number;
  pageIns: number[];
  writebacks: number[];
}

/** The counters `npm run sim -- run` prints for a link, cut after `untilOp` operations if given. */
export async function cliCounters(
  query: string,
  untilOp: number | null = null,
): Promise<Record<string, number>> {
  const scenario = parseScenario(query).scenario;
  const cut = untilOp === null ? [] : ['--until-op', String(untilOp)];
  const stdout = await sim([...cliArgsFor(scenario, 'run'), ...cut, '--format', 'json']);
  const results = (JSON.parse(stdout) as { results: CliResult[] }).results;
  const values: Record<string, number> = {};
  ['left', 'right'].forEach((side, index) => {
    // One structure on both sides is one result.
    const result = results[Math.min(index, results.length - 1)];
    values[`comparisons-${side}`] = result.comparisons;
    values[`swaps-${side}`] = result.swaps;
    values[`pageins-${side}`] = result.pageIns[0];
    values[`writebacks-${side}`] = result.writebacks[0];
    values[`zerofill-${side}`] = result.zeroFill;
  });
  return values;
}

/** The trace `npm run sim -- trace` writes for a link. */
export function cliTrace(query: string): Promise<string> {
  return sim(cliArgsFor(parseScenario(query).scenario, 'trace'));
}
