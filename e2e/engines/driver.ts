// What a journey may do with a browser, the same in every engine: open a link, click or fill a
// control by its data-testid, press a key, read what the page shows, run a script in it. Each
// engine's adapter (puppeteerDriver.ts, webdriverDriver.ts) implements the few primitives at
// the bottom; everything a journey reads is built on them here, once.
import type { Engine } from './browsers';

/** The keys the journeys press, by their WebDriver names (the W3C spec's code points). */
export const KEYS = {
  Enter: '\uE007',
  PageDown: '\uE00F',
  PageUp: '\uE00E',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
} as const;
export type Key = keyof typeof KEYS;

/** The page-side record of problems the engines' server puts first in index.html. */
export const PROBLEM_RECORDER = `(() => {
  const problems = (window.__bheapProblems = []);
  const show = (value) => (value instanceof Error ? value.message : String(value));
  const error = console.error;
  console.error = (...args) => {
    problems.push('console: ' + args.map(show).join(' '));
    error.apply(console, args);
  };
  addEventListener('error', (event) => {
    const target = event.target;
    if (target instanceof Element) problems.push('failed to load: ' + (target.src || target.href));
    else problems.push('pageerror: ' + event.message);
  }, true);
  addEventListener('unhandledrejection', (event) => problems.push('unhandled rejection: ' + show(event.reason)));
})();`;

export abstract class Driver {
  /** Problems of the pages left since the last takeProblems (a page's record goes with it). */
  private readonly earlier: string[] = [];

  constructor(
    readonly engine: Engine,
    /** The browser's name and version as it reports them. */
    readonly version: string,
  ) {}

  // ---- what each engine's adapter implements ----

  /** Navigates and waits for the load event. */
  protected abstract navigate(url: string): Promise<void>;
  /** A real click (pointer events) in the middle of the element. */
  protected abstract clickElement(selector: string): Promise<void>;
  /** Clears a text field and types `text` into it, key by key. */
  protected abstract typeInto(selector: string, text: string): Promise<void>;
  /** Presses a key where the focus is. */
  abstract press(key: Key): Promise<void>;
  /**
   * Runs `fn` in the page with `args` (JSON values) and returns its result (awaited). The
   * function is sent as its source, so it may use only its arguments and the page's globals.
   */
  abstract evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** The viewport as a PNG. */
  abstract screenshot(): Promise<Buffer>;
  abstract close(): Promise<void>;

  // ---- built once on them ----

  async goto(url: string): Promise<void> {
    await this.collectProblems();
    await this.navigate(url);
  }

  async click(testId: string): Promise<void> {
    await this.waitFor(`${testId} to be visible`, () => this.visible(testId));
    await this.clickElement(byTestId(testId));
  }

  /** Clears a field and types `text` into it. */
  async fill(testId: string, text: string): Promise<void> {
    await this.waitFor(`${testId} to be visible`, () => this.visible(testId));
    await this.typeInto(byTestId(testId), text);
  }

  /** Fills a field and presses Enter in it, as a user who types a number does. */
  async fillAndEnter(testId: string, text: string): Promise<void> {
    await this.fill(testId, text);
    await this.press('Enter');
  }

  /** The element's text, or null when there is none. */
  text(testId: string): Promise<string | null> {
    return this.evaluate(
      (selector: string) => document.querySelector(selector)?.textContent ?? null,
      byTestId(testId),
    );
  }

  attribute(testId: string, name: string): Promise<string | null> {
    return this.evaluate(
      (selector: string, attribute: string) =>
        document.querySelector(selector)?.getAttribute(attribute) ?? null,
      byTestId(testId),
      name,
    );
  }

  /** Whether the element exists and is laid out (not hidden, display:none or zero-sized). */
  visible(testId: string): Promise<boolean> {
    return this.evaluate((selector: string) => {
      const element = document.querySelector(selector);
      if (element === null || element.closest('[hidden]') !== null) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    }, byTestId(testId));
  }

  url(): Promise<string> {
    return this.evaluate(() => window.location.href);
  }

  /**
   * Polls `condition` until it holds; fails naming `what` (said at the time of failing) and the
   * engine after `timeoutMs`, or at once when the page has thrown (nothing will come then).
   */
  async waitFor(
    what: string | (() => string),
    condition: () => Promise<boolean>,
    timeoutMs = 30_000,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown = null;
    for (let poll = 1; ; poll++) {
      try {
        if (await condition()) return;
        last = null;
      } catch (error) {
        // A navigation in progress makes a script fail; the next poll sees the new page.
        last = error;
      }
      const described = (): string => (typeof what === 'string' ? what : what());
      if (poll % 10 === 0) {
        const thrown = (await this.peekProblems()).filter(
          (problem) => !problem.startsWith('console'),
        );
        if (thrown.length > 0) {
          throw new Error(
            `${this.engine}: the page threw while waiting for ${described()}: ${thrown.join('; ')}`,
          );
        }
      }
      if (Date.now() > deadline) {
        const cause = last instanceof Error ? ` (last error: ${last.message})` : '';
        throw new Error(
          `${this.engine}: timed out after ${timeoutMs} ms waiting for ${described()}${cause}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The page's recorded problems, left in place. */
  private peekProblems(): Promise<string[]> {
    return this.evaluate(
      () => (window as unknown as { __bheapProblems?: string[] }).__bheapProblems?.slice() ?? [],
    ).catch(() => []);
  }

  /** Every problem recorded since the last call, on the pages left and on this one. */
  async takeProblems(): Promise<string[]> {
    await this.collectProblems();
    return this.earlier.splice(0);
  }

  private async collectProblems(): Promise<void> {
    const recorded = await this.evaluate(() => {
      const list = (window as unknown as { __bheapProblems?: string[] }).__bheapProblems;
      return list === undefined ? [] : list.splice(0);
    }).catch(() => []);
    this.earlier.push(...recorded);
  }
}

/**
 * The source of a function to run in the page, as an expression. Node's TypeScript loaders
 * (tsx, esbuild's keepNames) wrap named functions in `__name(…)`, a helper the page lacks.
 */
export function pageFunction(fn: (...args: never[]) => unknown): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()}); })()`;
}

export function byTestId(testId: string): string {
  return `[data-testid="${testId}"]`;
}
