// Which drawing rules a structure kind follows in the tree view: its legend, its colours.

import { describe, expect, it } from 'vitest';
import { STRUCTURE_KINDS } from '../../../src/core/structures/registry';
import { isRedBlack, legendKindOf } from '../../../src/view/tree/kinds';

describe('legendKindOf', () => {
  it('gives heaps swaps, the list links, and red-black trees their red node', () => {
    const kinds = Object.fromEntries(STRUCTURE_KINDS.map((kind) => [kind, legendKindOf(kind)]));
    expect(kinds).toEqual({
      list: 'list',
      binary: 'heap',
      bheap: 'heap',
      'bheap-strict': 'heap',
      dary4: 'heap',
      dary8: 'heap',
      treap: 'tree',
      llrb: 'red-black',
      rb: 'red-black',
    });
    expect(STRUCTURE_KINDS.filter(isRedBlack)).toEqual(['llrb', 'rb']);
  });
});
