// WebKit (Safari's engine) over classic W3C WebDriver: WebKitGTK's WebKitWebDriver, which drives
// its MiniBrowser, under a virtual display (xvfb-run; the MiniBrowser needs one). The protocol
// is a handful of HTTP requests, spoken here with fetch.
import { type ChildProcess, spawn } from 'node:child_process';
import { webkitDriverPath } from './browsers';
import { Driver, KEYS, type Key, pageFunction } from './driver';
import { VIEWPORT } from './puppeteerDriver';

/** The W3C name of the key under which an element reference travels. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

interface WebDriverReply {
  value: unknown;
}

export class WebDriverDriver extends Driver {
  private constructor(
    version: string,
    private readonly server: ChildProcess,
    private readonly endpoint: string,
  ) {
    super('webkit', version);
  }

  /** Starts WebKitWebDriver on `port` under xvfb-run and opens a session in a 1280×720 page. */
  static async launch(port: number): Promise<WebDriverDriver> {
    // A process group of its own, so closing ends xvfb-run, Xvfb, the driver and the browser.
    const server = spawn(
      'xvfb-run',
      ['-a', '-s', '-screen 0 1600x1000x24', webkitDriverPath(), `--port=${port}`],
      { detached: true, stdio: 'ignore' },
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForServer(base);
      const created = (await request(base, 'POST', '/session', {
        capabilities: { alwaysMatch: { browserName: 'MiniBrowser' } },
      })) as { sessionId: string; capabilities: { browserName: string; browserVersion: string } };
      const driver = new WebDriverDriver(
        `WebKitGTK ${created.capabilities.browserVersion} (${created.capabilities.browserName})`,
        server,
        `${base}/session/${created.sessionId}`,
      );
      await driver.fitViewport();
      return driver;
    } catch (error) {
      killGroup(server);
      throw error;
    }
  }

  /** Sizes the window so that the page itself (inside the browser's own bars) is 1280×720. */
  private async fitViewport(): Promise<void> {
    await this.call('POST', '/window/rect', { width: VIEWPORT.width, height: VIEWPORT.height });
    const inner = await this.evaluate(() => [window.innerWidth, window.innerHeight]);
    await this.call('POST', '/window/rect', {
      width: 2 * VIEWPORT.width - inner[0],
      height: 2 * VIEWPORT.height - inner[1],
    });
  }

  private call(method: string, path: string, body?: unknown): Promise<unknown> {
    return request(this.endpoint, method, path, body);
  }

  protected async navigate(url: string): Promise<void> {
    await this.call('POST', '/url', { url });
  }

  private async element(selector: string): Promise<string> {
    const found = (await this.call('POST', '/element', {
      using: 'css selector',
      value: selector,
    })) as Record<string, string>;
    return found[ELEMENT];
  }

  /**
   * A mouse click at the element's centre, after scrolling it into view, as puppeteer clicks.
   * WebKitWebDriver's Element Click refuses a button whose centre is its own SVG icon
   * ("element click intercepted"), so the pointer is moved and pressed by actions instead.
   */
  protected async clickElement(selector: string): Promise<void> {
    const element = await this.element(selector);
    await this.evaluate((target: string) => {
      document.querySelector(target)?.scrollIntoView({ block: 'center', inline: 'center' });
    }, selector);
    await this.call('POST', '/actions', {
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', origin: { [ELEMENT]: element }, x: 0, y: 0 },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
  }

  protected async typeInto(selector: string, text: string): Promise<void> {
    const element = await this.element(selector);
    await this.call('POST', `/element/${element}/clear`, {});
    await this.call('POST', `/element/${element}/value`, { text });
  }

  async press(key: Key): Promise<void> {
    const value = KEYS[key];
    await this.call('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value },
            { type: 'keyUp', value },
          ],
        },
      ],
    });
  }

  async evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    // WebDriver awaits a returned promise (W3C WebDriver, "Execute Script").
    const script = `return ${pageFunction(fn)}.apply(null, arguments);`;
    return (await this.call('POST', '/execute/sync', { script, args })) as Awaited<R>;
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from((await this.call('GET', '/screenshot')) as string, 'base64');
  }

  async close(): Promise<void> {
    try {
      await this.call('DELETE', '');
    } finally {
      killGroup(this.server);
    }
  }
}

async function request(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as WebDriverReply;
  const value = reply.value as { error?: string; message?: string } | null;
  if (!response.ok || (value !== null && typeof value === 'object' && 'error' in value)) {
    throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
  }
  return reply.value;
}

async function waitForServer(base: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const status = (await request(base, 'GET', '/status')) as { ready: boolean };
      if (status.ready) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer at ${base}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
