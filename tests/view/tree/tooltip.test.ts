// The tree view's node tooltips: slot or node, key, item, words and page(s).

import { describe, expect, it } from 'vitest';
import { ViewState } from '../../../src/core/replay/viewState';
import { structureSpec } from '../../../src/core/structures/registry';
import { describeMember, describeNode, describeSlot } from '../../../src/view/tree/tooltip';

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

  it('has no node to describe where the view mirrors none, and finds a node by its attribute', () => {
    const heap = new ViewState(structureSpec('binary', 8), 4, 20, 4);
    expect(describeNode(heap, 1)).toBeNull();
    const treap = new ViewState(structureSpec('treap', 8, 64), 8, 20, 4);
    expect(describeMember(treap, null, '1')).toBe(describeNode(treap, 1));
    // A slot attribute wins: the element is a heap slot.
    expect(describeMember(heap, '2', '1')).toBe('slot 2, key 0, item 0, page 0');
  });
});
