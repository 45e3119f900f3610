import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  heapPlacement,
  type LinkedNodes,
  listColumns,
  listOrder,
  listPlacement,
  NO_PARENT,
  treePlacement,
} from '../../../src/core/explain/treeGeometry';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { lastSlotOf } from '../../../src/core/structures/heap/indexMaps';
import { isHeapKind, STRUCTURE_KINDS, structureSpec } from '../../../src/core/structures/registry';

const HEAP_KINDS = STRUCTURE_KINDS.filter(isHeapKind);

interface Arena extends LinkedNodes {
  left: Int32Array;
  right: Int32Array;
  live: Uint8Array;
}

function arena(capacity: number): Arena {
  return {
    left: new Int32Array(capacity + 1),
    right: new Int32Array(capacity + 1),
    live: new Uint8Array(capacity + 1),
  };
}

/** A binary search tree built by inserting distinct keys in order; node n holds keys[n - 1]. */
function searchTree(keys: number[]): { nodes: Arena; root: number } {
  const nodes = arena(keys.length);
  let root = 0;
  keys.forEach((key, index) => {
    const node = index + 1;
    nodes.live[node] = 1;
    if (root === 0) {
      root = node;
      return;
    }
    let at = root;
    for (;;) {
      const side = key < keys[at - 1] ? nodes.left : nodes.right;
      if (side[at] === 0) {
        side[at] = node;
        return;
      }
      at = side[at];
    }
  });
  return { nodes, root };
}

/** A list whose chain visits `order` (node numbers); next is left, prev is right. */
function linkedList(capacity: number, order: number[]): Arena {
  const nodes = arena(capacity);
  order.forEach((node, index) => {
    nodes.live[node] = 1;
    nodes.left[node] = order[index + 1] ?? 0;
    nodes.right[node] = order[index - 1] ?? 0;
  });
  return nodes;
}

const DISTINCT_KEYS = fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), {
  minLength: 1,
  maxLength: 255,
});

