// `npm run reproduce`: runs the article's scenario (1M items, 512 per page, seed 1) on both
// layouts and checks its claims. Exits 1 if any claim fails.

import { ARTICLE_ITEMS_PER_PAGE, articleWorkload, checkArticleClaims } from '../core/article';
import { isLayoutKind, type LayoutKind } from '../core/layout';
import { structureSpec } from '../core/structures';
import type { SweepResult } from '../core/sweep';
import { reportClaims } from './claims';
import { runJobs } from './pool';

async function main(): Promise<number> {
  const layouts: LayoutKind[] = ['binary', 'bheap'];
  process.stderr.write('running the article scenario: 1,000,000 items, 512 per page, seed 1 …\n');
  const replies = await runJobs(
    layouts.map((layout) => ({
      job: 'sweep' as const,
      structure: structureSpec(layout, ARTICLE_ITEMS_PER_PAGE),
      workload: articleWorkload(),
      timeBare: false,
      // Two sweeps already fill two cores.
      pipelined: false,
    })),
    () => {},
  );
  const results = {} as Record<LayoutKind, SweepResult>;
  for (const reply of replies) {
    if (reply.reply !== 'sweep') throw new Error('unexpected reply');
    const layout = reply.result.layout;
    if (!isLayoutKind(layout)) throw new Error(`unexpected layout ${layout}`);
    results[layout] = reply.result;
  }
  return reportClaims(checkArticleClaims(results));
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`reproduce: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
