import { describe, expect, it } from 'vitest';
import type { SideNumbers } from '../../../src/app/side/sideNumbers';
import { operationText, ratioText, sideSentence, voiceFor } from '../../../src/app/step/stepText';

const numbers = (pageIns: number, writeBacks: number, seconds: number): SideNumbers => ({
  comparisons: 0,
  swaps: 0,
  pageIns,
  writeBacks,
  zeroFills: 0,
  seconds,
});

describe('the step’s words', () => {
  it('count operations from 1, and say so before the first', () => {
    expect(operationText(-1, 192, null)).toBe('Before the first operation');
    expect(operationText(5, 192, 'insert')).toBe('Operation 6 of 192: insert');
  });

  it('tell a side without an event why it waits', () => {
    const voice = voiceFor('binary', 64);
    expect(sideSentence('binary', null, 0, voice)).toBe('Binary heap: press → or Play to start.');
    expect(sideSentence('bheap', null, 3, voice)).toBe(
      'B-heap: waiting for the other side to finish this operation.',
    );
  });

  it('narrate a side’s event in its own voice', () => {
    const event = { kind: 'swap', sift: 'up', slot: 2, other: 1 } as const;
    expect(sideSentence('binary', event, 4, voiceFor('binary', 64))).toMatch(/^Binary heap: /);
    expect(voiceFor('treap', 64)).toEqual({ family: 'pointer', nodeWords: 8 });
  });

  it('name the strict B-heap, and say when its insert opens a page past two empty slots', () => {
    const voice = voiceFor('bheap-strict', 48, 8);
    expect(voice).toEqual({ family: 'heap', nodeWords: 6, gappedPage: 8 });
    const insert = (handle: number) =>
      ({
        kind: 'op-begin',
        op: 'insert',
        index: 7,
        handle,
        key: 42,
        item: 8,
      }) as const;
    // 8 slots a page: item 8 goes to slot 10, position 2 of page 1.
    expect(sideSentence('bheap-strict', insert(10), 5, voice)).toBe(
      'Strict B-heap: Operation 8: insert key 42 at the tail, slot 10 (the first on page 1: its positions 0 and 1 stay empty).',
    );
    expect(sideSentence('bheap-strict', insert(11), 5, voice)).toBe(
      'Strict B-heap: Operation 8: insert key 42 at the tail, slot 11.',
    );
    // Slot 2 of page 0 and the B-heap's slot 10 are ordinary slots.
    expect(sideSentence('bheap-strict', insert(2), 5, voice)).not.toContain('first on page');
    expect(sideSentence('bheap', insert(10), 5, voiceFor('bheap', 48, 8))).toBe(
      'B-heap: Operation 8: insert key 42 at the tail, slot 10.',
    );
  });

  it('give the transfers ratio, or a dash while the right side has none', () => {
    expect(ratioText(['binary', 'bheap'], [numbers(200, 69, 2), numbers(50, 11, 1)])).toBe(
      'Transfers so far: Binary heap 269, B-heap 61 (ratio 4.41); simulated time ratio Binary heap / B-heap 2.00.',
    );
    expect(ratioText(['binary', 'bheap'], [numbers(0, 0, 0), numbers(0, 0, 0)])).toBe(
      'Transfers so far: Binary heap 0, B-heap 0 (ratio —); simulated time ratio Binary heap / B-heap —.',
    );
  });
});