describe('heapPlacement', () => {
  for (const kind of HEAP_KINDS) {
    for (const itemsPerPage of [8, 16]) {
      const shape = heapShapeOf(structureSpec(kind, itemsPerPage));
      // The last slot of 255 items: root + 254, or further on in a layout with gaps.
      const maxSlot = lastSlotOf(shape, 255);
      const placement = heapPlacement(shape, maxSlot);

      it(`places every slot of a ${kind} heap (${itemsPerPage} per page) from the root on`, () => {
        // Every slot an item can take, and only those: 255 of them, whatever the layout.
        const expected = Array.from(
          { length: maxSlot - shape.rootSlot + 1 },
          (_, index) => shape.rootSlot + index,
        ).filter((slot) => shape.gaps?.isGap(slot) !== true);
        expect(expected).toHaveLength(255);
        expect(placement.members).toEqual(expected);
        for (let slot = 0; slot < shape.rootSlot; slot++) {
          expect(Number.isNaN(placement.column[slot])).toBe(true);
        }
      });

      it(`draws each ${kind} child one level below the parent the heap code names`, () => {
        expect(placement.parentOf[shape.rootSlot]).toBe(NO_PARENT);
        expect(placement.level[shape.rootSlot]).toBe(0);
        for (const slot of placement.members.slice(1)) {
          expect(placement.parentOf[slot]).toBe(shape.parent(slot));
          expect(placement.level[slot]).toBe(placement.level[shape.parent(slot)] + 1);
        }
      });

      it(`puts each ${kind} parent midway over its first and last child`, () => {
        for (const slot of placement.members) {
          const first = shape.firstChild(slot);
          if (first > maxSlot) continue;
          const last = Math.min(shape.lastChild(slot), maxSlot);
          expect(placement.column[slot]).toBe(
            (placement.column[first] + placement.column[last]) / 2,
          );
        }
      });

      it(`gives ${kind} leaves distinct columns 0..columns-1, left to right among siblings`, () => {
        const leaves = placement.members.filter((slot) => shape.firstChild(slot) > maxSlot);
        const columns = leaves.map((slot) => placement.column[slot]).sort((a, b) => a - b);
        expect(columns).toEqual(Array.from({ length: leaves.length }, (_, index) => index));
        expect(placement.columns).toBe(leaves.length);
        for (const slot of placement.members) {
          const first = shape.firstChild(slot);
          const last = Math.min(shape.lastChild(slot), maxSlot);
          for (let child = first + 1; child <= last; child++) {
            expect(placement.column[child]).toBeGreaterThan(placement.column[child - 1]);
          }
        }
      });
    }
  }

  it("places no node at offsets 0 and 1 of the strict B-heap's pages below the first", () => {
    for (const itemsPerPage of [4, 8, 16]) {
      const shape = heapShapeOf(structureSpec('bheap-strict', itemsPerPage));
      const maxSlot = lastSlotOf(shape, 200);
      const placement = heapPlacement(shape, maxSlot);
      const pages = Math.floor(maxSlot / itemsPerPage) + 1;
      expect(pages, 'the heap spans pages below the first').toBeGreaterThan(2);
      const placed = new Set(placement.members);
      for (let page = 1; page < pages; page++) {
        for (const offset of [0, 1]) {
          const slot = page * itemsPerPage + offset;
          expect(placed.has(slot), `slot ${slot}`).toBe(false);
          expect(Number.isNaN(placement.column[slot]), `column of slot ${slot}`).toBe(true);
          expect(placement.parentOf[slot]).toBe(NO_PARENT);
        }
        // The page's subtree starts at offsets 2 and 3, both placed under one parent.
        const first = page * itemsPerPage + 2;
        if (first + 1 <= maxSlot) {
          expect(placed.has(first) && placed.has(first + 1)).toBe(true);
          expect(placement.parentOf[first]).toBe(placement.parentOf[first + 1]);
          expect(placement.parentOf[first]).toBe(shape.parent(first));
        }
      }
      // Page 0 is the B-heap's: every slot from the root on holds a node.
      for (let slot = 1; slot < Math.min(itemsPerPage, maxSlot + 1); slot++) {
        expect(placed.has(slot)).toBe(true);
      }
    }
  });

  it('gives a 4-ary heap of 5 items the root over four children', () => {
    const shape = heapShapeOf(structureSpec('dary4', 8));
    const placement = heapPlacement(shape, shape.rootSlot + 4);
    expect(shape.rootSlot).toBe(3);
    expect(Array.from(placement.column.subarray(3, 8))).toEqual([1.5, 0, 1, 2, 3]);
    expect(Array.from(placement.level.subarray(3, 8))).toEqual([0, 1, 1, 1, 1]);
    expect(placement.levels).toBe(2);
  });

  it('places nothing when the capacity is below the root slot', () => {
    const shape = heapShapeOf(structureSpec('dary8', 8));
    expect(heapPlacement(shape, shape.rootSlot - 1).members).toEqual([]);
  });
});

