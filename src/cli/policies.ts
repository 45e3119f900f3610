// `sweep --policy ...` with policies other than LRU, over the worker threads: per layout, the LRU
// sweep (as `sweep` runs it) and a run that records the reference string into shared memory; once a
// trace is there, OPT's one pass and the FIFO and CLOCK replays, split into batches of frame
// counts so that every core has work. The same pieces as core/experiments/policySweep.ts's
// sweepPolicies, which does it all in one thread.

import { availableParallelism } from 'node:os';
import {
  isReplayPolicy,
  joinCurves,
  lruCurve,
  type PolicyCurve,
  type PolicySweepResult,
  policySweepResultOf,
  replayFrameCounts,
} from '../core/experiments/policySweep';
import type { SweepResult } from '../core/experiments/sweep';
import type { StructureKind } from '../core/structures/registry';
import type { RunStats } from '../core/workloads/workloads';
import { type CliOptions, policiesOf, specOf } from './args';
import { JobPool } from './pool';
import type { ThreadReply } from './threadProtocol';

/** A policy sweep's results per layout, with the bare run's seconds when --cpu measure asked. */
export interface PolicySweepRun {
  result: PolicySweepResult<StructureKind>;
  bareSeconds: number | null;
}

/** Progress: jobs done of the jobs known so far. */
export type PolicyProgress = (done: number, known: number) => void;

function expect<K extends ThreadReply['kind']>(
  reply: ThreadReply,
  kind: K,
): Extract<ThreadReply, { kind: K }> {
  if (reply.kind !== kind) throw new Error(`unexpected reply ${reply.kind}, not ${kind}`);
  return reply as Extract<ThreadReply, { kind: K }>;
}

/**
 * Replay batches per thread and policy: more than one, so that when the long binary-heap batches
 * end, no core waits idle for the last one (a batch is one worker thread, which costs a start).
 */
export const BATCHES_PER_THREAD = 4;

/** Splits frame counts into `parts` interleaved batches: each gets small and large counts alike. */
export function frameBatches(frames: readonly number[], parts: number): number[][] {
  const batches: number[][] = Array.from({ length: Math.min(parts, frames.length) }, () => []);
  for (const [index, count] of frames.entries()) batches[index % batches.length].push(count);
  return batches;
}

export async function sweepPoliciesInWorkers(
  options: CliOptions,
  onProgress: PolicyProgress = () => {},
  threads: number = availableParallelism(),
): Promise<PolicySweepRun[]> {
  const policies = policiesOf(options);
  const timeBare = options.cpu === 'measure';
  const pool = new JobPool(threads);
  let known = 0;
  let done = 0;
  const track = (reply: Promise<ThreadReply>): Promise<ThreadReply> => {
    known++;
    onProgress(done, known);
    return reply.then((value) => {
      onProgress(++done, known);
      return value;
    });
  };
  const traced = policies.some((policy) => policy !== 'lru');
  const runs = options.layouts.map(async (layout): Promise<PolicySweepRun> => {
    const structure = specOf(options, layout);
    const { workload } = options;
    // The trace first: most of the work waits for it.
    const trace = traced
      ? track(
          pool.run({
            kind: 'trace',
            structure,
            workload,
            collapse: policies.some(isReplayPolicy),
            timeBare,
          }),
        ).then((reply) => expect(reply, 'trace'))
      : null;
    const lru = policies.includes('lru')
      ? track(
          pool.run({
            kind: 'sweep',
            structure,
            workload,
            timeBare: timeBare && !traced,
            pipelined: false,
          }),
        ).then((reply) => expect(reply, 'sweep'))
      : null;
    const curves = new Map<string, Promise<PolicyCurve>>();
    if (trace !== null) {
      const recorded = await trace;
      for (const policy of policies) {
        if (policy === 'opt') {
          curves.set(
            policy,
            track(pool.run({ kind: 'opt', trace: recorded.trace })).then(
              (reply) => expect(reply, 'curve').curve,
            ),
          );
        } else if (isReplayPolicy(policy)) {
          const frames = replayFrameCounts(
            recorded.pages,
            recorded.trace.length,
            options.sweepFrames,
          );
          const parts = frameBatches(frames, BATCHES_PER_THREAD * threads).map((batch) =>
            track(
              pool.run({
                kind: 'replay',
                trace: recorded.trace,
                collapsed: recorded.collapsed,
                policy,
                frames: batch,
              }),
            ).then((reply) => expect(reply, 'curve').curve),
          );
          curves.set(policy, Promise.all(parts).then(joinCurves));
        }
      }
    }
    const sweep: SweepResult<StructureKind> | null = lru === null ? null : (await lru).result;
    if (sweep !== null) curves.set('lru', Promise.resolve(lruCurve(sweep)));
    const ordered = await Promise.all(
      policies.map((policy) => curves.get(policy) ?? Promise.reject(new Error(`no ${policy}`))),
    );
    const recorded = trace === null ? null : await trace;
    const stats: RunStats =
      recorded !== null
        ? recorded.stats
        : {
            operations: sweep?.operations ?? 0,
            comparisons: sweep?.comparisons ?? 0,
            swaps: sweep?.swaps ?? 0,
            accesses: sweep?.accesses ?? 0,
            peakSize: 0,
          };
    const pages = sweep !== null ? sweep.pages : (recorded?.pages ?? 1);
    const bareSeconds =
      recorded !== null ? recorded.bareSeconds : ((await lru)?.bareSeconds ?? null);
    return {
      result: policySweepResultOf(structure, workload, stats, pages, ordered),
      bareSeconds,
    };
  });
  return Promise.all(runs);
}
