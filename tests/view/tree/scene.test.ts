// The tree view's scene: edges from drawn members to drawn parents, and the ones that cross pages.

import { describe, expect, it } from 'vitest';
import { NO_PARENT, type Placement } from '../../../src/core/explain/treeGeometry';
import { crossingsOf, edgesOf } from '../../../src/view/tree/scene';

describe('edgesOf and crossingsOf', () => {
  const placement: Placement = {
    members: [1, 2, 3],
    column: Float64Array.from([Number.NaN, 1, 0, 2]),
    level: Int32Array.from([0, 0, 1, 1]),
    parentOf: Int32Array.from([NO_PARENT, NO_PARENT, 1, 1]),
    columns: 3,
    levels: 2,
  };

  it('joins drawn members to drawn parents and marks the page crossings', () => {
    const drawn = Uint8Array.from([0, 1, 1, 1]);
    const pageOf = Int32Array.from([0, 0, 0, 1]);
    const edges = edgesOf(placement, drawn, pageOf);
    expect(edges).toEqual([
      { key: 65_538, parent: 1, child: 2, cross: false },
      { key: 65_539, parent: 1, child: 3, cross: true },
    ]);
    expect(crossingsOf(edges)).toBe(1);
  });

  it('leaves out edges to members not drawn', () => {
    const drawn = Uint8Array.from([0, 1, 1, 0]);
    expect(edgesOf(placement, drawn, new Int32Array(4)).map((edge) => edge.child)).toEqual([2]);
  });
});
