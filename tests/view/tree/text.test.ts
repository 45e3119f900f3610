// The tree view's words: messages in place of a drawing, the aria-label summary, node tooltips.

import { describe, expect, it } from 'vitest';
import { TREE_MAX_SLOTS, ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { inSentence, treeMessageOf, wrapWords } from '../../../src/view/tree/message';
import { plural, treeAriaLabel } from '../../../src/view/tree/summary';
import { describeMember, describeNode, describeSlot } from '../../../src/view/tree/tooltip';

describe('treeMessageOf', () => {
  it('says an empty structure is empty', () => {
    const heap = new ViewState(structureSpec('bheap', 8), 4, 20, 4);
    expect(treeMessageOf(heap)).toEqual({ text: 'The B-heap is empty.', aria: 'B-heap, empty' });
    const treap = new ViewState(structureSpec('treap', 8), 4, 20, 4);
    expect(treeMessageOf(treap)).toEqual({ text: 'The treap is empty.', aria: 'Treap, empty' });
  });

  it('says when a structure is too big to draw, and how big it is', () => {
    const heap = new ViewState(structureSpec('binary', 8), 64, TREE_MAX_SLOTS + 1, 4);
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

describe('treeAriaLabel', () => {
  it('counts items, pages and crossing edges in words', () => {
    expect(treeAriaLabel('Treap', 'treap', 12, 5, 7)).toBe(
      'Treap: 12 items on 5 pages, 7 edges cross a page boundary',
    );
    expect(treeAriaLabel('B-heap', 'bheap', 1, 1, 1)).toBe(
      'B-heap: 1 item on 1 page, 1 edge crosses a page boundary',
    );
    expect(treeAriaLabel('Sorted list', 'list', 3, 2, 0)).toBe(
      'Sorted list: 3 items in list order on 2 pages, 0 links cross a page boundary',
    );
    expect(plural(0, 'page')).toBe('0 pages');
  });
});

describe('tooltips', () => {
  it('describes a slot with its key, item and page', () => {
    const view = {
      keys: Float64Array.from([0, 5, 9]),
      items: Int32Array.from([0, 11, 12]),
      pageShift: 1,
    };
    expect(describeSlot(view, 2)).toBe('slot 2, key 9, item 12, page 1');
    expect(describeSlot({ keys: null, items: null, pageShift: 3 }, 9)).toBe('slot 9, page 1');
  });

  it('describes a node with its words, pages and tag', () => {
    const view = new ViewState(structureSpec('rb', 8, 48), 8, 20, 4);
    const nodes = view.nodes;
    if (nodes === null) throw new Error('a small tree is mirrored');
    nodes.key[1] = 383;
    nodes.item[1] = 4;
    nodes.tag[1] = 1;
    expect(describeNode(view, 1)).toBe(
      'node 1, key 383, item 4, red, words 6–11, pages 0–1 (straddles a page boundary)',
    );
    expect(describeNode(view, 4)).toBe('node 4, key 0, item 0, black, words 24–29, page 3');
    const treap = new ViewState(structureSpec('treap', 8, 64), 8, 20, 4);
    expect(describeNode(treap, 1)).toBe('node 1, key 0, item 0, priority 0, words 8–15, page 1');
    const list = new ViewState(structureSpec('list', 8, 64), 8, 20, 4);
    expect(describeNode(list, 1)).toBe('node 1, key 0, item 0, words 8–15, page 1');
  });

  it('reads which member an element is from its attributes, and none for a page box', () => {
    const heap = new ViewState(structureSpec('binary', 8), 4, 20, 4);
    expect(describeMember(heap, '3', null)).toBe('slot 3, key 0, item 0, page 0');
    expect(describeMember(heap, null, null)).toBeNull();
    expect(describeMember(heap, null, '2')).toBeNull();
  });
});
