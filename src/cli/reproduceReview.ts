// `npm run reproduce:review`: the Asterisk review's table (seed 002) on the model: the sorted
// list against the binary heap at N = 100 and 100,000, with the review's per-call overhead.
// Exits 1 if a claim fails. The list at 100,000 takes most of a minute: its adds walk 2.5e9 nodes.

import { REVIEW_CALL_OVERHEAD } from '../core/experiments/cost';
import { checkReviewClaims, REVIEW_LARGE_N, REVIEW_SMALL_N } from '../core/experiments/review';
import { type ScalingPoint, scalingPoint } from '../core/experiments/scaling';
import { structureSpec } from '../core/structures/registry';
import { FULL_KEY_RANGE } from '../core/workloads/workloads';
import { reportClaims } from './claims';

function main(): number {
  const points: ScalingPoint[] = [];
  for (const layout of ['binary', 'list'] as const) {
    for (const items of [REVIEW_SMALL_N, REVIEW_LARGE_N]) {
      process.stderr.write(`running ${layout} at N = ${items} …\n`);
      points.push(
        scalingPoint(structureSpec(layout, 512), items, {
          seed: 1,
          keyRange: FULL_KEY_RANGE,
          now: null,
          overhead: REVIEW_CALL_OVERHEAD,
        }),
      );
    }
  }
  for (const point of points) {
    process.stdout.write(
      `${point.layout.padEnd(7)} N = ${String(point.items).padStart(6)}: ${point.items} adds ${(point.addSeconds * 1000).toPrecision(4)} ms, ${point.items} deletes ${(point.deleteSeconds * 1000).toPrecision(4)} ms\n`,
    );
  }
  return reportClaims(checkReviewClaims(points));
}

process.exitCode = main();
