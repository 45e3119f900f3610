import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/core/scenario/parse';
import {
  packTour,
  parseTourJson,
  TOUR_LIMITS,
  type Tour,
  tourToJson,
  unpackTour,
} from '../../../src/core/scenario/tourFormat';

/** Scene links are checked by the link parser, as the page does. */
const check = (link: string): string | null => parseScenario(link).errors[0]?.message ?? null;

const twoScenes: Tour = {
  title: 'Pages, in two scenes',
  scenes: [
    {
      title: 'Full heaps',
      caption: 'Both heaps hold 48 items.',
      source: 'Figure 5',
      link: 'v=2&step=300',
    },
    {
      title: 'Pressure',
      caption: 'Three resident pages.',
      source: '',
      link: 'v=2&frames=3&step=end',
    },
  ],
};

describe('the tour format', () => {
  it('reads back what it writes, as a file and packed for a link', () => {
    expect(parseTourJson(tourToJson(twoScenes), check)).toEqual({ ok: true, tour: twoScenes });
    expect(unpackTour(packTour(twoScenes), check)).toEqual({ ok: true, tour: twoScenes });
  });

  it('names what is wrong in a broken file and uses none of it', () => {
    const cases: [string, RegExp][] = [
      ['{"format": "bheap-lab-tour"', /the file is not JSON/],
      ['[1, 2]', /one JSON object/],
      [
        '{"format": "slides", "version": 1, "title": "x", "scenes": []}',
        /"format" must be "bheap-lab-tour"/,
      ],
      [tourToJson({ ...twoScenes, scenes: [] }), /"scenes" must be a list of 1 to 64 scenes/],
      [
        tourToJson({ ...twoScenes, scenes: [{ ...twoScenes.scenes[0], caption: '' }] }),
        /scene 1's caption is empty/,
      ],
      [
        tourToJson({ ...twoScenes, scenes: [{ ...twoScenes.scenes[0], link: 'items=abc' }] }),
        /scene 1's link: items must be an integer/,
      ],
      [
        JSON.stringify({
          format: 'bheap-lab-tour',
          version: 1,
          title: 't',
          scenes: [{ title: 3 }],
        }),
        /scene 1's title must be text/,
      ],
    ];
    for (const [text, message] of cases) {
      const parsed = parseTourJson(text, check);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.errors.join('\n')).toMatch(message);
    }
  });

  it('never throws on any input, and accepts only well-formed tours', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const parsed = parseTourJson(text, check);
          if (parsed.ok) {
            expect(parsed.tour.scenes.length).toBeGreaterThan(0);
            expect(parsed.tour.scenes.length).toBeLessThanOrEqual(TOUR_LIMITS.scenes);
          } else expect(parsed.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
