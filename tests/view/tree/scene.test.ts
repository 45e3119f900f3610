// Scenes of the tree view: heaps by their index map, pointer structures by their links, edges that cross pages.

import { describe, expect, it } from 'vitest';
import { NO_PARENT, type Placement, treePlacement } from '../../../src/core/explain/treeGeometry';
import type { NodeMirror } from '../../../src/core/replay/nodeMirror';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { geometryOf } from '../../../src/view/tree/geometry';
import { heapLayoutFor, heapScene } from '../../../src/view/tree/heapLayout';
import { pageBoxesOf } from '../../../src/view/tree/pageBoxes';
import {
  pointerPlacement,
  pointerScene,
  rememberPositions,
} from '../../../src/view/tree/pointerLayout';
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
});

function mirror(count: number, nodeWords: number): NodeMirror {
  return {
    nodeWords,
    key: new Float64Array(count + 1),
    item: new Int32Array(count + 1),
    left: new Int32Array(count + 1),
    right: new Int32Array(count + 1),
    parent: new Int32Array(count + 1),
    tag: new Float64Array(count + 1),
    live: new Uint8Array(count + 1),
  };
}

describe('pointer scenes', () => {
  // A red-black tree 2 -> (1, 3) with 3 red; six 8-byte words per node, 8 words per page.
  const nodes = mirror(3, 6);
  nodes.left[0] = 2;
  nodes.left[2] = 1;
  nodes.right[2] = 3;
  nodes.live.set([0, 1, 1, 1]);
  nodes.tag[3] = 1;

  it('places a tree by in-order and a list in snaking rows', () => {
    expect(pointerPlacement('rb', nodes, 2, 500, 300).members).toEqual([1, 2, 3]);
    const chain = mirror(3, 6);
    chain.left.set([1, 2, 3, 0]);
    chain.live.set([0, 1, 1, 1]);
    const list = pointerPlacement('list', chain, 1, 500, 300);
    expect(list.members).toEqual([1, 2, 3]);
    expect(list.parentOf[3]).toBe(2);
  });

  it('puts each node on the page of its first word and marks red nodes', () => {
    const placement = treePlacement(nodes, 2);
    const g = geometryOf(placement, 500, 300, null);
    const seen = rememberPositions(null, placement, g, nodes.live.length);
    const spec = structureSpec('rb', 8, 48);
    const scene = pointerScene({ pageShift: 3, spec }, nodes, placement, g, seen);
    expect([...scene.pageOf]).toEqual([0, 0, 1, 2]);
    expect([...(scene.red ?? [])]).toEqual([0, 0, 0, 1]);
    expect(scene.keyOf).toBe(nodes.key);
    const treap = pointerScene(
      { pageShift: 3, spec: structureSpec('treap', 8, 48) },
      nodes,
      placement,
      g,
      seen,
    );
    expect(treap.red).toBeNull();
  });

  it('remembers where nodes were, and forgets on a resize', () => {
    const placement = treePlacement(nodes, 2);
    const g = geometryOf(placement, 500, 300, null);
    const seen = rememberPositions(null, placement, g, 4);
    expect(seen.x[1]).toBe(g.x[1]);
    expect(seen.x[0]).toBeNaN();
    // Node 1 freed: its last position stays.
    const without = treePlacement({ ...nodes, live: Uint8Array.from([0, 0, 1, 1]) }, 2);
    const g2 = geometryOf(without, 500, 300, g);
    expect(rememberPositions(seen, without, g2, 4)).toBe(seen);
    expect(seen.x[1]).toBe(g.x[1]);
    const resized = rememberPositions(seen, without, geometryOf(without, 600, 300, null), 4);
    expect(resized).not.toBe(seen);
    expect(resized.x[1]).toBeNaN();
  });
});
