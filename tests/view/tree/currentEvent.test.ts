// The current step in the tree view: which members it marks, ghosts for members gone, the swap arrow.

import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import { eventMarksOf } from '../../../src/view/tree/currentEvent';

// Members 1..3 drawn; member 4 gone but seen at (40, 50); member 5 never seen.
const scene = {
  drawn: Uint8Array.from([0, 1, 1, 1, 0, 0]),
  ghostX: Float64Array.from([Number.NaN, 1, 2, 3, 40, Number.NaN]),
  ghostY: Float64Array.from([Number.NaN, 1, 2, 3, 50, Number.NaN]),
};
// Heaps: a touch names the slot itself; here, words 2n and 2n+1 belong to node n.
const heap = { holderOf: (word: number) => word };
const arena = { holderOf: (word: number) => Math.floor(word / 2) };

function marks(event: SimEvent | null, view = heap) {
  const result = eventMarksOf(event, scene, view);
  return {
    classes: Object.fromEntries(result.stateClass),
    ghosts: result.ghosts,
    swap: result.swap,
  };
}

describe('eventMarksOf', () => {
  it('marks nothing between steps', () => {
    expect(marks(null)).toEqual({ classes: {}, ghosts: [], swap: null });
  });

  it('marks both ends of a comparison', () => {
    const event: SimEvent = {
      kind: 'compare',
      sift: 'up',
      role: 'child-parent',
      slot: 3,
      other: 1,
      slotKey: 5,
      otherKey: 7,
      less: true,
    };
    expect(marks(event).classes).toEqual({ 1: 'tv-compare', 3: 'tv-compare' });
  });

  it('draws the arrow of a swap only when both slots are drawn, and a ghost for one gone', () => {
    expect(marks({ kind: 'swap', sift: 'up', slot: 3, other: 1 }).swap).toEqual([3, 1]);
    const half = marks({ kind: 'swap', sift: 'down', slot: 2, other: 4 });
    expect(half.swap).toBeNull();
    expect(half.classes).toEqual({ 2: 'tv-swap' });
    expect(half.ghosts).toEqual([{ member: 4, className: 'tv-swap', x: 40, y: 50 }]);
  });

  it('shows no ghost where a member was never seen, and ignores members out of range', () => {
    expect(marks({ kind: 'clear', slot: 5 })).toEqual({ classes: {}, ghosts: [], swap: null });
    expect(marks({ kind: 'clear', slot: 9 })).toEqual({ classes: {}, ghosts: [], swap: null });
    expect(marks({ kind: 'clear', slot: -1 })).toEqual({ classes: {}, ghosts: [], swap: null });
  });

  it('names writes, rotations and frees by their class', () => {
    expect(marks({ kind: 'place', slot: 2, item: 0, key: 1, from: -1 }).classes).toEqual({
      2: 'tv-write',
    });
    expect(marks({ kind: 'rotate', node: 1, direction: 'left' }).classes).toEqual({
      1: 'tv-rotate',
    });
    expect(marks({ kind: 'flip', node: 3 }).classes).toEqual({ 3: 'tv-write' });
    expect(marks({ kind: 'node-free', node: 4, item: 0, key: 1 }).ghosts).toEqual([
      { member: 4, className: 'tv-freed', x: 40, y: 50 },
    ]);
  });

  it('marks the holder of a touched word with the pager outcome', () => {
    const touch: SimEvent = {
      kind: 'touch',
      slot: 5,
      page: 0,
      frame: -1,
      write: false,
      outcome: 'page-in',
      evicted: -1,
      writeBack: false,
    };
    expect(marks(touch, arena).classes).toEqual({ 2: 'tv-touch-page-in' });
    expect(marks(touch, heap).classes).toEqual({});
  });

  it('leaves events that touch no member alone', () => {
    expect(marks({ kind: 'op-end', op: 'insert', index: 0, handle: 3 }).classes).toEqual({});
  });
});
