// One Lighthouse run of one page with one preset, in a Chromium of its own (a fresh profile in a
// temporary folder), so every run is a cold load: no HTTP cache, no service worker, no storage
// from an earlier run. Lighthouse also clears the origin's storage and the cache before it
// navigates (its default, kept). Mobile is Lighthouse's default config (a phone's screen, slow
// 4G and 4× CPU slowdown, simulated from the trace); desktop is its desktop config.

import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Preset } from './results';
import { failedRun, type RunSummary, summarize } from './summary';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export interface AuditSetup {
  chromiumPath: string;
  chromiumFlags: string[];
}

export async function auditOnce(
  url: string,
  preset: Preset,
  setup: AuditSetup,
): Promise<RunSummary> {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: setup.chromiumPath,
      chromeFlags: setup.chromiumFlags,
      logLevel: 'silent',
    });
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (result === undefined) return failedRun('Lighthouse returned no result');
    return summarize(result.lhr);
  } catch (error) {
    return failedRun((error as Error).message.split('\n')[0]);
  } finally {
    chrome?.kill();
  }
}
