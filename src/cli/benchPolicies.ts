// `npm run bench:policies`: what the page-replacement policies cost on the article's run
// (N = 1M, 512 per page, both heaps), against the LRU sweep. It prints; no test asserts a time.
//
// Targets (issue 19): OPT at every frame count within 10 times the LRU sweep's time; FIFO and
// CLOCK at 64 frame counts within 60 s on the 2-core machine; memory within the budget. Each
// phase runs both heaps at once, as `sim sweep` does; BENCH_ROUNDS rounds (default 2), printed
// as ranges, then one whole `sweep --policy lru,opt,clock,fifo` as the CLI runs it.

import { availableParallelism } from 'node:os';
import { ARTICLE_ITEMS_PER_PAGE, articleWorkload } from '../core/experiments/article';
import { CLI_MEMORY_BUDGET_BYTES, estimateCommand } from '../core/experiments/budget';
import { formatBytes } from '../core/experiments/byteUnits';
import { logFrameCounts, REPLAY_FRAME_COUNTS } from '../core/experiments/policySweep';
import { ARTICLE_HEAP_KINDS, type ArticleHeapKind } from '../core/structures/heap/indexMaps';
import { structureSpec } from '../core/structures/registry';
import { parseArgs } from './args';
import { BATCHES_PER_THREAD, frameBatches, sweepPoliciesInWorkers } from './policies';
import { JobPool } from './pool';
import type { ThreadReply } from './threadProtocol';

const OPT_RATIO_TARGET = 10;
const REPLAY_TARGET_SECONDS = 60;

type Seconds = Map<string, number[]>;

function note(times: Seconds, key: string, seconds: number): void {
  times.set(key, [...(times.get(key) ?? []), seconds]);
}

function range(values: readonly number[] | undefined, digits = 2): string {
  if (values === undefined || values.length === 0) return '–';
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low.toFixed(digits) === high.toFixed(digits)
    ? low.toFixed(digits)
    : `${low.toFixed(digits)}–${high.toFixed(digits)}`;
}

function seconds(reply: ThreadReply): number {
  if (reply.kind === 'sweep' || reply.kind === 'trace' || reply.kind === 'curve')
    return reply.seconds;
  throw new Error(`unexpected reply ${reply.kind}`);
}

async function round(times: Seconds, threads: number): Promise<void> {
  const workload = articleWorkload();
  const spec = (layout: ArticleHeapKind) => structureSpec(layout, ARTICLE_ITEMS_PER_PAGE);
  const pool = new JobPool(threads);
  // LRU: the sweep `sim sweep` runs, both heaps at once.
  const lru = await Promise.all(
    ARTICLE_HEAP_KINDS.map((layout) =>
      pool.run({
        kind: 'sweep',
        structure: spec(layout),
        workload,
        timeBare: false,
        pipelined: false,
      }),
    ),
  );
  for (const [index, reply] of lru.entries()) {
    note(times, `${ARTICLE_HEAP_KINDS[index]} lru`, seconds(reply));
  }
  // The traces (with the collapsed copy FIFO and CLOCK replay), both heaps at once.
  const traces = await Promise.all(
    ARTICLE_HEAP_KINDS.map((layout) =>
      pool.run({
        kind: 'trace',
        structure: spec(layout),
        workload,
        collapse: true,
        timeBare: false,
      }),
    ),
  );
  const recorded = traces.map((reply) => {
    if (reply.kind !== 'trace') throw new Error(`unexpected reply ${reply.kind}`);
    return reply;
  });
  for (const [index, reply] of recorded.entries()) {
    note(times, `${ARTICLE_HEAP_KINDS[index]} trace`, reply.seconds);
  }
  // OPT's one pass, both heaps at once.
  const opt = await Promise.all(
    recorded.map((reply) => pool.run({ kind: 'opt', trace: reply.trace })),
  );
  for (const [index, reply] of opt.entries()) {
    note(times, `${ARTICLE_HEAP_KINDS[index]} opt`, seconds(reply));
  }
  // FIFO and CLOCK at 64 frame counts, both heaps, over every core.
  const start = performance.now();
  const replays = recorded.flatMap((reply, index) =>
    (['fifo', 'clock'] as const).flatMap((policy) =>
      frameBatches(logFrameCounts(reply.pages), BATCHES_PER_THREAD * threads).map((frames) =>
        pool
          .run({
            kind: 'replay',
            trace: reply.trace,
            collapsed: reply.collapsed,
            policy,
            frames,
          })
          .then((answer) =>
            note(times, `${ARTICLE_HEAP_KINDS[index]} ${policy} run`, seconds(answer)),
          ),
      ),
    ),
  );
  await Promise.all(replays);
  note(times, 'replay wall', (performance.now() - start) / 1000);
}

