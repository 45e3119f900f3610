// Which Chromium Lighthouse drives, and with what flags: BHEAP_CHROMIUM (a path) wins, else
// Debian's /usr/bin/chromium, like playwright.config.ts. Headless, no network of its own (this
// machine has none: no component updates, no sync, no background fetches), no GPU, and no
// sandbox when running as root, where Chromium refuses to start with one.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export type ChromiumChoice = { ok: true; path: string } | { ok: false; error: string };

export function chooseChromium(env: NodeJS.ProcessEnv = process.env): ChromiumChoice {
  const given = env.BHEAP_CHROMIUM;
  if (given !== undefined && given !== '') {
    return existsSync(given)
      ? { ok: true, path: given }
      : { ok: false, error: `BHEAP_CHROMIUM: no file at ${given}` };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { ok: true, path: DEBIAN_CHROMIUM };
  return {
    ok: false,
    error: `no Chromium at ${DEBIAN_CHROMIUM}: apt-get install chromium, or set BHEAP_CHROMIUM to one`,
  };
}

/**
 * The flags added to chrome-launcher's own defaults (which already turn off extensions, sync,
 * background networking and component updates; listed again here so the intent does not rest on
 * its defaults). `--headless=new` is the full browser without a window, as Lighthouse expects.
 */
export function chromiumFlags(isRoot: boolean): string[] {
  return [
    '--headless=new',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-domain-reliability',
    '--no-first-run',
    ...(isRoot ? ['--no-sandbox'] : []),
  ];
}

/** "Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)", or what went wrong. */
export function chromiumVersion(path: string): string {
  try {
    // Debian's launcher script writes shell noise to stderr; the version is on stdout.
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch (error) {
    return `unknown (${path} --version failed: ${(error as Error).message.split('\n')[0]})`;
  }
}
