import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import {
  HEAP_VOICE,
  narrate,
  ordinal,
  PSEUDOCODE,
  pointerLine,
  pseudocodeFor,
  pseudocodeLine,
} from '../../../src/core/explain/narrate';

describe('narrate', () => {
  it('says which slots and keys a sift-up comparison looks at, and what follows', () => {
    const event: SimEvent = {
      kind: 'compare',
      sift: 'up',
      role: 'child-parent',
      slot: 12,
      other: 6,
      slotKey: 731,
      otherKey: 410,
      less: false,
    };
    expect(narrate(event)).toBe(
      'Compare slot 12 (key 731) with its parent, slot 6 (key 410): not smaller, so stop.',
    );
  });

  it('tells a page-in from a hit and a zero-fill', () => {
    const touch = (outcome: 'hit' | 'zero-fill' | 'page-in'): string =>
      narrate({
        kind: 'touch',
        slot: 40,
        page: 5,
        frame: -1,
        write: false,
        outcome,
        evicted: -1,
        writeBack: false,
      });
    expect(touch('hit')).toContain('page 5: hit');
    expect(touch('zero-fill')).toContain('no disk I/O');
    expect(touch('page-in')).toContain('1 transfer');
  });

  it('names the page a fault evicted, and whether it was written back', () => {
    const fault = (writeBack: boolean): string =>
      narrate({
        kind: 'touch',
        slot: 40,
        page: 5,
        frame: -1,
        write: false,
        outcome: 'page-in',
        evicted: 3,
        writeBack,
      });
    expect(fault(true)).toContain(
      'page 3, the least recently used, was evicted and, being dirty, written back (1 transfer)',
    );
    expect(fault(false)).toContain(
      'page 3, the least recently used, was evicted (clean: no write)',
    );
  });

  it('says why a reference hit or faulted: its stack distance against the resident pages', () => {
    const read: SimEvent = {
      kind: 'touch',
      slot: 24,
      page: 3,
      frame: -1,
      write: false,
      outcome: 'page-in',
      evicted: -1,
      writeBack: false,
    };
    expect(narrate(read, HEAP_VOICE, { previousPage: 3, distance: 5 })).toContain(
      'Page 3 was the 5th most recently used page: a hit with 5 or more resident pages, a fault with fewer.',
    );
    expect(narrate(read, HEAP_VOICE, { previousPage: 3, distance: 0 })).toContain(
      'never used before: a zero-fill',
    );
    expect(narrate(read, HEAP_VOICE, { previousPage: 3, distance: 1 })).toContain(
      'the most recently used page',
    );
    expect(narrate(read, HEAP_VOICE, { previousPage: 3, distance: -1 })).not.toContain(
      'most recently used',
    );
  });

  it('writes ordinals as English does', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

describe('pseudocodeLine', () => {
  it('points every heap event at a line that exists, and page events at none', () => {
    const ids = new Set(PSEUDOCODE.map((line) => line.id));
    const events: SimEvent[] = [
      { kind: 'op-begin', op: 'insert', index: 0, handle: 1, key: 3, item: 0 },
      { kind: 'op-begin', op: 'popMin', index: 1, handle: 1, key: 3, item: 0 },
      { kind: 'op-begin', op: 'reorder', index: 2, handle: 1, key: 3, item: 0 },
      { kind: 'place', slot: 1, item: 0, key: 3, from: 0 },
      { kind: 'place', slot: 1, item: 0, key: 3, from: 4 },
      { kind: 'clear', slot: 4 },
      { kind: 'remove', slot: 1, item: 0, key: 3 },
      { kind: 'rekey', slot: 1, key: 2, oldKey: 3 },
      {
        kind: 'compare',
        sift: 'down',
        role: 'second-first',
        slot: 3,
        other: 2,
        slotKey: 1,
        otherKey: 2,
        less: true,
      },
      {
        kind: 'compare',
        sift: 'down',
        role: 'parent-child',
        slot: 1,
        other: 3,
        slotKey: 1,
        otherKey: 2,
        less: true,
      },
      { kind: 'swap', sift: 'up', slot: 2, other: 1 },
      { kind: 'swap', sift: 'down', slot: 1, other: 2 },
      { kind: 'op-end', op: 'insert', index: 0, handle: 1 },
    ];
    for (const event of events) {
      const line = pseudocodeLine(event);
      expect(line, event.kind).not.toBeNull();
      expect(ids.has(line ?? '')).toBe(true);
    }
    expect(
      pseudocodeLine({
        kind: 'touch',
        slot: 8,
        page: 1,
        frame: -1,
        write: false,
        outcome: 'hit',
        evicted: -1,
        writeBack: false,
      }),
    ).toBeNull();
    expect(pseudocodeLine(events[10])).toBe('up-swap');
    expect(pseudocodeLine(events[11])).toBe('down-swap');
  });
});

describe('narrate for pointer structures', () => {
  const voice = { family: 'pointer' as const, nodeWords: 6 };

  it('names the node and word a reference touches instead of a slot', () => {
    const text = narrate(
      {
        kind: 'touch',
        slot: 45,
        page: 2,
        frame: -1,
        write: true,
        outcome: 'page-in',
        evicted: -1,
        writeBack: false,
      },
      voice,
    );
    expect(text).toBe(
      'Write word 45 (node 7), on page 2: page fault: page-in from disk (1 transfer).',
    );
  });

  it('speaks of nodes in operations, and of links, rotations and the free list', () => {
    expect(
      narrate({ kind: 'op-begin', op: 'delete', index: 4, handle: 9, key: 31, item: 2 }, voice),
    ).toBe('Operation 5: delete node 9 (key 31).');
    expect(narrate({ kind: 'store', node: 3, field: 'left', value: 0 }, voice)).toBe(
      'Point the left link of node 3 at nothing.',
    );
    expect(narrate({ kind: 'store', node: 0, field: 'left', value: 12 }, voice)).toBe(
      'Node 12 becomes the first node.',
    );
    expect(narrate({ kind: 'rotate', node: 4, direction: 'left' }, voice)).toContain(
      'its right child takes its place',
    );
    expect(narrate({ kind: 'node-free', node: 8, item: 1, key: 77 }, voice)).toContain('free list');
  });
});

describe('pointerLine', () => {
  it('walks, links and unlinks on the list listing; rotations on the tree listing', () => {
    const compare: SimEvent = {
      kind: 'node-compare',
      what: 'key',
      node: 5,
      other: 2,
      value: 40,
      otherValue: 17,
      less: false,
    };
    expect(pointerLine(compare, 'list', 'insert')).toBe('l-walk');
    expect(pointerLine(compare, 'tree', 'insert')).toBe('t-walk');
    expect(pointerLine({ ...compare, what: 'priority' }, 'tree', 'insert')).toBe('t-fix');
    const store: SimEvent = { kind: 'store', node: 5, field: 'right', value: 2 };
    expect(pointerLine(store, 'list', 'insert')).toBe('l-link');
    expect(pointerLine(store, 'list', 'popMin')).toBe('l-unlink');
    expect(pointerLine(store, 'list', 'reorder')).toBeNull();
    expect(pointerLine({ kind: 'flip', node: 3 }, 'tree', 'delete')).toBe('t-fix');
    for (const listing of ['list', 'tree'] as const) {
      const ids = new Set(pseudocodeFor(listing).map((line) => line.id));
      for (const event of [
        compare,
        store,
        { kind: 'node-free', node: 1, item: 0, key: 3 } as const,
      ]) {
        const line = pointerLine(event, listing, 'popMin');
        if (line !== null) expect(ids.has(line), `${listing}: ${line}`).toBe(true);
      }
    }
  });
});

describe('page crossings', () => {
  const touch: SimEvent = {
    kind: 'touch',
    slot: 24,
    page: 3,
    frame: -1,
    write: false,
    outcome: 'hit',
    evicted: -1,
    writeBack: false,
  };

  it('a reference on another page than the one before says it crosses', () => {
    expect(narrate(touch, HEAP_VOICE, { previousPage: 1, distance: -1 })).toMatch(
      /Read slot 24, on page 3: hit \(resident\)\. It crosses from page 1 to page 3\.$/,
    );
  });

  it('a reference on the same page, or the first one, says nothing more', () => {
    expect(narrate(touch, HEAP_VOICE, { previousPage: 3, distance: -1 })).not.toContain('crosses');
    expect(narrate(touch, HEAP_VOICE, { previousPage: -1, distance: -1 })).not.toContain('crosses');
  });
});

describe('evictions under each policy', () => {
  it('say why the pager chose the page it evicted', () => {
    const fault: SimEvent = {
      kind: 'touch',
      slot: 40,
      page: 5,
      frame: 0,
      write: false,
      outcome: 'page-in',
      evicted: 3,
      writeBack: false,
    };
    const say = (policy: 'lru' | 'fifo' | 'clock' | 'opt'): string =>
      narrate(fault, HEAP_VOICE, { previousPage: -1, distance: -1, policy });
    expect(say('lru')).toContain('page 3, the least recently used, was evicted');
    expect(say('fifo')).toContain('page 3, the one loaded earliest, was evicted');
    expect(say('clock')).toContain('reference bit clear');
    expect(say('opt')).toContain('next use is farthest away');
  });
});
