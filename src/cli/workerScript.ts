// Where the CLI's worker threads come from: each worker's TypeScript, bundled in memory into
// one plain script on first use. Node cannot run TypeScript in a worker by itself, and loading
// tsx's loader in each thread instead made every thread start several times slower than a
// bundled one (docs/performance.md, "Why the code is so"). The browser's worker is bundled by
// Vite and does not come through here.

import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/** The CLI's two kinds of worker: one job each (sweepThread.ts), or a pipelined sweep's accounting. */
export type WorkerEntry = 'sweep' | 'counter';

const scripts = new Map<WorkerEntry, URL>();

/** A `data:` URL of the entry's bundled script, for `new Worker(url, { execArgv: [] })`. */
export function workerScript(entry: WorkerEntry): URL {
  const cached = scripts.get(entry);
  if (cached !== undefined) return cached;
  const result = buildSync({
    entryPoints: [fileURLToPath(new URL(`./${entry}Thread.ts`, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const url = new URL(`data:text/javascript,${encodeURIComponent(result.outputFiles[0].text)}`);
  scripts.set(entry, url);
  return url;
}