describe('treePlacement', () => {
  it('numbers nodes by in-order rank: columns increase strictly along the key order', () => {
    fc.assert(
      fc.property(DISTINCT_KEYS, (keys) => {
        const { nodes, root } = searchTree(keys);
        const placement = treePlacement(nodes, root);
        const byKey = keys.map((_, index) => index + 1).sort((a, b) => keys[a - 1] - keys[b - 1]);
        expect(placement.members).toEqual(byKey);
        byKey.forEach((node, rank) => {
          expect(placement.column[node]).toBe(rank);
        });
        expect(placement.columns).toBe(keys.length);
      }),
    );
  });

  it('draws every child one level below its parent, linked by the parent edge', () => {
    fc.assert(
      fc.property(DISTINCT_KEYS, (keys) => {
        const { nodes, root } = searchTree(keys);
        const placement = treePlacement(nodes, root);
        expect(placement.level[root]).toBe(0);
        expect(placement.parentOf[root]).toBe(NO_PARENT);
        let deepest = 0;
        for (let node = 1; node <= keys.length; node++) {
          deepest = Math.max(deepest, placement.level[node]);
          for (const child of [nodes.left[node], nodes.right[node]]) {
            if (child === 0) continue;
            expect(placement.parentOf[child]).toBe(node);
            expect(placement.level[child]).toBe(placement.level[node] + 1);
          }
        }
        expect(placement.levels).toBe(deepest + 1);
      }),
    );
  });

  it('lays out a live node the root does not reach as a tree of its own to the right', () => {
    // Root 2 with children 1 and 3; node 4 is allocated with child 5, neither linked in yet.
    const nodes = arena(5);
    nodes.live.fill(1, 1);
    nodes.left[2] = 1;
    nodes.right[2] = 3;
    nodes.right[4] = 5;
    const placement = treePlacement(nodes, 2);
    expect(placement.members).toEqual([1, 2, 3, 4, 5]);
    expect(placement.level[4]).toBe(0);
    expect(placement.parentOf[4]).toBe(NO_PARENT);
    expect(placement.parentOf[5]).toBe(4);
  });

  it('keeps a detached subtree whole whichever node number its root has', () => {
    // Node 3 hangs under node 5; neither is reachable from root 1.
    const nodes = arena(5);
    nodes.live.fill(1, 1);
    nodes.left[5] = 3;
    const placement = treePlacement(nodes, 1);
    expect(placement.parentOf[3]).toBe(5);
    expect(placement.level[3]).toBe(1);
  });

  it('places each node once when the links form a cycle half-way through a rotation', () => {
    const nodes = arena(3);
    nodes.live.fill(1, 1);
    nodes.left[1] = 2;
    nodes.left[2] = 1;
    nodes.right[2] = 3;
    nodes.right[3] = 2;
    const placement = treePlacement(nodes, 1);
    expect([...placement.members].sort()).toEqual([1, 2, 3]);
  });

  it('skips links to freed nodes and the header', () => {
    const nodes = arena(3);
    nodes.live[1] = 1;
    nodes.live[3] = 1;
    nodes.left[1] = 2; // freed
    nodes.right[1] = 3;
    expect(treePlacement(nodes, 1).members).toEqual([1, 3]);
    expect(treePlacement(nodes, 0).members).toEqual([1, 3]);
  });
});

describe('listPlacement', () => {
  const ORDER = [7, 2, 9, 4, 1, 8, 3];

  it('follows the next links from the head, so list order is kept', () => {
    const nodes = linkedList(9, ORDER);
    expect(listOrder(nodes, 7)).toEqual({ order: ORDER, chained: ORDER.length });
    expect(listPlacement(nodes, 7, 3).members).toEqual(ORDER);
  });

  it('snakes through rows so consecutive nodes are neighbours', () => {
    const placement = listPlacement(linkedList(9, ORDER), 7, 3);
    const spots = ORDER.map((node) => [placement.column[node], placement.level[node]]);
    expect(spots).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [0, 1],
      [0, 2],
    ]);
    expect(placement.columns).toBe(3);
    expect(placement.levels).toBe(3);
  });

  it('links each node to its predecessor, the head to none', () => {
    const placement = listPlacement(linkedList(9, ORDER), 7, 4);
    expect(placement.parentOf[7]).toBe(NO_PARENT);
    ORDER.slice(1).forEach((node, index) => {
      expect(placement.parentOf[node]).toBe(ORDER[index]);
    });
  });

  it('appends a node allocated but not yet linked in, without a link to it', () => {
    const nodes = linkedList(9, [5, 6]);
    nodes.live[2] = 1;
    const placement = listPlacement(nodes, 5, 8);
    expect(placement.members).toEqual([5, 6, 2]);
    expect(placement.parentOf[2]).toBe(NO_PARENT);
    expect(placement.columns).toBe(3);
  });

  it('keeps every position distinct for any order and row width', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 70 }),
        (order, columns) => {
          const placement = listPlacement(linkedList(60, order), order[0], columns);
          const spots = new Set(
            order.map((node) => `${placement.column[node]},${placement.level[node]}`),
          );
          expect(spots.size).toBe(order.length);
          for (const node of order) {
            expect(placement.column[node]).toBeLessThan(placement.columns);
            expect(placement.level[node]).toBeLessThan(placement.levels);
          }
        },
      ),
    );
  });
});

describe('listColumns', () => {
  it('wraps 48 items into several rows in a wide pane', () => {
    const columns = listColumns(48, 600, 280);
    expect(columns).toBeGreaterThan(6);
    expect(columns).toBeLessThan(48);
  });

  it('uses one row for a few items in a wide pane and one column in a tall one', () => {
    expect(listColumns(3, 600, 100)).toBe(3);
    expect(listColumns(3, 40, 900)).toBe(1);
  });
});
