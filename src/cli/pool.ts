// Runs CLI jobs in worker threads, all at once (one per layout; the machine has two cores).

import { Worker } from 'node:worker_threads';
import type { WorkerJob, WorkerReply } from './protocol';

export type JobProgress = (jobIndex: number, done: number, total: number) => void;

export function runJob(
  job: WorkerJob,
  onProgress: (done: number, total: number) => void,
): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: job });
    let settled = false;
    worker.on('message', (reply: WorkerReply) => {
      if (reply.reply === 'progress') {
        onProgress(reply.done, reply.total);
        return;
      }
      settled = true;
      void worker.terminate();
      if (reply.reply === 'error') reject(new Error(reply.message));
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
  jobs: readonly WorkerJob[],
  onProgress: JobProgress,
): Promise<WorkerReply[]> {
  return Promise.all(
    jobs.map((job, index) => runJob(job, (done, total) => onProgress(index, done, total))),
  );
}
