// The swap arrow of the tree view: a bow to the right of a to b, clear of both nodes.

import { describe, expect, it } from 'vitest';
import { swapArrowPath } from '../../../src/view/tree/swapArrow';

describe('swapArrowPath', () => {
  it('bows a horizontal arrow downwards (to the right of left-to-right)', () => {
    const g = { x: Float64Array.from([0, 100]), y: Float64Array.from([50, 50]), r: 10 };
    // gap 13, bulge 16: start 13 along and 7.8 below a, control midway 16 below.
    expect(swapArrowPath(0, 1, g)).toBe('M13.0,57.8 Q50.0,66.0 87.0,57.8');
  });

  it('does not divide by zero for two members at one place', () => {
    const g = { x: Float64Array.from([5, 5]), y: Float64Array.from([5, 5]), r: 2 };
    expect(swapArrowPath(0, 1, g)).not.toContain('NaN');
  });
});
