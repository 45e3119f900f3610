// Runs the real command line in a child process, for tests of what a user sees.
//
// node --import tsx src/cli/main.ts: exit code, stdout, stderr.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SimOutcome {
  status: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/**
 * Runs the command line asynchronously, so several can run at once. Killed after 20 s (or
 * `timeoutMs`): a refusal takes well under that, and a command line that is not refused would
 * otherwise run (or grow) until the machine runs out of memory.
 */
export function simAsync(args: readonly string[], timeoutMs = 20_000): Promise<SimOutcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** The one line of a refusal, after checking the exit code and that stdout stayed empty. */
export function refusalLine(outcome: SimOutcome): string {
  expect(outcome.status, outcome.stderr).toBe(2);
  expect(outcome.stdout).toBe('');
  expect(outcome.stderr.endsWith('\n'), JSON.stringify(outcome.stderr)).toBe(true);
  const lines = outcome.stderr.slice(0, -1).split('\n');
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(lines[0]).not.toContain('    at ');
  return lines[0];
}
