// The tree view's message in place of a drawing: empty, too big to draw, and its words wrapped.

import { describe, expect, it } from 'vitest';
import { TREE_MAX_SLOTS, ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { inSentence, treeMessageOf, wrapWords } from '../../../src/view/tree/message';

describe('treeMessageOf', () => {
  it('says an empty structure is empty', () => {
    const heap = new ViewState(structureSpec('bheap', 8), 4, 20, 4);
    expect(treeMessageOf(heap)).toEqual({ text: 'The B-heap is empty.', aria: 'B-heap, empty' });
    const treap = new ViewState(structureSpec('treap', 8), 4, 20, 4);
    expect(treeMessageOf(treap)).toEqual({ text: 'The treap is empty.', aria: 'Treap, empty' });
  });

  it('says when a structure is too big to draw, and how big it is', () => {
    const heap = new ViewState(structureSpec('binary', 8), 64, TREE_MAX_SLOTS + 1, 4);
    // Before its first step: empty, and drawn as paths from then on (not "too big" yet).
    expect(treeMessageOf(heap)).toEqual({
      text: `The binary heap is empty. It grows beyond the ${TREE_MAX_SLOTS} slots the tree view draws whole: from the first step, the path each operation walks is drawn.`,
      aria: 'Binary heap, empty; drawn as the path of each operation from the first step',
    });
    heap.lastSlot = 1;
    expect(treeMessageOf(heap)).toEqual({
      text: `The tree view shows structures of up to ${TREE_MAX_SLOTS} slots; this scenario's binary heap grows beyond that.`,
      aria: `Binary heap not drawn: more than ${TREE_MAX_SLOTS} slots`,
    });
    heap.lastSlot = 300;
    expect(treeMessageOf(heap)?.text).toContain('this binary heap holds 300 items.');
    const list = new ViewState(structureSpec('list', 8), 64, 1000, 4);
    list.itemCount = 999;
    expect(treeMessageOf(list)?.aria).toBe(
      `Sorted list not drawn: more than ${TREE_MAX_SLOTS} nodes`,
    );
  });

  it('has nothing to say about a structure it can draw', () => {
    const heap = new ViewState(structureSpec('binary', 8), 4, 20, 4);
    heap.lastSlot = 1;
    expect(treeMessageOf(heap)).toBeNull();
  });
});

describe('inSentence and wrapWords', () => {
  it('lowers a title only where it starts with a word', () => {
    expect(inSentence('Treap')).toBe('treap');
    expect(inSentence('B-heap')).toBe('B-heap');
    expect(inSentence('4-ary heap')).toBe('4-ary heap');
  });

  it('fills lines up to the width, and gives a long word its own line', () => {
    const lines = wrapWords('aaa bbb ccc ddd eee fff', 24 + 7 * 12);
    expect(lines).toEqual(['aaa bbb ccc', 'ddd eee fff']);
    expect(wrapWords('a verylongwordthatdoesnotfit b', 10)).toEqual([
      'a',
      'verylongwordthatdoesnotfit',
      'b',
    ]);
    for (const line of wrapWords('The tree view shows structures of up to 255 slots.', 200)) {
      expect(line.length).toBeLessThanOrEqual(Math.floor((200 - 24) / 7));
    }
  });
});
