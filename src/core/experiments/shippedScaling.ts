// The shipped scaling points computed (shipped.ts says which): the accesses of each structure's
// N adds and N deletes, by the scalingPoint the page's worker and `npm run sim -- scaling` call.
// Called by `npm run data` to write the generated module, and by the test that checks it.

import { structureSpec } from '../structures/registry';
import { scalingPoint } from './scaling';
import { scalingPlan } from './scalingSeries';
import { SHIPPED_SCALING, type ShippedScalingPoint } from './shipped';

export function computeShippedScaling(): ShippedScalingPoint[] {
  const { kinds, sizes, itemsPerPage, nodeBytes, seed, keyRange } = SHIPPED_SCALING;
  // The plan the page makes: the list is not run past its limit.
  return scalingPlan(kinds, sizes).jobs.map(({ kind, items }) => {
    const point = scalingPoint(structureSpec(kind, itemsPerPage, nodeBytes), items, {
      seed,
      keyRange,
      now: null,
    });
    return [kind, items, point.addAccesses, point.deleteAccesses];
  });
}
