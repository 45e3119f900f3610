// Chromium over the DevTools protocol and Firefox over WebDriver BiDi, both through
// puppeteer-core with the browser installed on this machine (no download, no geckodriver).
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chromiumPath, firefoxPath } from './browsers';
import { Driver, type Key, pageFunction } from './driver';

/** The journeys' window, as the Playwright journeys use (playwright.config.ts). */
export const VIEWPORT = { width: 1280, height: 720 };

export interface PuppeteerOptions {
  /** Firefox preferences, to take a feature away (`javascript.options.wasm_simd`: false). */
  firefoxPrefs?: Record<string, unknown>;
}

export class PuppeteerDriver extends Driver {
  private constructor(
    engine: 'chromium' | 'firefox',
    version: string,
    private readonly browser: Browser,
    private readonly page: Page,
  ) {
    super(engine, version);
  }

  static async launch(
    engine: 'chromium' | 'firefox',
    options: PuppeteerOptions = {},
  ): Promise<PuppeteerDriver> {
    const browser =
      engine === 'chromium'
        ? await puppeteer.launch({
            executablePath: chromiumPath(),
            headless: true,
            defaultViewport: VIEWPORT,
            args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
          })
        : await puppeteer.launch({
            browser: 'firefox',
            executablePath: firefoxPath(),
            headless: true,
            defaultViewport: VIEWPORT,
            extraPrefsFirefox: options.firefoxPrefs ?? {},
          });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    // Firefox's first tab keeps its window's size unless told.
    await page.setViewport(VIEWPORT);
    return new PuppeteerDriver(engine, await browser.version(), browser, page);
  }

  protected async navigate(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  protected async clickElement(selector: string): Promise<void> {
    await this.page.click(selector);
  }

  protected async typeInto(selector: string, text: string): Promise<void> {
    await this.page.$eval(selector, (element) => {
      (element as HTMLInputElement).value = '';
    });
    await this.page.type(selector, text);
  }

  async press(key: Key): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    // Sent as source, as the WebDriver adapter sends it, so a journey behaves alike in both.
    const source = `${pageFunction(fn)}(...${JSON.stringify(args)})`;
    return (await this.page.evaluate(source)) as Awaited<R>;
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
