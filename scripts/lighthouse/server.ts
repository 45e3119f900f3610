// Builds the page (`npm run build`, into a folder of its own so a journey's build is never
// emptied under it) and serves it with `vite preview` on a free port of 127.0.0.1, as users get
// it: the production bundle, its workers, WebAssembly and service worker.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Relative to the repository's root. */
export const OUT_DIR = 'dist/lighthouse';

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // The build's own output goes to stderr, so stdout holds only the benchmark's report.
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export async function buildPage(): Promise<void> {
  await run('npm', ['run', 'build', '--', '--outDir', OUT_DIR, '--emptyOutDir']);
}

export function builtPageExists(): boolean {
  return existsSync(`${ROOT}${OUT_DIR}/index.html`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface Preview {
  origin: string;
  stop: () => void;
}

const READY_TIMEOUT_MS = 60_000;

export async function startPreview(port: number): Promise<Preview> {
  const vite = `${ROOT}node_modules/.bin/vite`;
  const args = ['preview', '--outDir', OUT_DIR, '--port', String(port), '--strictPort'];
  const child: ChildProcess = spawn(vite, [...args, '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 2],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (code ${child.exitCode})`);
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`vite preview did not answer on ${origin} within ${READY_TIMEOUT_MS / 1000} s`);
}
