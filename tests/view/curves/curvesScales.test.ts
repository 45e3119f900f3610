// Tests the curves chart's scales, margins and tick choice.

import { describe, expect, it } from 'vitest';
import { MIN_TICK_GAP } from '../../../src/view/charts/chartKit';
import {
  leftAxisTicks,
  pressureFormat,
  pressureScale,
  pressureTicks,
  valueScales,
} from '../../../src/view/curves/curvesScales';
import { framesOfX, prepare, pressureOf } from '../../../src/view/curves/prepare';
import { curves, falling } from './fixtures';

describe('valueScales', () => {
  it('leaves 56 px each side and placeholder scales before any data', () => {
    const s = valueScales(null, 600, 320, 98);
    expect(s.box).toEqual({ left: 56, top: 98, plotW: 488, plotH: 168 });
  });

  it('puts the value ticks at least MIN_TICK_GAP apart, the ratio from 0', () => {
    const p = prepare(
      curves(
        falling(50),
        falling(50).map((v) => v / 10),
      ),
    )!;
    const s = valueScales(p, 600, 320, 98);
    expect(s.r.domain()[0]).toBe(0);
    expect(s.rightTicks[0]).toBe(0);
    s.leftTicks.forEach((t, i) => {
      if (i > 0)
        expect(s.y(s.leftTicks[i - 1]) - s.y(t)).toBeGreaterThanOrEqual(MIN_TICK_GAP - 1e-6);
    });
    // The margins fit the widest label: wider numbers, wider margin.
    expect(s.box.left).toBeGreaterThan(38);
  });
});

describe('pressure ticks', () => {
  it('stay on whole pages, labelled as negative numbers up to 0', () => {
    const p = prepare(curves(falling(9), falling(9), { unit: 'kb' }))!;
    const s = valueScales(p, 600, 320, 98);
    const x = pressureScale(p, s.box);
    const ticks = pressureTicks(p, x, s.box.plotW);
    // 4 KB a page: every tick is a multiple of 4.
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(Math.abs(t) % 4).toBe(0);
    expect(Math.abs(ticks[ticks.length - 1])).toBe(0);
    expect(pressureFormat(p)(-32)).toBe('−32');
  });

  it('switch to SI prefixes at six digits', () => {
    const p = prepare(curves(falling(200_001), falling(200_001)))!;
    expect(pressureFormat(p)(-200_000)).toBe('−200k');
  });
});

describe('leftAxisTicks', () => {
  it('gives the zero floor its own tick and drops value ticks crowding it', () => {
    const p = prepare(curves([40, 20, 10, 0], [8, 4, 2, 0], { mode: 'transfers' }))!;
    const s = valueScales(p, 600, 320, 98);
    const { ticks, grid } = leftAxisTicks(p, s.y, s.leftTicks);
    expect(ticks[0]).toBe(p.floor);
    expect(ticks.slice(1)).toEqual(grid);
    for (const t of grid) expect(Math.abs(s.y(t) - s.y(p.floor))).toBeGreaterThanOrEqual(16);
  });
});

describe('the resident-pages axis', () => {
  it('places a frame count at itself, growing to the run’s pages at the right', () => {
    const p = prepare(curves(falling(1954), falling(1954), { unit: 'resident' }))!;
    expect(pressureOf(p, 9)).toBe(9);
    expect(pressureOf(p, 1954)).toBe(1954);
    const x = pressureScale(p, { left: 50, top: 0, plotW: 500, plotH: 200 });
    expect(x(1)).toBe(50);
    expect(x(1954)).toBe(550);
  });

  it('maps a point back to its frame count, on every axis', () => {
    for (const unit of ['resident', 'pages', 'kb'] as const) {
      const p = prepare(curves(falling(1954), falling(1954), { unit }))!;
      for (const f of [1, 9, 1117, 1954]) expect(framesOfX(p, pressureOf(p, f)), unit).toBe(f);
    }
  });

  it('ticks on whole pages, grouped by thousands as the readout writes them', () => {
    const p = prepare(
      curves(falling(1954), falling(1954), { unit: 'resident', fromFrames: 1938, toFrames: 1954 }),
    )!;
    const x = pressureScale(p, { left: 50, top: 0, plotW: 500, plotH: 200 });
    const ticks = pressureTicks(p, x, 500);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) {
      expect(Number.isInteger(t)).toBe(true);
      expect(t).toBeGreaterThanOrEqual(1938);
      expect(t).toBeLessThanOrEqual(1954);
    }
    expect(pressureFormat(p)(1950)).toBe('1,950');
  });
});
