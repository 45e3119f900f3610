// Before the engines' journeys: the production build (with its service worker), served by a
// plain static server under a course site's sub-path, as a class would reach it. Vitest runs
// this once (vitest.engines.config.ts) and hands the page's address to the journeys.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { PROBLEM_RECORDER } from './driver';
import { serveStatic } from './server';

/** Where the build goes: its own folder, apart from the Playwright journeys' dist/e2e-<port>. */
export const ENGINES_DIST = 'dist/engines';
/** A course site's path: the build must work from any folder of any static host. */
export const SITE_BASE = '/courses/os/bheap-lab/';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The page's address on the static server, ending in '/'. */
    site: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // BHEAP_ENGINES_REUSE=1 serves the last build again (while writing journeys).
  if (process.env.BHEAP_ENGINES_REUSE !== '1' || !existsSync(`${ENGINES_DIST}/index.html`)) {
    execFileSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--logLevel',
        'error',
        '--outDir',
        ENGINES_DIST,
        '--emptyOutDir',
      ],
      { stdio: 'inherit' },
    );
  }
  const site = await serveStatic({
    root: ENGINES_DIST,
    base: SITE_BASE,
    port: Number(process.env.BHEAP_ENGINES_PORT ?? 4430),
    headScript: PROBLEM_RECORDER,
  });
  console.log(`engines: the build served at ${site.url}`);
  project.provide('site', site.url);
  return () => site.close();
}
