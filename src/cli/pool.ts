// Runs CLI jobs in worker threads, all at once (one per layout; the machine has two cores).

import { Worker } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest, ThreadStart } from './threadProtocol';
import { workerScript } from './workerScript';

export type JobProgress = (jobIndex: number, done: number, total: number) => void;

export function runJob(
  job: ThreadRequest,
  onProgress: (done: number, total: number) => void,
): Promise<ThreadReply> {
  return new Promise((resolve, reject) => {
    const start: ThreadStart = {
      request: job,
      counterScript: job.kind === 'sweep' && job.pipelined ? workerScript('counter').href : null,
    };
    // No execArgv: the script is plain JavaScript, so the thread need not load tsx's loader.
    const worker = new Worker(workerScript('sweep'), { workerData: start, execArgv: [] });
    let settled = false;
    worker.on('message', (reply: ThreadReply) => {
      if (reply.kind === 'progress') {
        onProgress(reply.done, reply.total);
        return;
      }
      settled = true;
      void worker.terminate();
      if (reply.kind === 'error') reject(new Error(reply.message));
      else resolve(reply);
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`worker stopped with code ${code} before replying`));
    });
  });
}

export function runJobs(
  jobs: readonly ThreadRequest[],
  onProgress: JobProgress,
): Promise<ThreadReply[]> {
  return Promise.all(
    jobs.map((job, index) => runJob(job, (done, total) => onProgress(index, done, total))),
  );
}

/**
 * Runs jobs in worker threads, at most `limit` at once (the machine's cores): a policy sweep
 * makes more jobs than cores, some only once others are done (a trace before its replays).
 */
export class JobPool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  run(
    job: ThreadRequest,
    onProgress: (done: number, total: number) => void = () => {},
  ): Promise<ThreadReply> {
    return new Promise<void>((start) => {
      if (this.active < this.limit) {
        this.active++;
        start();
      } else this.waiting.push(start);
    })
      .then(() => runJob(job, onProgress))
      .finally(() => {
        const next = this.waiting.shift();
        if (next !== undefined) next();
        else this.active--;
      });
  }
}
