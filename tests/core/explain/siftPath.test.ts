// The sift path a one-page focus tree follows down, and the pages a set of members spans.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagesSpanned, siftPath } from '../../../src/core/explain/siftPath';
import { heapPlacement, NO_PARENT } from '../../../src/core/explain/treeGeometry';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { type StructureKind, structureSpec } from '../../../src/core/structures/registry';

const KINDS: StructureKind[] = ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'];

function setUp(kind: StructureKind, itemsPerPage: number, tail: number) {
  const shape = heapShapeOf(structureSpec(kind, itemsPerPage));
  const full = heapPlacement(shape, 255);
  const drawn = new Uint8Array(256);
  for (let slot = shape.rootSlot; slot <= tail; slot++)
    if (shape.gaps?.isGap(slot) !== true) drawn[slot] = 1;
  return { shape, full, drawn };
}

describe('siftPath', () => {
  it('walks parent to child, each step to the smallest key among the drawn children, to a leaf', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.constantFrom(8, 16, 32),
        fc.integer({ min: 8, max: 255 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 256, maxLength: 256 }),
        (kind, itemsPerPage, tail, keys) => {
          const { shape, full, drawn } = setUp(kind, itemsPerPage, tail);
          const path = siftPath(full, drawn, keys, shape.rootSlot);
          expect(path[0]).toBe(shape.rootSlot);
          for (let i = 1; i < path.length; i++) {
            expect(full.parentOf[path[i]]).toBe(path[i - 1]);
            expect(drawn[path[i]]).toBe(1);
            const siblings = full.members.filter(
              (member) => full.parentOf[member] === path[i - 1] && drawn[member] === 1,
            );
            for (const sibling of siblings)
              expect(keys[path[i]]).toBeLessThanOrEqual(keys[sibling]);
          }
          const last = path[path.length - 1];
          const hasChild = full.members.some(
            (member) => full.parentOf[member] === last && drawn[member] === 1,
          );
          expect(hasChild).toBe(false);
        },
      ),
    );
  });

  it('in the binary heap of 48 items with 8 to a page, the pop from the root crosses into page 1 at level 3', () => {
    const { full, drawn } = setUp('binary', 8, 48);
    // Keys equal to slots: the left child is always the smaller, so the path is 1, 2, 4, 8, 16, 32.
    const keys = Array.from({ length: 256 }, (_, slot) => slot);
    const path = siftPath(full, drawn, keys, 1);
    expect(path).toEqual([1, 2, 4, 8, 16, 32]);
    const pageOf = (slot: number) => slot >>> 3;
    expect(pagesSpanned(path.slice(0, 3), pageOf)).toBe(1);
    expect(pagesSpanned(path.slice(0, 4), pageOf)).toBe(2);
    expect(full.parentOf[1]).toBe(NO_PARENT);
  });
});

describe('pagesSpanned', () => {
  it('counts distinct pages', () => {
    const pageOf = (slot: number) => slot >>> 3;
    expect(pagesSpanned([], pageOf)).toBe(0);
    expect(pagesSpanned([1, 2, 3, 7], pageOf)).toBe(1);
    expect(pagesSpanned([1, 2, 3, 9, 17], pageOf)).toBe(3);
  });
});
