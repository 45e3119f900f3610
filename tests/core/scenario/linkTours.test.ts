import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_UNPACKED_BYTES, toBase64Url } from '../../../src/core/scenario/linkPacking';
import {
  isKeptTourValue,
  readLinkTour,
  restoreKeptTour,
  tourLinkValue,
} from '../../../src/core/scenario/linkTours';
import { parseScenario } from '../../../src/core/scenario/parse';
import { packTour, TOUR_LIMITS, type Tour } from '../../../src/core/scenario/tourFormat';

const small: Tour = {
  title: 'Two scenes',
  scenes: [
    { title: 'Full', caption: 'Both heaps full.', source: '', link: 'v=3&items=30&step=120' },
    { title: 'Pressure', caption: 'Two pages.', source: 'Figure 2', link: 'v=3&frames=2' },
  ],
};

/** A tour too large for a link: `scenes` scenes whose links carry incompressible scripts. */
function largeTour(scenes: number, seed: number): Tour {
  let state = seed;
  const random = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  return {
    title: `Large ${seed}`,
    scenes: Array.from({ length: scenes }, (_, index) => {
      const bytes = Uint8Array.from({ length: 60_000 }, () => random() & 255);
      return {
        title: `Scene ${index + 1}`,
        caption: 'A long script.',
        source: '',
        link: `v=3&workload=script#opsz=${toBase64Url(bytes)}`,
      };
    }),
  };
}

describe('the tour a link names', () => {
  it('is unpacked once: the page’s many reads of one link share one tour', () => {
    const packed = packTour(small);
    const first = readLinkTour(packed);
    expect(first).toEqual({ ok: true, tour: small });
    // A new string with the same text: still the same tour, not unpacked again.
    expect(readLinkTour(`${packed} `.trimEnd())).toBe(first);
    if (first.ok) expect(Object.isFrozen(first.tour.scenes[0])).toBe(true);
  });

  it('checks each scene’s form when it opens, and its values only when the scene is shown', () => {
    const nested = { ...small, scenes: [{ ...small.scenes[0], link: 'items=30#tourz=AAAA' }] };
    expect(readLinkTour(packTour(nested))).toEqual({
      ok: false,
      errors: ["scene 1's link: a scene must not carry a tour (tour, tourz) itself"],
    });
    const odd = { ...small, scenes: [{ ...small.scenes[0], link: 'items=abc' }] };
    expect(readLinkTour(packTour(odd)).ok).toBe(true);
  });

  it('a tour holding 64 zip bombs opens without inflating any of them', () => {
    // 10 MB each, 640 MB in all: the tour still unpacks to under 1 MiB.
    const bomb = toBase64Url(new Uint8Array(deflateRawSync(Buffer.alloc(10_000_000))));
    const tour: Tour = {
      title: 'Bombs',
      scenes: Array.from({ length: TOUR_LIMITS.scenes }, (_, index) => ({
        title: `Bomb ${index + 1}`,
        caption: 'Ten million zeros.',
        source: '',
        link: `workload=script#opsz=${bomb}`,
      })),
    };
    const packed = packTour(tour);
    const started = performance.now();
    const parsed = parseScenario(`tour=64#tourz=${packed}`);
    expect(performance.now() - started).toBeLessThan(500);
    expect(parsed.errors).toEqual([]);
    expect(parsed.scenario.tour).toBe(64);
  });

  it('a tour a link holds travels packed; one too large is kept under an id the link names', () => {
    const kept: string[] = [];
    const keep = (value: string): void => {
      kept.push(value);
    };
    expect(tourLinkValue(small, keep)).toBe(packTour(small));
    expect(kept).toEqual([]);

    const large = largeTour(20, 1);
    expect(JSON.stringify(large).length).toBeGreaterThan(MAX_UNPACKED_BYTES);
    const value = tourLinkValue(large, keep);
    expect(isKeptTourValue(value)).toBe(true);
    expect(kept).toEqual([value]);
    // The same tour, written again, is the same id: opening a file twice keeps one copy.
    expect(tourLinkValue(structuredClone(large), keep)).toBe(value);
    expect(readLinkTour(value)).toEqual({ ok: true, tour: large });
    const parsed = parseScenario(`tour=20#tourz=${value}`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.scenario.tourPack).toBe(value);
    expect(parsed.scenario.tour).toBe(20);
  });

  it('a kept tour this browser does not hold is named, and the article’s tour is used', () => {
    const parsed = parseScenario('tour=3#tourz=kept.0123456789abcdef');
    expect(parsed.scenario.tourPack).toBeNull();
    expect(parsed.errors[0].message).toMatch(
      /^tourz \(a tour\): "kept\.0123456789abcdef" names a tour too large for a link, kept only in the browser that opened it;/,
    );
    const restored = largeTour(2, 7);
    restoreKeptTour('kept.0123456789abcdef', restored);
    expect(parseScenario('tour=2#tourz=kept.0123456789abcdef').errors).toEqual([]);
    // Only ids of the kept form are taken, and a hostile one is echoed harmless.
    expect(readLinkTour('kept.xyz').ok).toBe(false);
    expect(parseScenario('tourz=kept.%E2%80%AEx').errors[0].message).not.toMatch(/\p{Cf}/u);
  });
});
