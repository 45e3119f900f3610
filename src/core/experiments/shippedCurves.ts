// The shipped sweeps computed (shipped.ts says which): the article's LRU curves for the binary
// heap and the B-heap, by the same one-pass sweep the page's worker and `npm run sim -- sweep` run.
// Called by `npm run data` to write the generated module, and by the test that checks it.

import { packCurve, SHIPPED_CURVE_RUNS, type ShippedCurve } from './shipped';
import { sweepLayout } from './sweep';

export function computeShippedCurves(): ShippedCurve[] {
  return SHIPPED_CURVE_RUNS.map((run) => packCurve(sweepLayout(run.structure, run.workload)));
}
