// The tree view's level of detail: a tree drawn whole when its labels fit, else the focus tree
// around the current step's member (kept while steps touch nothing), a long list drawn larger
// as a window, and the whole tree whenever the reader zooms out.

import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import { Timeline } from '../../../src/core/replay/timeline';
import { DEFAULT_SCENARIO, type Scenario } from '../../../src/core/scenario/scenario';
import { TreeDetail } from '../../../src/view/tree/treeDetail';

/** A side's view of a scenario, before operation `op`. */
function viewAt(over: Partial<Scenario>, op: number) {
  const timeline = new Timeline({ ...DEFAULT_SCENARIO, ...over } as Scenario);
  timeline.seek(timeline.stepStart[op]);
  return timeline.sides[0].view;
}

const swap = (slot: number, other: number): SimEvent => ({
  kind: 'swap',
  sift: 'down',
  slot,
  other,
});

describe('TreeDetail', () => {
  // 200 items of the binary heap, after their inserts.
  const heap = viewAt({ items: 200, keys: 2 ** 31 }, 200);
  const keys = heap.keys;
  if (keys === null) throw new Error('a small heap is mirrored');

  it('draws a heap whole when its labels fit the box', () => {
    const detail = new TreeDetail().heap(heap, keys, null, {
      width: 4000,
      height: 2000,
      minRadius: 2,
      scale: 1,
    });
    expect(detail?.mode).toBe('whole');
    expect(detail?.focus).toBeNull();
    expect(detail?.scene.members.length).toBe(heap.lastSlot);
  });

  it('draws the focus tree around the step’s member when they do not, and keeps it on a step that touches nothing', () => {
    const tree = new TreeDetail();
    const ask = { width: 500, height: 300, minRadius: 14, scale: 1 };
    const deep = Math.min(heap.lastSlot, 150);
    const first = tree.heap(heap, keys, swap(deep >> 1, deep), ask);
    expect(first?.mode).toBe('focus');
    const members = first?.scene.members ?? [];
    expect(members).toContain(deep);
    expect(members.length).toBeLessThan(heap.lastSlot);
    // The path from the focus up is drawn as far as it is shown.
    const above = first?.focus?.above ?? 0;
    let at = deep;
    for (let level = Math.floor(Math.log2(deep)); level >= above; level--, at >>= 1) {
      expect(members, `slot ${at}`).toContain(at);
    }
    const kept = tree.heap(heap, keys, null, ask);
    expect(kept?.scene.members).toEqual(members);
    // Another view: the focus starts again at the root.
    tree.reset();
    const fresh = tree.heap(heap, keys, null, ask);
    expect(fresh?.scene.members).toContain(1);
  });

  it('draws the whole tree however small when the reader zooms out', () => {
    const detail = new TreeDetail().heap(heap, keys, swap(5, 10), {
      width: 500,
      height: 300,
      minRadius: 14,
      scale: 0.5,
    });
    expect(detail?.mode).toBe('whole');
  });

  it('draws a heap early in its run whole, placed as its slots stand', () => {
    const early = viewAt({ items: 200, keys: 2 ** 31 }, 5);
    const earlyKeys = early.keys;
    if (earlyKeys === null) throw new Error('mirrored');
    const detail = new TreeDetail().heap(early, earlyKeys, null, {
      width: 500,
      height: 300,
      minRadius: 14,
      scale: 1,
    });
    expect(detail?.mode).toBe('whole');
    expect(detail?.scene.members.length).toBe(early.lastSlot);
  });

  it('draws a long list larger, as a window on it, and a short one whole', () => {
    const list = viewAt({ left: 'list', right: 'list', items: 150 }, 150);
    const tree = new TreeDetail();
    const ask = { width: 400, height: 200, minRadius: 14, scale: 1 };
    expect(tree.pointer(list, null, ask)?.mode).toBe('window');
    const short = viewAt({ left: 'list', right: 'list', items: 6 }, 6);
    expect(new TreeDetail().pointer(short, null, ask)?.mode).toBe('whole');
  });

  it('draws a search tree too large to label as the focus tree around the step’s node', () => {
    const treap = viewAt({ left: 'treap', right: 'treap', items: 150 }, 150);
    const ask = { width: 400, height: 200, minRadius: 14, scale: 1 };
    const detail = new TreeDetail().pointer(treap, null, ask);
    expect(detail?.mode).toBe('focus');
    expect(detail?.scene.members.length).toBeLessThan(150);
    expect(detail?.scene.members.length).toBeGreaterThan(0);
  });

  it('has nothing to draw for a structure it does not mirror', () => {
    const tree = new TreeDetail();
    const ask = { width: 400, height: 200, minRadius: 14, scale: 1 };
    expect(tree.pointer(heap, null, ask)).toBeNull();
    const list = viewAt({ left: 'list', right: 'list', items: 6 }, 6);
    expect(tree.heap(list, new Float64Array(4), null, ask)).toBeNull();
  });
});
