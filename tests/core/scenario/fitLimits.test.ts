// A scenario too big for the page brought within its limits: fewer items, the default script,
// or the defaults, with one message naming the parameters involved and a link that then reads
// with no message.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitPageLimits } from '../../../src/core/scenario/fitLimits';
import { formatScenario } from '../../../src/core/scenario/format';
import { runLimitProblem } from '../../../src/core/scenario/pageLimits';
import { parseScenario } from '../../../src/core/scenario/parse';
import {
  animatedRun,
  DEFAULT_SCENARIO,
  type Scenario,
  type ScenarioError,
} from '../../../src/core/scenario/scenario';
import { STRUCTURE_KINDS } from '../../../src/core/structures/registry';

function fitted(over: Partial<Scenario>, given: string[] = []) {
  const scenario: Scenario = { ...DEFAULT_SCENARIO, ...over };
  const errors: ScenarioError[] = [];
  fitPageLimits(scenario, errors, (name) => given.includes(name));
  return { scenario, errors };
}

describe('fitPageLimits', () => {
  it('leaves a scenario within the limits as it is', () => {
    expect(fitted({})).toEqual({ scenario: DEFAULT_SCENARIO, errors: [] });
  });

  it('brings any combination within the limits with at most one message, naming a parameter given', () => {
    fc.assert(
      fc.property(
        fc.record({
          left: fc.constantFrom(...STRUCTURE_KINDS),
          right: fc.constantFrom(...STRUCTURE_KINDS),
          nodeBytes: fc.constantFrom(64, 512, 4096),
          itemsPerPage: fc.constantFrom(8, 64, 4096),
          items: fc.integer({ min: 1, max: 2 ** 24 }),
          // OPT's limits cost most of a second to fit; its case is below.
          policy: fc.constantFrom('lru' as const, 'fifo' as const, 'clock' as const),
          workload: fc.constantFrom('phk' as const, 'expiry' as const, 'asterisk' as const),
        }),
        fc.subarray(['items', 'left', 'right', 'node', 'page']),
        (over, given) => {
          const { scenario, errors } = fitted(over, given);
          expect(runLimitProblem(animatedRun(scenario))).toBeNull();
          expect(errors.length).toBeLessThanOrEqual(1);
          if (errors.length === 1) {
            // "items=…, node=…, page=…: why": the parameters involved, the one named among them,
            // a given one when any is.
            const involved = errors[0].message
              .split(': ')[0]
              .split(', ')
              .map((pair) => pair.split('=')[0]);
            expect(involved).toContain(errors[0].param);
            if (involved.some((name) => given.includes(name))) {
              expect(given).toContain(errors[0].param);
            }
          }
          if (errors.length === 0) expect(scenario).toEqual({ ...DEFAULT_SCENARIO, ...over });
          else expect(scenario.items).toBeLessThanOrEqual(over.items);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('keeps the most items that fit, and writes a link that reads without a message', () => {
    const { scenario, errors } = fitted(
      { left: 'treap', right: 'treap', nodeBytes: 4096, itemsPerPage: 4, items: 100 },
      ['items'],
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].param).toBe('items');
    expect(errors[0].message).toMatch(
      /^items=100, node=4096, page=4, left=treap, right=treap: .*; using items=31, the most that fit$/,
    );
    expect(scenario.items).toBe(31);
    expect(runLimitProblem(animatedRun({ ...scenario, items: 32 }))).not.toBeNull();
    expect(parseScenario(formatScenario(scenario)).errors).toEqual([]);
  });

  it('names the policy among the parameters when two heaps go further under LRU than under OPT', () => {
    const { scenario, errors } = fitted({ policy: 'opt', items: 2 ** 24, itemsPerPage: 8 }, [
      'policy',
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0].param).toBe('policy');
    expect(errors[0].message).toMatch(
      /^items=16777216, policy=opt, left=binary, right=bheap: .*OPT keeps the whole run's future\)/,
    );
    expect(runLimitProblem(animatedRun(scenario))).toBeNull();
    expect(runLimitProblem(animatedRun({ ...scenario, items: scenario.items + 1 }))).not.toBeNull();
  });

  it('falls back to the default script when a script does not fit', () => {
    const ops = Array.from({ length: 1000 }, (_, i) => `i ${i}`).join(', ');
    const { scenario, errors } = fitted(
      { workload: 'script', ops, left: 'treap', right: 'treap', nodeBytes: 4096, itemsPerPage: 4 },
      ['ops'],
    );
    expect(scenario.ops).toBe(DEFAULT_SCENARIO.ops);
    expect(errors[0].param).toBe('ops');
    expect(errors[0].message).toMatch(/^ops=\(1000 operations\), .*; using the default script$/);
  });
});
