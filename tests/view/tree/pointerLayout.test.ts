// Pointer structures in the tree view: trees placed by their links, the list in snaking rows,
// each node on the page of its first word, red nodes marked, and where freed nodes were kept.

import { describe, expect, it } from 'vitest';
import { treePlacement } from '../../../src/core/explain/treeGeometry';
import type { NodeMirror } from '../../../src/core/replay/nodeMirror';
import { structureSpec } from '../../../src/core/structures/registry';
import { geometryOf } from '../../../src/view/tree/geometry';
import {
  pointerPlacement,
  pointerScene,
  rememberPositions,
} from '../../../src/view/tree/pointerLayout';

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
