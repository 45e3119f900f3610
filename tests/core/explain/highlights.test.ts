import { describe, expect, it } from 'vitest';
import { highlightedSlots } from '../../../src/core/explain/highlights';
import { BHeapLayout } from '../../../src/core/structures/heap/indexMaps';

describe('highlightedSlots', () => {
  it("rings the B-heap's page entries, each of which has a single child", () => {
    const spec = { kind: 'bheap' as const, itemsPerPage: 8, nodeBytes: 48 };
    const slots = highlightedSlots('entry', spec, 48);
    expect([...slots]).toEqual([8, 9, 16, 17, 24, 25, 32, 33, 40, 41, 48]);
    const layout = new BHeapLayout(8);
    for (const slot of slots) {
      expect(layout.firstChild(slot)).toBe(layout.secondChild(slot));
    }
  });

  it('rings nothing on other structures or without the highlight', () => {
    expect(
      highlightedSlots('entry', { kind: 'binary', itemsPerPage: 8, nodeBytes: 48 }, 48).size,
    ).toBe(0);
    expect(
      highlightedSlots('none', { kind: 'bheap', itemsPerPage: 8, nodeBytes: 48 }, 48).size,
    ).toBe(0);
  });
});
