// The focus tree: the path to the current step, the siblings met on it, a few levels below.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { focusPlacement } from '../../../src/core/explain/focusPlacement';
import { heapPlacement, NO_PARENT } from '../../../src/core/explain/treeGeometry';
import { heapShapeOf } from '../../../src/core/replay/viewState';
import { type StructureKind, structureSpec } from '../../../src/core/structures/registry';

const KINDS: StructureKind[] = ['binary', 'bheap', 'bheap-strict', 'dary4', 'dary8'];

const arbitraryCase = fc.record({
  kind: fc.constantFrom(...KINDS),
  itemsPerPage: fc.constantFrom(8, 16, 32),
  tail: fc.integer({ min: 8, max: 255 }),
  pick: fc.nat(),
  levels: fc.integer({ min: 2, max: 9 }),
  below: fc.integer({ min: 0, max: 3 }),
});

function setUp(kind: StructureKind, itemsPerPage: number, tail: number) {
  const shape = heapShapeOf(structureSpec(kind, itemsPerPage));
  const full = heapPlacement(shape, 255);
  const drawn = new Uint8Array(256);
  for (let slot = shape.rootSlot; slot <= tail; slot++)
    if (shape.gaps?.isGap(slot) !== true) drawn[slot] = 1;
  const members = full.members.filter((member) => drawn[member] === 1);
  return { full, drawn, members };
}

describe('focusPlacement', () => {
  it('shows the focus and its parent, within the levels allowed, every edge a real one', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ kind, itemsPerPage, tail, pick, levels, below }) => {
        const { full, drawn, members } = setUp(kind, itemsPerPage, tail);
        const focus = members[pick % members.length];
        const placed = focusPlacement(full, drawn, focus, levels, below);
        const shown = new Set(placed.placement.members);
        expect(shown.has(focus)).toBe(true);
        const parent = full.parentOf[focus];
        if (parent !== NO_PARENT) expect(shown.has(parent)).toBe(true);
        expect(placed.placement.levels).toBeLessThanOrEqual(levels);
        for (const member of shown) {
          expect(drawn[member]).toBe(1);
          const drawnParent = placed.placement.parentOf[member];
          if (drawnParent !== NO_PARENT) expect(drawnParent).toBe(full.parentOf[member]);
          expect(placed.placement.level[member]).toBe(full.level[member] - placed.above);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows the siblings a sift compares: every child of each path member above the focus', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ kind, itemsPerPage, tail, pick }) => {
        const { full, drawn, members } = setUp(kind, itemsPerPage, tail);
        const focus = members[pick % members.length];
        const placed = focusPlacement(full, drawn, focus, 64, 2);
        const shown = new Set(placed.placement.members);
        for (let at = full.parentOf[focus]; at !== NO_PARENT; at = full.parentOf[at]) {
          for (const member of members)
            if (full.parentOf[member] === at) expect(shown.has(member)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lays each level out left to right without two members on one column, parents over their children', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ kind, itemsPerPage, tail, pick, levels, below }) => {
        const { full, drawn, members } = setUp(kind, itemsPerPage, tail);
        const placed = focusPlacement(full, drawn, members[pick % members.length], levels, below);
        const { placement } = placed;
        const byLevel = new Map<number, number[]>();
        for (const member of placement.members) {
          const row = byLevel.get(placement.level[member]) ?? [];
          row.push(placement.column[member]);
          byLevel.set(placement.level[member], row);
          const parent = placement.parentOf[member];
          if (parent === NO_PARENT) continue;
          const siblings = placement.members.filter((m) => placement.parentOf[m] === parent);
          const columns = siblings.map((m) => placement.column[m]);
          expect(placement.column[parent]).toBeGreaterThanOrEqual(Math.min(...columns));
          expect(placement.column[parent]).toBeLessThanOrEqual(Math.max(...columns));
        }
        for (const row of byLevel.values()) expect(new Set(row).size).toBe(row.length);
      }),
      { numRuns: 200 },
    );
  });

  it('counts what it hides under each shown member', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ kind, itemsPerPage, tail, pick, levels, below }) => {
        const { full, drawn, members } = setUp(kind, itemsPerPage, tail);
        const placed = focusPlacement(full, drawn, members[pick % members.length], levels, below);
        const shown = new Set(placed.placement.members);
        const descendants = (member: number): number =>
          members
            .filter((m) => full.parentOf[m] === member)
            .reduce((sum, child) => sum + 1 + descendants(child), 0);
        for (const member of shown) {
          const hiddenChildren = members.filter(
            (m) => full.parentOf[m] === member && !shown.has(m),
          );
          const expected = hiddenChildren.reduce((sum, child) => sum + 1 + descendants(child), 0);
          expect(placed.hidden.get(member) ?? 0).toBe(expected);
        }
      }),
      { numRuns: 100 },
    );
  });
});
