// `npm run reproduce`: runs the article's scenario (1M items, 512 per page, seed 1) on both
// layouts and checks its claims; then Kamp's strict B-heap against the B-heap, and both heaps
// under each page-replacement policy at 9 resident pages. Exits 1 if any claim fails.

import { availableParallelism } from 'node:os';
import { errorText } from '../core/errorText';
import {
  ARTICLE_FRAMES,
  ARTICLE_ITEMS_PER_PAGE,
  articleWorkload,
  checkArticleClaims,
  checkPolicyClaims,
  checkStrictClaims,
  type PolicyComparison,
  type PolicyPoint,
  policyTable,
} from '../core/experiments/article';
import type { PolicyCurve } from '../core/experiments/policySweep';
import type { SweepResult } from '../core/experiments/sweep';
import {
  ARTICLE_HEAP_KINDS,
  type ArticleHeapKind,
  isArticleHeapKind,
} from '../core/structures/heap/indexMaps';
import { type StructureKind, structureSpec } from '../core/structures/registry';
import { printClaims, printTally, reportClaims } from './claims';
import { JobPool, runJobs } from './pool';
import type { ThreadReply } from './threadProtocol';

function sweepOf(reply: ThreadReply): SweepResult<StructureKind> {
  if (reply.kind !== 'sweep') throw new Error(`unexpected reply ${reply.kind}`);
  return reply.result;
}

function curveOf(reply: ThreadReply): PolicyCurve {
  if (reply.kind !== 'curve') throw new Error(`unexpected reply ${reply.kind}`);
  return reply.curve;
}

/** The article's claims, as they always were. */
async function articleClaims(): Promise<{
  code: number;
  results: Record<ArticleHeapKind, SweepResult>;
}> {
  process.stderr.write('running the article scenario: 1,000,000 items, 512 per page, seed 1 …\n');
  const replies = await runJobs(
    ARTICLE_HEAP_KINDS.map((layout) => ({
      kind: 'sweep' as const,
      structure: structureSpec(layout, ARTICLE_ITEMS_PER_PAGE),
      workload: articleWorkload(),
      timeBare: false,
      // Two sweeps already fill two cores.
      pipelined: false,
    })),
    () => {},
  );
  const results = {} as Record<ArticleHeapKind, SweepResult>;
  for (const reply of replies) {
    const result = sweepOf(reply);
    const layout = result.layout;
    if (!isArticleHeapKind(layout)) throw new Error(`unexpected layout ${layout}`);
    results[layout] = result as SweepResult<ArticleHeapKind>;
  }
  return { code: reportClaims(checkArticleClaims(results)), results };
}

/**
 * The strict B-heap's LRU sweep, and each heap's trace with OPT's one pass and FIFO and CLOCK
 * replayed at the article's 9 resident pages, over every core.
 */
async function variantClaims(results: Record<ArticleHeapKind, SweepResult>): Promise<number> {
  process.stderr.write(
    "running Kamp's strict B-heap, and both heaps under FIFO, CLOCK and OPT (traces, OPT's one pass) …\n",
  );
  const pool = new JobPool(availableParallelism());
  const workload = articleWorkload();
  const strict = pool
    .run({
      kind: 'sweep',
      structure: structureSpec('bheap-strict', ARTICLE_ITEMS_PER_PAGE),
      workload,
      timeBare: false,
      pipelined: false,
    })
    .then(sweepOf);
  const points = ARTICLE_HEAP_KINDS.map(async (layout): Promise<PolicyPoint[]> => {
    const reply = await pool.run({
      kind: 'trace',
      structure: structureSpec(layout, ARTICLE_ITEMS_PER_PAGE),
      workload,
      collapse: false,
      timeBare: false,
    });
    if (reply.kind !== 'trace') throw new Error(`unexpected reply ${reply.kind}`);
    const { trace } = reply;
    const [opt, fifo, clock] = await Promise.all([
      pool.run({ kind: 'opt', trace }).then(curveOf),
      pool
        .run({ kind: 'replay', trace, collapsed: null, policy: 'fifo', frames: [ARTICLE_FRAMES] })
        .then(curveOf),
      pool
        .run({ kind: 'replay', trace, collapsed: null, policy: 'clock', frames: [ARTICLE_FRAMES] })
        .then(curveOf),
    ]);
    const at = (curve: PolicyCurve): PolicyPoint => {
      const index = curve.frames.indexOf(ARTICLE_FRAMES);
      return {
        policy: curve.policy,
        pageIns: curve.pageIns[index],
        writeBacks: curve.writeBacks[index],
      };
    };
    const lru = results[layout];
    return [
      {
        policy: 'lru',
        pageIns: lru.pageIns[ARTICLE_FRAMES - 1],
        writeBacks: lru.writeBacks[ARTICLE_FRAMES - 1],
      },
      at(fifo),
      at(clock),
      at(opt),
    ];
  });
  const [binaryPoints, bheapPoints] = await Promise.all(points);
  const comparison: PolicyComparison = {
    operations: { binary: results.binary.operations, bheap: results.bheap.operations },
    points: { binary: binaryPoints, bheap: bheapPoints },
  };
  const strictClaims = checkStrictClaims(results.bheap, await strict);
  const policyClaims = checkPolicyClaims(comparison);
  process.stdout.write(
    "\nKamp's strict B-heap: every page below the first a strict binary subtree from positions 2 and 3 (LRU)\n",
  );
  printClaims(strictClaims);
  process.stdout.write(
    `\nPage replacement at ${ARTICLE_FRAMES} resident pages (OPT is the floor)\n`,
  );
  for (const line of policyTable(comparison)) process.stdout.write(`${line}\n`);
  printClaims(policyClaims);
  return printTally([...strictClaims, ...policyClaims]);
}

async function main(): Promise<number> {
  const article = await articleClaims();
  const variants = await variantClaims(article.results);
  return Math.max(article.code, variants);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`reproduce: ${errorText(error)}\n`);
    process.exitCode = 1;
  },
);
