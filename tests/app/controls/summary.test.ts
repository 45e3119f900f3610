import { describe, expect, it } from 'vitest';
import { scenarioSummary } from '../../../src/app/controls/summary';
import { parseScenario } from '../../../src/core/scenario/parse';
import { DEFAULT_SCENARIO } from '../../../src/core/scenario/scenario';

describe('the scenario in one line', () => {
  it('names what runs and at what size, as the issue’s example', () => {
    expect(scenarioSummary({ ...DEFAULT_SCENARIO, frames: 4 })).toBe(
      'Binary heap vs B-heap · 48 items · 8 per page · 4 of 7 resident · LRU',
    );
  });

  it('groups large counts and names the policy', () => {
    const { scenario } = parseScenario(
      '?items=1000000&page=512&frames=9&keys=2147483648&policy=clock',
    );
    expect(scenarioSummary(scenario)).toBe(
      'Binary heap vs B-heap · 1,000,000 items · 512 per page · 9 of 1,954 resident · CLOCK',
    );
  });
});
