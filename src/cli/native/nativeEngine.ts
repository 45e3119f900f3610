// The native helper as a timing engine for `sim measure --native` (core/measure/rounds.ts): one
// long-lived `bheap-native serve` process, spoken to a line at a time. It lays out runs as the
// WebAssembly kernel does and times each batch by its own CPU time (CLOCK_PROCESS_CPUTIME_ID).

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { MachineRun } from '../../core/measure/machineLayouts';
import type { Batch, BatchEngine } from '../../core/measure/rounds';
import { kernelCodes } from '../../core/measure/timing';

export class NativeEngine implements BatchEngine {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((line: string) => void)[] = [];
  private ended: string | null = null;

  constructor(helperPath: string) {
    this.child = spawn(helperPath, ['serve'], { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout }).on('line', (line) =>
      this.waiting.shift()?.(line),
    );
    const end = (why: string): void => {
      this.ended ??= why;
      for (const waiter of this.waiting.splice(0)) waiter(`error ${why}`);
    };
    this.child.on('error', (error) => end(`cannot start the native helper: ${error.message}`));
    this.child.on('close', (code, signal) =>
      end(`the native helper ended (${signal ?? `exit code ${code}`})`),
    );
    this.child.stdin.on('error', () => {});
  }

  /** Sends one command; resolves with the words after "ok", rejects with an "error" line's text. */
  private ask(command: string): Promise<string[]> {
    if (this.ended !== null) return Promise.reject(new Error(this.ended));
    return new Promise((resolve, reject) => {
      this.waiting.push((line) => {
        if (line.startsWith('ok')) resolve(line.split(' ').slice(1));
        else reject(new Error(`native helper: ${line.replace(/^error /, '')}`));
      });
      this.child.stdin.write(`${command}\n`);
    });
  }

  async init(run: MachineRun, items: number): Promise<void> {
    const c = kernelCodes(run);
    await this.ask(`init ${c.layout} ${c.pageLog2} ${c.form} ${c.workload} ${items}`);
  }

  /** A batch timed by the helper's CPU time. */
  async batch(runs: number, firstSeed: number): Promise<Batch> {
    const [cpuNs, , operations] = (await this.ask(`batch ${runs} ${firstSeed >>> 0}`)).map(Number);
    return { elapsedMs: cpuNs / 1e6, operations };
  }

  /** One run with `seed`: its operations and the hash of its removals. */
  async hash(seed: number): Promise<{ operations: number; hash: number }> {
    const [operations, hash] = (await this.ask(`hash ${seed >>> 0}`)).map(Number);
    return { operations, hash };
  }

  close(): void {
    if (this.ended === null) this.child.stdin.end('quit\n');
  }
}
