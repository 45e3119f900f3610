// Which member a step is about: the deeper of two compared or swapped, the node a pointer event
// names, the holder of a touched word, the operation's handle; none when no member is touched.

import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import { NO_PARENT, type Placement } from '../../../src/core/explain/treeGeometry';
import { aboveCorner, focusOfEvent } from '../../../src/view/tree/focus';

/** Slot 1 at the top, 2 and 3 below it, 6 below 3. */
const full: Placement = {
  members: [1, 2, 3, 6],
  column: new Float64Array(7),
  level: Int32Array.from([0, 0, 1, 1, 0, 0, 2]),
  parentOf: Int32Array.from([NO_PARENT, NO_PARENT, 1, 1, NO_PARENT, NO_PARENT, 3]),
  columns: 3,
  levels: 3,
};
/** Words 0-5 are node 0's, 6-11 node 1's and so on. */
const holderOf = (word: number): number => Math.floor(word / 6);
const focus = (event: SimEvent | null) => focusOfEvent(event, full, holderOf);

describe('focusOfEvent', () => {
  it('takes the deeper of two compared or swapped members, in either order', () => {
    const compare = (slot: number, other: number): SimEvent => ({
      kind: 'compare',
      sift: 'down',
      role: 'parent-child',
      slot,
      other,
      slotKey: 1,
      otherKey: 2,
      less: true,
    });
    expect(focus(compare(3, 6))).toBe(6);
    expect(focus(compare(6, 3))).toBe(6);
    expect(focus({ kind: 'swap', sift: 'up', slot: 1, other: 2 })).toBe(2);
    expect(
      focus({
        kind: 'node-compare',
        what: 'key',
        node: 2,
        other: 1,
        value: 1,
        otherValue: 2,
        less: true,
      }),
    ).toBe(2);
  });

  it('takes the slot or node an event names, and the holder of a touched word', () => {
    expect(focus({ kind: 'place', slot: 3, item: 0, key: 5, from: 0 })).toBe(3);
    expect(focus({ kind: 'clear', slot: 6 })).toBe(6);
    expect(focus({ kind: 'rekey', slot: 2, key: 1, oldKey: 9 })).toBe(2);
    expect(focus({ kind: 'rotate', node: 4, direction: 'left' })).toBe(4);
    expect(focus({ kind: 'store', node: 5, field: 'left', value: 0 })).toBe(5);
    expect(
      focus({
        kind: 'touch',
        slot: 13,
        page: 1,
        frame: -1,
        write: false,
        outcome: 'hit',
        evicted: -1,
        writeBack: false,
      }),
    ).toBe(2);
  });

  it('takes an operation’s handle, and keeps the focus where a step touches no member', () => {
    expect(focus({ kind: 'op-begin', op: 'delete', index: 0, handle: 3, key: 0, item: 1 })).toBe(3);
    expect(focus({ kind: 'op-end', op: 'popMin', index: 0, handle: 0 })).toBeNull();
    expect(focus(null)).toBeNull();
  });
});

describe('aboveCorner', () => {
  it('puts the levels-above line top left unless a top box’s label is there, then top right', () => {
    expect(aboveCorner([], 600, 110)).toEqual({ x: 4, anchor: 'start' });
    // "p0" over a box starting at x = 40: the line goes right.
    expect(aboveCorner([{ x0: 40, y0: 20 }], 600, 110)).toEqual({ x: 596, anchor: 'end' });
    // A box lower down labels nothing at the top.
    expect(aboveCorner([{ x0: 40, y0: 120 }], 600, 110)).toEqual({ x: 4, anchor: 'start' });
    // Labels at both corners: left, as before.
    expect(
      aboveCorner(
        [
          { x0: 40, y0: 20 },
          { x0: 520, y0: 20 },
        ],
        600,
        110,
      ),
    ).toEqual({
      x: 4,
      anchor: 'start',
    });
  });
});
