// Tests that a closed stdout (`npm run sim -- ... | head -1`) ends any command quietly.
//
// No stack trace, no EPIPE on stderr, as Unix tools do.

import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Closed {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Bytes read from stdout before it was closed. */
  received: number;
}

/**
 * Runs the real command line with stdout on a pipe whose read side this test closes: right
 * away ('start': the first write finds it closed) or after the first chunk ('first-chunk': a
 * long output is cut off mid-write, as `head -1` does).
 */
function simIntoClosedPipe(args: string[], close: 'start' | 'first-chunk'): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let received = 0;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    if (close === 'start') child.stdout.destroy();
    else {
      child.stdout.once('data', (chunk: Buffer) => {
        received += chunk.length;
        child.stdout.destroy();
      });
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stderr, received });
    });
  });
}

function expectQuiet(outcome: Closed): void {
  expect(outcome.stderr).not.toContain('EPIPE');
  expect(outcome.stderr).not.toContain('    at ');
  expect(outcome.stderr).toBe('');
  expect(outcome.signal).toBeNull();
  expect(outcome.status).toBe(0);
}

describe('sim into a closed pipe', () => {
  it('a long CSV cut off after its first chunk ends quietly, and so do help and scaling', async () => {
    // 12,501 pages per layout: about 1 MB of CSV, far more than a pipe's 64 KiB buffer.
    const [sweep, help, scaling] = await Promise.all([
      simIntoClosedPipe(
        ['sweep', '--items', '50000', '--page-items', '4', '--format', 'csv'],
        'first-chunk',
      ),
      simIntoClosedPipe(['--help'], 'start'),
      simIntoClosedPipe(['scaling', '--layout', 'binary', '--sizes', '100'], 'start'),
    ]);
    expect(sweep.received).toBeGreaterThan(0);
    expectQuiet(sweep);
    expectQuiet(help);
    expectQuiet(scaling);
  }, 90_000);

  it('a shell pipeline into head -1 prints the header and nothing on stderr', () => {
    const result = spawnSync(
      'sh',
      [
        '-c',
        `"${process.execPath}" --import tsx src/cli/main.ts sweep --items 50000 --page-items 4 --format csv | head -1`,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.stdout).toBe('layout,frames,pageIns,writebacks,transfersPerOp,seconds\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 90_000);
});
