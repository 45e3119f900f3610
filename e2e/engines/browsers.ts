// Where each engine's browser is on this machine: an environment variable wins, else Debian's
// package (.ci/run installs the ones a fresh machine lacks). Nothing is downloaded.
import { existsSync } from 'node:fs';

/** The engines the smoke journeys run in, in the order they run. */
export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

function first(variable: string, candidates: readonly string[], what: string): string {
  const chosen = process.env[variable];
  if (chosen !== undefined && chosen !== '') return chosen;
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(`no ${what}: install it (.ci/run does) or set ${variable} to its path`);
  }
  return found;
}

/** Chromium, as the Playwright journeys use it (playwright.config.ts). */
export function chromiumPath(): string {
  return first('BHEAP_CHROMIUM', ['/usr/bin/chromium'], 'Chromium (apt-get install chromium)');
}

/** Firefox (Debian's ESR), driven over WebDriver BiDi with no geckodriver. */
export function firefoxPath(): string {
  return first(
    'BHEAP_FIREFOX',
    ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    'Firefox (apt-get install firefox-esr)',
  );
}

/** WebKitGTK's WebDriver server, which drives its MiniBrowser: Safari's engine. */
export function webkitDriverPath(): string {
  return first(
    'BHEAP_WEBKIT_DRIVER',
    ['/usr/bin/WebKitWebDriver'],
    'WebKitWebDriver (apt-get install webkit2gtk-driver xvfb xauth)',
  );
}
