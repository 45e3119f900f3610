// The scales of a log-log chart against N: the values' extent padded (at least half a decade,
// nothing on the frame), every N asked for inside the plot, the left margin from the tick labels.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LogLogAxisSpec,
  logLogScales,
  paddedLogDomain,
} from '../../../src/view/charts/logLogScales';

const spec: LogLogAxisSpec = {
  base: 10,
  spread: 3,
  noValues: [1e-7, 1e-5],
  noSizes: [100, 1e6],
  yTick: (v) => v.toExponential(1),
  xTicks: ([lo, hi]) => [100, 1000, 1e4, 1e5, 1e6].filter((t) => t >= lo && t <= hi),
};

describe('paddedLogDomain', () => {
  it('holds every positive finite value strictly inside, spanning at least half a decade', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1e-12, max: 1e12, noNaN: true }), {
          minLength: 1,
          maxLength: 30,
        }),
        (values) => {
          const [lo, hi] = paddedLogDomain(values, [1, 10]);
          for (const v of values) {
            expect(lo).toBeLessThan(v);
            expect(hi).toBeGreaterThan(v);
          }
          expect(Math.log10(hi / lo)).toBeGreaterThanOrEqual(0.5);
        },
      ),
    );
  });

  it('passes over what a log scale cannot show, and falls back to its range with nothing left', () => {
    const [lo, hi] = paddedLogDomain([0, -3, Number.NaN, Number.POSITIVE_INFINITY, 50], [1, 10]);
    expect(lo).toBeLessThan(50);
    expect(hi).toBeGreaterThan(50);
    expect(Math.log10(hi / lo)).toBeCloseTo(0.6);
    const [noLo, noHi] = paddedLogDomain([0, Number.NaN], [1, 10]);
    expect(noLo).toBeLessThan(1);
    expect(noHi).toBeGreaterThan(10);
  });
});

describe('logLogScales', () => {
  it('puts every N asked for inside the plot, one N alone spread around it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 26 }), { minLength: 1, maxLength: 8 }),
        (sizes) => {
          const { geometry } = logLogScales(spec, [1e-6], sizes, 560, 340);
          const { x, left, plotW } = geometry;
          for (const n of sizes) {
            expect(x(n)).toBeGreaterThan(left);
            expect(x(n)).toBeLessThan(left + plotW);
          }
        },
      ),
    );
    const [lo, hi] = logLogScales(spec, [], [500], 560, 340).geometry.x.domain();
    expect([lo, hi]).toEqual([500 / 3, 1500]);
  });

  it('marks the sizes themselves when the chart’s ticks give fewer than two', () => {
    expect(logLogScales(spec, [1e-6], [300, 700], 560, 340).xTicks).toEqual([300, 700]);
    expect(logLogScales(spec, [1e-6], [100, 1e6], 560, 340).xTicks).toEqual([
      100, 1000, 1e4, 1e5, 1e6,
    ]);
    expect(logLogScales(spec, [], [], 560, 340).geometry.x.domain()[0]).toBeLessThan(100);
  });

  it('widens the left margin for longer tick labels and wider characters, keeping the right edge', () => {
    const short = logLogScales({ ...spec, yTick: () => '1' }, [1e-6], [100], 560, 340);
    const long = logLogScales({ ...spec, yTick: () => '123,456,789 µs' }, [1e-6], [100], 560, 340);
    const wide = logLogScales(spec, [1e-6], [100], 560, 340, 12);
    expect(long.geometry.left).toBeGreaterThan(short.geometry.left);
    expect(wide.geometry.left).toBeGreaterThan(
      logLogScales(spec, [1e-6], [100], 560, 340).geometry.left,
    );
    for (const s of [short, long, wide]) expect(s.geometry.left + s.geometry.plotW).toBe(560 - 18);
  });

  it('keeps a plot of at least 60 px however small the chart', () => {
    const { geometry } = logLogScales(spec, [1e-6], [100], 40, 40);
    expect(geometry.plotW).toBeGreaterThanOrEqual(60);
    expect(geometry.plotH).toBeGreaterThanOrEqual(60);
  });
});
