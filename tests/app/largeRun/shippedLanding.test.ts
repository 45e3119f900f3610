import { describe, expect, it } from 'vitest';
import { shipsLanding } from '../../../src/app/largeRun/shippedLanding';
import { SHIPPED_LANDING_LINK } from '../../../src/core/replay/shippedLanding';
import { parseScenario } from '../../../src/core/scenario/parse';

/** The shipped link's scenario with one parameter set (or dropped: null). */
function changed(name: string, value: string | null) {
  const params = new URLSearchParams(SHIPPED_LANDING_LINK);
  if (value === null) params.delete(name);
  else params.set(name, value);
  return parseScenario(`?${params}`).scenario;
}

describe('shipsLanding', () => {
  it('serves the shipped link, at any frame count under LRU (its view answers every one)', () => {
    expect(shipsLanding(parseScenario(SHIPPED_LANDING_LINK).scenario, false)).toBe(true);
    expect(shipsLanding(changed('frames', '40'), false)).toBe(true);
  });

  it('serves no other recording, operation or landing', () => {
    expect(shipsLanding(changed('op', '2000002'), false)).toBe(false);
    expect(shipsLanding(changed('op', null), false)).toBe(false);
    expect(shipsLanding(changed('seed', '2'), false)).toBe(false);
    expect(shipsLanding(changed('policy', 'fifo'), false)).toBe(false);
    expect(shipsLanding(changed('right', 'binary'), false)).toBe(false);
    expect(shipsLanding(changed('items', '999999'), false)).toBe(false);
    expect(shipsLanding(parseScenario(SHIPPED_LANDING_LINK).scenario, true)).toBe(false);
  });
});
