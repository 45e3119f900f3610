import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logTicks, MIN_TICK_GAP } from '../../../src/view/charts/chartKit';

describe('logTicks', () => {
  it('keeps ticks inside the range, increasing, and at least MIN_TICK_GAP px apart', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -9, max: 6, noNaN: true }),
        fc.double({ min: 0.05, max: 12, noNaN: true }),
        fc.integer({ min: 80, max: 900 }),
        (lowExponent, decades, height) => {
          const lo = 10 ** lowExponent;
          const hi = lo * 10 ** decades;
          const ticks = logTicks(lo, hi, height);
          const perDecade = height / Math.log10(hi / lo);
          expect(ticks.length).toBeGreaterThan(0);
          ticks.forEach((tick, index) => {
            expect(tick).toBeGreaterThanOrEqual(lo);
            expect(tick).toBeLessThanOrEqual(hi);
            if (index > 0) {
              const gap = Math.log10(tick / ticks[index - 1]) * perDecade;
              expect(gap).toBeGreaterThanOrEqual(MIN_TICK_GAP - 1e-9);
            }
          });
        },
      ),
    );
  });

  it('labels a tall many-decade axis 1, 2, 5 per decade, printed without float noise', () => {
    expect(logTicks(1e-7, 1e-4, 600)).toEqual([
      1e-7, 2e-7, 5e-7, 1e-6, 2e-6, 5e-6, 1e-5, 2e-5, 5e-5, 1e-4,
    ]);
  });
});

describe('logTicks on a very short axis', () => {
  it('drops crowded ticks rather than overlap labels (1 to 6 on 80 px: found by the property)', () => {
    const ticks = logTicks(1, 6, 80);
    const perDecade = 80 / Math.log10(6);
    expect(ticks.length).toBeGreaterThan(0);
    ticks.forEach((tick, index) => {
      if (index > 0) {
        expect(Math.log10(tick / ticks[index - 1]) * perDecade).toBeGreaterThanOrEqual(
          MIN_TICK_GAP,
        );
      }
    });
  });
});
