import { describe, expect, it } from 'vitest';
import {
  lineToLight,
  listingOf,
  listingOwners,
  type SideAtStep,
  shownListings,
} from '../../../src/app/step/listings';
import type { SimEvent } from '../../../src/core/events';

const insertBegins: SimEvent = {
  kind: 'op-begin',
  op: 'insert',
  index: 0,
  handle: 1,
  key: 5,
  item: 0,
};
const touch: SimEvent = {
  kind: 'touch',
  slot: 1,
  page: 0,
  frame: -1,
  write: true,
  outcome: 'hit',
  evicted: -1,
  writeBack: false,
};
const swapUp: SimEvent = { kind: 'swap', sift: 'up', slot: 2, other: 1 };

function side(kind: SideAtStep['kind'], event: SimEvent | null): SideAtStep {
  return { kind, event, opKind: 'insert', previousPage: -1, distance: -1, policy: 'lru' };
}

describe('the pseudocode listings', () => {
  it('follow the structure: the heaps share one, the trees another, the list its own', () => {
    expect(listingOf('binary')).toBe('heap');
    expect(listingOf('dary8')).toBe('heap');
    expect(listingOf('list')).toBe('list');
    expect(['treap', 'llrb', 'rb'].map((kind) => listingOf(kind as 'treap'))).toEqual([
      'tree',
      'tree',
      'tree',
    ]);
  });

  it('show one box when both sides share a listing, two otherwise', () => {
    expect(shownListings(['binary', 'bheap'])).toEqual(['heap', null]);
    expect(shownListings(['list', 'rb'])).toEqual(['list', 'tree']);
    expect(shownListings(['treap', 'treap'])).toEqual(['tree', null]);
  });

  it('name the structures that follow them', () => {
    expect(listingOwners(['binary', 'bheap'], 'heap')).toBe('Binary heap and B-heap');
    expect(listingOwners(['binary', 'list'], 'heap')).toBe('Binary heap');
  });
});

describe('the line a step lights', () => {
  it('is the event’s line', () => {
    expect(lineToLight('heap', [side('binary', insertBegins), side('bheap', null)], null)).toBe(
      'insert',
    );
  });

  it('is the later side’s line when both sides follow the listing', () => {
    expect(lineToLight('heap', [side('binary', insertBegins), side('bheap', swapUp)], null)).toBe(
      'up-swap',
    );
  });

  it('stays lit through a page reference, which belongs to the line that caused it', () => {
    expect(lineToLight('heap', [side('binary', touch), side('bheap', touch)], 'up-swap')).toBe(
      'up-swap',
    );
  });

  it('goes out when no side that follows the listing has an event', () => {
    expect(lineToLight('heap', [side('binary', null), side('list', insertBegins)], 'up-swap')).toBe(
      null,
    );
  });

  it('follows a pointer structure’s own lines', () => {
    expect(lineToLight('list', [side('binary', swapUp), side('list', insertBegins)], null)).toBe(
      'l-insert',
    );
  });
});
