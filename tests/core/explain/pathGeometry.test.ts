import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ROW, pathAround } from '../../../src/core/explain/pathGeometry';
import { makeLayout } from '../../../src/core/structures/heap/indexMaps';

describe('the path view: the nodes around a slot of a large heap', () => {
  it('holds the path from the root, each level with the siblings compared, and the levels below', () => {
    const layout = makeLayout('binary', 512);
    const tail = 1_000_000;
    const nodes = pathAround(layout, tail, 777_777);
    const onPath = nodes.filter((n) => n.onPath).map((n) => n.slot);
    // The binary heap's path: halve down to 1.
    const expected: number[] = [];
    for (let s = 777_777; s >= 1; s = Math.floor(s / 2)) expected.unshift(s);
    expect(onPath).toEqual(expected);
    // Every path node below the root comes with its sibling.
    for (const slot of expected.slice(1)) {
      const sibling = slot ^ 1;
      expect(nodes.some((n) => n.slot === sibling)).toBe(true);
    }
    // Two levels below: 2 children, 4 grandchildren, unless past the tail.
    const below = nodes.filter((n) => n.level > expected.length - 1);
    expect(below.every((n) => n.slot <= tail)).toBe(true);
    // Page and offset, as the labels say them.
    const node = nodes.find((n) => n.slot === 777_777);
    expect([node?.page, node?.offset]).toEqual([Math.floor(777_777 / 512), 777_777 % 512]);
  });

  it('links every node to a parent drawn above it, in every layout', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('binary', 'bheap') as fc.Arbitrary<'binary' | 'bheap'>,
        fc.constantFrom(8, 64, 512),
        fc.integer({ min: 300, max: 1 << 20 }),
        fc.nat(),
        (kind, perPage, tail, raw) => {
          const layout = makeLayout(kind, perPage);
          const slot = layout.rootSlot + (raw % tail);
          const nodes = pathAround(layout, tail, slot);
          const bySlot = new Map(nodes.map((n) => [n.slot, n]));
          for (const n of nodes) {
            expect(n.slot).toBeLessThanOrEqual(tail);
            expect(n.x).toBeGreaterThan(0);
            expect(n.x).toBeLessThan(1);
            if (n.parent < 0) {
              expect(n.slot).toBe(layout.rootSlot);
              continue;
            }
            const parent = bySlot.get(n.parent);
            expect(parent, `parent of ${n.slot}`).toBeDefined();
            expect(parent?.level).toBe(n.level - 1);
            expect(layout.parent(n.slot)).toBe(n.parent);
          }
          const rows = new Map<number, number>();
          for (const n of nodes) rows.set(n.level, (rows.get(n.level) ?? 0) + 1);
          for (const count of rows.values()) expect(count).toBeLessThanOrEqual(MAX_ROW);
        },
      ),
      { numRuns: 200 },
    );
  });
});