/**
 * The whole `sim sweep --policy lru,opt,clock,fifo`, as the CLI runs it, first: the process's
 * peak resident memory (resourceUsage().maxRSS, threads included) is then this command's alone.
 */
async function wholeCommand(
  threads: number,
): Promise<{ seconds: number; peak: number; estimate: number }> {
  const parsed = parseArgs(['sweep', '--policy', 'lru,opt,clock,fifo', '--format', 'csv']);
  if (parsed.kind !== 'ok') throw new Error('the benchmark command line does not parse');
  const start = performance.now();
  await sweepPoliciesInWorkers(parsed.options, () => {}, threads);
  return {
    seconds: (performance.now() - start) / 1000,
    peak: process.resourceUsage().maxRSS * 1024,
    estimate: estimateCommand(parsed.options).bytes,
  };
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const threads = availableParallelism();
  console.log(
    `B-Heap Lab policy benchmark: phk, N = 1,000,000, ${ARTICLE_ITEMS_PER_PAGE} items per page, both heaps, ${rounds} rounds, ${threads} worker threads`,
  );
  const whole = await wholeCommand(threads);
  const times: Seconds = new Map();
  for (let index = 0; index < rounds; index++) await round(times, threads);

  console.log('');
  console.log('layout   LRU sweep (s)   trace (s)      OPT pass (s)   OPT: (trace + pass) / LRU');
  let worstOpt = 0;
  for (const layout of ARTICLE_HEAP_KINDS) {
    const lru = times.get(`${layout} lru`) ?? [];
    const trace = times.get(`${layout} trace`) ?? [];
    const opt = times.get(`${layout} opt`) ?? [];
    const ratios = lru.map((seconds, k) => (trace[k] + opt[k]) / seconds);
    worstOpt = Math.max(worstOpt, ...ratios);
    console.log(
      `${layout.padEnd(8)} ${range(lru).padStart(13)}   ${range(trace).padStart(11)}   ${range(opt).padStart(12)}   ${range(ratios, 1).padStart(10)}`,
    );
  }
  console.log(
    '(the trace column includes the copy without alternations that FIFO and CLOCK replay)',
  );
  const verdict = (met: boolean): string => (met ? 'met' : 'NOT met on this machine');
  console.log(
    `OPT at every frame count: worst ratio ${worstOpt.toFixed(1)} (target <= ${OPT_RATIO_TARGET}: ${verdict(worstOpt <= OPT_RATIO_TARGET)})`,
  );
  console.log('');
  const wall = times.get('replay wall') ?? [];
  console.log(
    `FIFO and CLOCK at ${REPLAY_FRAME_COUNTS} frame counts, both heaps, ${threads} threads: ${range(wall)} s wall (target <= ${REPLAY_TARGET_SECONDS} s: ${verdict(Math.min(...wall) <= REPLAY_TARGET_SECONDS)})`,
  );
  for (const layout of ARTICLE_HEAP_KINDS) {
    for (const policy of ['fifo', 'clock']) {
      // Each round's batches add up to the time the policy's replays ran (in their threads).
      const batches = times.get(`${layout} ${policy} run`) ?? [];
      const size = BATCHES_PER_THREAD * threads;
      const perRound = Array.from({ length: rounds }, (_, k) =>
        batches.slice(k * size, (k + 1) * size).reduce((sum, value) => sum + value, 0),
      );
      console.log(
        `  ${layout} ${policy}: the ${REPLAY_FRAME_COUNTS} replays ran ${range(perRound)} s in all (summed over their threads)`,
      );
    }
  }

  console.log('');
  console.log(
    `sim sweep --policy lru,opt,clock,fifo (both heaps, all four policies, run first): ${whole.seconds.toFixed(1)} s wall`,
  );
  console.log(
    `its peak resident memory (this process and its threads): ${formatBytes(whole.peak)}; the budget's estimate for it: ${formatBytes(whole.estimate)}; budget ${formatBytes(CLI_MEMORY_BUDGET_BYTES)}: ${verdict(whole.peak <= Math.min(whole.estimate, CLI_MEMORY_BUDGET_BYTES))}`,
  );
}

void main();
