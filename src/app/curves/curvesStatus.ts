// What the curves' status line says (pure): how a sweep is computed and where, and, once the
// curves are drawn, where they came from.

import { type CurveSettings, sweepKey } from '../../core/experiments/curveSettings';
import { POLICY_TITLES } from '../../core/memory/pager';
import type { CurvePair, CurveSource } from './curvesClient';

/** What a request for curves will take, decided once from the settings. */
interface SweepOutline {
  /** The sweep's cache key: its results belong to these settings and no others. */
  key: string;
  /** Shipped with the page: loaded, not computed, so nothing says it computes. */
  shipped: boolean;
  /** Workers the sweep takes: one when both sides run the same structure. */
  workers: 1 | 2;
}

export function sweepOutline(
  settings: CurveSettings,
  shipped: (settings: CurveSettings) => boolean,
): SweepOutline {
  return {
    key: sweepKey(settings),
    shipped: shipped(settings),
    workers: settings.left === settings.right ? 1 : 2,
  };
}

/** While a sweep runs: how it is computed, and where. */
export function computingStatus(settings: CurveSettings, outline: SweepOutline): string {
  const where = outline.workers === 1 ? 'in a worker' : 'in two workers';
  // LRU answers every frame count from one pass over the stack distances; FIFO and CLOCK
  // are simulated once per frame count; OPT's floor is one pass over next-use distances.
  const title = POLICY_TITLES[settings.policy];
  const how =
    settings.policy === 'lru' || settings.policy === 'opt'
      ? `${title} at every frame count in one pass`
      : `${title}, one simulation per frame count`;
  const floor = settings.floor ? ' and the OPT floor' : '';
  return `Computing ${how}${floor}, ${where}…`;
}

/** Once the curves are drawn: where they came from. */
export function doneStatus(results: CurvePair, source: CurveSource): string {
  if (source === 'cache') return 'From the cache.';
  if (source === 'shipped') {
    return 'The article’s run, computed when the page was built (the same sweep as npm run sim -- sweep).';
  }
  const seconds = Math.max(...results.map((result) => result.sweepSeconds));
  return `Computed in ${seconds.toFixed(1)} s.`;
}
