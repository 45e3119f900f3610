// The curves chart's marker of the animation: the share of the run's pages it stands for.

import { describe, expect, it } from 'vitest';
import { markerLabel } from '../../../src/view/curves/curvesMarker';
import { prepare } from '../../../src/view/curves/prepare';
import { curves, falling } from './fixtures';

describe('the animation’s marker', () => {
  it('says the share of pages resident it stands for', () => {
    const p = prepare(curves(falling(1954), falling(1954), { unit: 'resident' }))!;
    // 4 of the animation's 7 pages resident, scaled to the 1,954 of the curves' run.
    expect(markerLabel(p, 1117)).toBe('animation: 57% of its pages resident');
    expect(markerLabel(p, 9)).toBe('animation: 0.5% of its pages resident');
  });

  it('writes whole percents from 10%, one decimal below, and 0% and 100% as such', () => {
    const p = prepare(curves(falling(1000), falling(1000), { unit: 'resident' }))!;
    expect(markerLabel(p, 1000)).toBe('animation: 100% of its pages resident');
    expect(markerLabel(p, 0)).toBe('animation: 0% of its pages resident');
    expect(markerLabel(p, 100)).toBe('animation: 10% of its pages resident');
    expect(markerLabel(p, 99)).toBe('animation: 9.9% of its pages resident');
    expect(markerLabel(p, 1)).toBe('animation: 0.1% of its pages resident');
  });
});
