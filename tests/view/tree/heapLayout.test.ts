// Heaps in the tree view: a placement kept while shape and capacity stay, and the scene of one
// step (slots root..tail, their pages, the strict B-heap's gaps never drawn).

import { describe, expect, it } from 'vitest';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { geometryOf } from '../../../src/view/tree/geometry';
import { heapLayoutFor, heapScene } from '../../../src/view/tree/heapLayout';
import { pageBoxesOf } from '../../../src/view/tree/pageBoxes';

describe('heap scenes', () => {
  const shape = heapShapeOf(structureSpec('binary', 4));

  it('keeps a layout while shape and capacity stay, and makes another when either changes', () => {
    const layout = heapLayoutFor(shape, 15, null);
    expect(heapLayoutFor(shape, 15, layout)).toBe(layout);
    expect(heapLayoutFor(shape, 16, layout)).not.toBe(layout);
    expect(heapLayoutFor(heapShapeOf(structureSpec('bheap', 4)), 15, layout)).not.toBe(layout);
  });

  it('draws slots root..tail on page slot >>> pageShift, ghosts at their places', () => {
    const layout = heapLayoutFor(shape, 15, null);
    const g = geometryOf(layout.placement, 500, 300, null);
    const scene = heapScene({ lastSlot: 5, pageShift: 2 }, layout, new Float64Array(16), g);
    expect(scene.members).toEqual([1, 2, 3, 4, 5]);
    expect([...scene.drawn.slice(0, 7)]).toEqual([0, 1, 1, 1, 1, 1, 0]);
    expect(scene.pageOf[3]).toBe(0);
    expect(scene.pageOf[4]).toBe(1);
    expect(scene.pageOf[15]).toBe(3);
    expect(scene.ghostX).toBe(g.x);
    // Slot 2's children 4 and 5 are on page 1, slot 3 is on page 0 with its parent.
    expect(scene.edges.filter((edge) => edge.cross).map((edge) => edge.child)).toEqual([4, 5]);
    expect(scene.red).toBeNull();
  });

  it("draws no phantom node at offsets 0 and 1 of the strict B-heap's later pages, nor boxes them", () => {
    // 4 slots a page: page 0 holds slots 1-3; slot 2's children are slots 6 and 7 (page 1),
    // slot 3's slots 10 and 11 (page 2); slots 4, 5, 8 and 9 are never used.
    const strict = heapShapeOf(structureSpec('bheap-strict', 4));
    const layout = heapLayoutFor(strict, 15, null);
    const g = geometryOf(layout.placement, 500, 300, null);
    const scene = heapScene({ lastSlot: 11, pageShift: 2 }, layout, new Float64Array(16), g);
    expect(scene.members).toEqual([1, 2, 3, 6, 7, 10, 11]);
    for (const gap of [4, 5, 8, 9, 12, 13]) expect(scene.drawn[gap], `slot ${gap}`).toBe(0);
    expect(scene.edges.map((edge) => [edge.parent, edge.child])).toEqual([
      [1, 2],
      [1, 3],
      [2, 6],
      [2, 7],
      [3, 10],
      [3, 11],
    ]);
    // Each later page's box holds its two nodes and nothing where a gap would be drawn.
    const boxes = pageBoxesOf(scene.members, scene.pageOf, g);
    expect(boxes.map((box) => box.page)).toEqual([0, 1, 2]);
    const grow = g.r + g.pad;
    expect(boxes[1].x0).toBe(Math.min(g.x[6], g.x[7]) - grow);
    expect(boxes[1].x1).toBe(Math.max(g.x[6], g.x[7]) + grow);
    expect(boxes[2].x0).toBe(Math.min(g.x[10], g.x[11]) - grow);
  });

  it('draws only the slots a focus tree marks', () => {
    const layout = heapLayoutFor(shape, 15, null);
    const g = geometryOf(layout.placement, 500, 300, null);
    const only = new Uint8Array(16);
    only.set([1, 1], 2); // slots 2 and 3
    only[9] = 1; // past the tail: never drawn
    const scene = heapScene({ lastSlot: 7, pageShift: 2 }, layout, new Float64Array(16), g, only);
    expect(scene.members).toEqual([2, 3]);
    // Their parent (slot 1) is not drawn: no edge.
    expect(scene.edges).toEqual([]);
  });

  it('draws no slot past the capacity the placement was made for', () => {
    const layout = heapLayoutFor(shape, 7, null);
    const g = geometryOf(layout.placement, 500, 300, null);
    const scene = heapScene({ lastSlot: 12, pageShift: 2 }, layout, new Float64Array(16), g);
    expect(scene.members).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(scene.drawn).toHaveLength(8);
  });
});
