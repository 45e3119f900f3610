// `npm run bench`: how long the full-curve sweep takes against the bare workload, N = 1M.
// A benchmark prints its numbers; no test asserts a time (machines differ, and so do runs).

import { ARTICLE_ITEMS_PER_PAGE, articleWorkload } from '../core/experiments/article';
import { ARTICLE_HEAP_KINDS, type ArticleHeapKind } from '../core/structures/heap/indexMaps';
import { structureSpec } from '../core/structures/registry';
import { runJobs } from './pool';
import type { ThreadRequest } from './threadProtocol';

const SWEEP_TARGET_SECONDS = 3;
const RATIO_TARGET = 3;

function jobsFor(kind: 'sweep' | 'bare'): ThreadRequest[] {
  return ARTICLE_HEAP_KINDS.map((layout: ArticleHeapKind) =>
    kind === 'sweep'
      ? {
          kind: 'sweep',
          structure: structureSpec(layout, ARTICLE_ITEMS_PER_PAGE),
          workload: articleWorkload(),
          timeBare: false,
          // Both layouts at once fill the two cores; a second thread per sweep only competes.
          pipelined: false,
        }
      : {
          kind: 'bare',
          structure: structureSpec(layout, ARTICLE_ITEMS_PER_PAGE),
          workload: articleWorkload(),
        },
  );
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  console.log(
    `B-Heap Lab benchmark: phk workload, N = 1,000,000, ${ARTICLE_ITEMS_PER_PAGE} items per page, best of ${rounds}`,
  );
  console.log(
    'Each layout runs in its own worker thread; the two run in parallel on the two cores.',
  );
  const sweep = new Map<ArticleHeapKind, number>();
  const bare = new Map<ArticleHeapKind, number>();
  let bestWall = Number.POSITIVE_INFINITY;
  let peakRss = 0;
  for (let round = 0; round < rounds; round++) {
    const wallStart = performance.now();
    const sweepReplies = await runJobs(jobsFor('sweep'), () => {});
    bestWall = Math.min(bestWall, (performance.now() - wallStart) / 1000);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    sweepReplies.forEach((reply, index) => {
      if (reply.kind !== 'sweep') throw new Error('unexpected reply');
      const layout = ARTICLE_HEAP_KINDS[index];
      sweep.set(layout, Math.min(sweep.get(layout) ?? Number.POSITIVE_INFINITY, reply.seconds));
    });
    const bareReplies = await runJobs(jobsFor('bare'), () => {});
    bareReplies.forEach((reply, index) => {
      if (reply.kind !== 'bare') throw new Error('unexpected reply');
      const layout = ARTICLE_HEAP_KINDS[index];
      bare.set(layout, Math.min(bare.get(layout) ?? Number.POSITIVE_INFINITY, reply.seconds));
    });
  }
  console.log('');
  console.log('layout   bare (s)   full curve (s)   curve / bare');
  let worstRatio = 0;
  for (const layout of ARTICLE_HEAP_KINDS) {
    const b = bare.get(layout) ?? Number.NaN;
    const s = sweep.get(layout) ?? Number.NaN;
    worstRatio = Math.max(worstRatio, s / b);
    console.log(
      `${layout.padEnd(8)} ${b.toFixed(2).padStart(8)}   ${s.toFixed(2).padStart(14)}   ${(s / b).toFixed(2).padStart(12)}`,
    );
  }
  console.log('');
  const verdict = (met: boolean): string => (met ? 'met' : 'NOT met on this machine');
  console.log(
    `both full curves, wall clock (workers started, run, results back): ${bestWall.toFixed(2)} s (target <= ${SWEEP_TARGET_SECONDS} s: ${verdict(bestWall <= SWEEP_TARGET_SECONDS)})`,
  );
  console.log(
    `worst curve/bare ratio: ${worstRatio.toFixed(2)} (target <= ${RATIO_TARGET}: ${verdict(worstRatio <= RATIO_TARGET)})`,
  );
  console.log(
    `main-process resident memory after the sweeps: ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
  );
  // What `npm run sim -- sweep --layout L` does with one layout: the heap in one thread, its
  // stack distances counted in a second one at the same time (same curves).
  console.log('');
  console.log('one layout alone, pipelined over the two cores (best of the rounds):');
  for (const layout of ARTICLE_HEAP_KINDS) {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round++) {
      const [reply] = await runJobs(
        [
          {
            kind: 'sweep',
            structure: structureSpec(layout, ARTICLE_ITEMS_PER_PAGE),
            workload: articleWorkload(),
            timeBare: false,
            pipelined: true,
          },
        ],
        () => {},
      );
      if (reply.kind !== 'sweep') throw new Error('unexpected reply');
      best = Math.min(best, reply.seconds);
    }
    const b = bare.get(layout) ?? Number.NaN;
    console.log(
      `${layout.padEnd(8)} full curve ${best.toFixed(2)} s, curve / bare ${(best / b).toFixed(2)}`,
    );
  }
}

void main();
