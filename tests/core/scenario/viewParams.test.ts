// The link's parameters about how a scenario is shown: the cursor's operation, the tree's
// labels, the tour and its scene, and the embedded range. Each falls back on its own.

import { describe, expect, it } from 'vitest';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  type ScenarioError,
} from '../../../src/core/scenario/scenario';
import { parseViewParams } from '../../../src/core/scenario/viewParams';

/** The view parameters of `query` read over the default scenario (or `base`). */
function read(query: string, base: Partial<Scenario> = {}) {
  const params = new URLSearchParams(query);
  const scenario: Scenario = { ...DEFAULT_SCENARIO, ...base };
  const errors: ScenarioError[] = [];
  parseViewParams((name) => params.get(name), scenario, errors);
  return { scenario, errors };
}

describe('parseViewParams', () => {
  it('reads the tree, focus, highlight and subject, each falling back alone', () => {
    const { scenario, errors } = read('tree=slots&focus=left&hl=entry&subject=nope');
    expect(scenario.view).toEqual({
      tree: 'slots',
      focus: 'left',
      highlight: 'entry',
      subject: 'trees',
    });
    expect(errors.map((error) => error.param)).toEqual(['subject']);
  });

  it('places the cursor at an operation the run has, and yields to step', () => {
    expect(read('op=5').scenario.op).toBe(5);
    // phk: 4 operations an item.
    expect(read('op=192').scenario.op).toBe(192);
    // Past the last: named and clamped, so the link written back opens clean.
    const past = read('op=193');
    expect(past.scenario.op).toBe(192);
    expect(past.errors[0].message).toBe(
      'op must be from 1 to 192 for this scenario, got 193; using 192',
    );
    const none = read('op=0');
    expect(none.scenario.op).toBeNull();
    expect(none.errors[0].message).toMatch(
      /^op must be an integer from 1 to \d+, got "0" \(an operation number\); ignored$/,
    );
    const both = read('op=5&step=3');
    expect(both.scenario.op).toBeNull();
    expect(both.errors[0].message).toBe('op and step both place the cursor; step is used');
  });

  it('opens a scene of the tour it has, starts at scene 1 for one it has not, and takes off', () => {
    expect(read('tour=2').scenario.tour).toBe(2);
    expect(read('tour=off').scenario.tour).toBe('off');
    const scenes = ARTICLE_TOUR.scenes.length;
    const beyond = read(`tour=${scenes + 1}`);
    expect(beyond.scenario.tour).toBe(1);
    expect(beyond.errors[0].message).toMatch(
      new RegExp(`^tour must be an integer from 1 to ${scenes}.*or "off"; starting at scene 1$`),
    );
  });

  it('refuses a broken packed tour and keeps the article’s', () => {
    const { scenario, errors } = read('tourz=AAAA&tour=2');
    expect(scenario.tourPack).toBeNull();
    expect(scenario.tour).toBe(2);
    expect(errors[0].param).toBe('tourz');
    expect(errors[0].message).toMatch(/using the article's tour$/);
  });

  it('takes a range and a loop only when embedded, and only a range that goes forward', () => {
    const embedded = read('embed=1&from=3&to=9&loop=1');
    expect(embedded.scenario.embed).toEqual({ on: true, from: 3, to: 9, loop: true });
    expect(embedded.errors).toEqual([]);
    const plain = read('from=3&loop=1');
    expect(plain.scenario.embed).toEqual(DEFAULT_SCENARIO.embed);
    expect(plain.errors.map((error) => error.param)).toEqual(['from', 'loop']);
    expect(plain.errors[0].message).toBe('from applies only with embed=1; "3" was ignored');
    const backwards = read('embed=1&from=9&to=9');
    expect(backwards.scenario.embed).toEqual({ on: true, from: null, to: null, loop: false });
    expect(backwards.errors[0].message).toBe(
      'to must be larger than from (9), got 9; playing all steps',
    );
  });

  it('changes nothing when the link says nothing', () => {
    expect(read('')).toEqual({ scenario: DEFAULT_SCENARIO, errors: [] });
  });
});
