import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../../src/core/events';
import { AccessLog, type MemoryObserver, NO_MEMORY } from '../../../../src/core/memory/observer';
import { LEFT, LINK_FIELDS, NIL, RIGHT } from '../../../../src/core/structures/pointer/arena';
import { SortedList } from '../../../../src/core/structures/pointer/sortedList';
import {
  accesses,
  expectCheckpointRestores,
  ModelHarness,
  mirrorEvents,
  PICK_OP,
  type PickOp,
  pickWorkload,
} from '../queueTesting';

const NEXT = LEFT;
const PREV = RIGHT;

/** Fails the run on the first word outside the arena (header plus `capacity` nodes). */
class BoundedMemory implements MemoryObserver {
  count = 0;
  constructor(private readonly words: number) {}
  read(word: number): void {
    this.check(word);
  }
  write(word: number): void {
    this.check(word);
  }
  private check(word: number): void {
    this.count++;
    if (!Number.isInteger(word) || word < 0 || word >= this.words) {
      throw new Error(`access to word ${word} outside the arena's ${this.words} words`);
    }
  }
}

/** Items and keys of the list from the head, following next links without memory accesses. */
function walk(list: SortedList): { nodes: number[]; items: number[]; keys: number[] } {
  const arena = list.arena;
  const nodes: number[] = [];
  for (let node = arena.peekLink(NIL, NEXT); node !== NIL; node = arena.peekLink(node, NEXT)) {
    nodes.push(node);
    if (nodes.length > arena.capacity) throw new Error('the next links do not come back to 0');
  }
  return {
    nodes,
    items: nodes.map((node) => arena.peekItem(node)),
    keys: nodes.map((node) => arena.peekKey(node)),
  };
}

/** The list's own invariants; returns the nodes from the head. */
function checkInvariants(list: SortedList): number[] {
  const arena = list.arena;
  const { nodes, keys } = walk(list);
  for (let i = 1; i < keys.length; i++) expect(keys[i - 1]).toBeLessThanOrEqual(keys[i]);
  // prev links mirror next links around the whole circle, the sentinel included.
  const circle = [NIL, ...nodes];
  circle.forEach((node, i) => {
    const next = circle[(i + 1) % circle.length];
    expect(arena.peekLink(next, PREV)).toBe(node);
  });
  expect(arena.peekLink(NIL, PREV)).toBe(nodes.length === 0 ? NIL : nodes[nodes.length - 1]);
  expect(nodes.length).toBe(list.size);
  expect(arena.size).toBe(list.size);
  return nodes;
}

describe('SortedList: access order (32-byte nodes: key 4n, item 4n+1, next 4n+2, prev 4n+3)', () => {
  // Items 70, 71, 72 with keys 500, 300, 400 go to nodes 1, 2, 3; the header's next is word 2
  // and its prev word 3.
  function threeItems(log: AccessLog): SortedList {
    const list = new SortedList({ capacity: 4, memory: log, itemsPerPage: 512, nodeBytes: 32 });
    list.insert(70, 500);
    list.insert(71, 300);
    return list;
  }

  it('insert into an empty list: alloc, read the head (0), then link before the sentinel', () => {
    const log = new AccessLog();
    const list = new SortedList({ capacity: 4, memory: log, itemsPerPage: 512, nodeBytes: 32 });
    expect(list.insert(70, 500)).toBe(1);
    // W4 W5 alloc node 1; R2 head = 0: nothing to compare. R3 sentinel's prev (0), W7 new prev,
    // W6 new next, W2 prev's (the sentinel's) next, W3 sentinel's prev.
    expect(accesses(log)).toEqual(['W4', 'W5', 'R2', 'R3', 'W7', 'W6', 'W2', 'W3']);
    expect(list.comparisons).toBe(0);
  });

  it('insert walks from the head past smaller keys and links before the first greater one', () => {
    const log = new AccessLog();
    const list = threeItems(log);
    const before = log.slots.length;
    expect(list.insert(72, 400)).toBe(3);
    // W12 W13 alloc node 3. R2 head is node 2; R8 its key 300: 400 < 300 no; R10 its next,
    // node 1; R4 key 500: 400 < 500, stop at node 1. R7 node 1's prev (node 2); W15 node 3's
    // prev = 2; W14 node 3's next = 1; W10 node 2's next = 3; W7 node 1's prev = 3.
    expect(accesses(log, before)).toEqual([
      ...['W12', 'W13'],
      ...['R2', 'R8', 'R10', 'R4'],
      ...['R7', 'W15', 'W14', 'W10', 'W7'],
    ]);
    expect(walk(list).items).toEqual([71, 72, 70]);
    expect(list.comparisons).toBe(1 + 2); // 300 against 500, then 400 against 300 and 500
  });

  it('popMin reads the head, unlinks it, reads its item and frees the node', () => {
    const log = new AccessLog();
    const list = threeItems(log);
    list.insert(72, 400);
    const before = log.slots.length;
    expect(list.popMin()).toBe(71);
    // R2 head node 2; R10 its next (3), R11 its prev (0); W2 sentinel's next = 3; W15 node 3's
    // prev = 0; R9 item; W10 free: node 2's first link word threads the free list.
    expect(accesses(log, before)).toEqual(['R2', 'R10', 'R11', 'W2', 'W15', 'R9', 'W10']);
    expect(list.accesses).toBe(log.slots.length);
    expect(walk(list).items).toEqual([72, 70]);
  });

  it('delete of the tail unlinks it against the sentinel without reading any key', () => {
    const log = new AccessLog();
    const list = threeItems(log); // 71 (node 2, key 300), then 70 (node 1, key 500)
    const before = log.slots.length;
    expect(list.delete(1)).toBe(70);
    // R6 node 1's next (0), R7 its prev (2); W10 node 2's next = 0; W3 sentinel's prev = 2;
    // R5 item; W6 free.
    expect(accesses(log, before)).toEqual(['R6', 'R7', 'W10', 'W3', 'R5', 'W6']);
    expect(list.arena.peekLink(NIL, PREV)).toBe(2);
  });

  it('reorder unlinks the node, writes its key, and walks from the head again', () => {
    const log = new AccessLog();
    const list = threeItems(log);
    const before = log.slots.length;
    expect(list.reorder(1, 100)).toBe(1);
    // Unlink node 1: R6 R7 W10 W3. W4 new key. Walk: R2 head node 2, R8 key 300: 100 < 300,
    // stop. Link before node 2: R11 (0), W7, W6, W2, W11.
    expect(accesses(log, before)).toEqual([
      ...['R6', 'R7', 'W10', 'W3'],
      'W4',
      ...['R2', 'R8'],
      ...['R11', 'W7', 'W6', 'W2', 'W11'],
    ]);
    expect(walk(list).items).toEqual([70, 71]);
  });

  it('reuses the most recently freed node, reading its free-list link', () => {
    const log = new AccessLog();
    const list = threeItems(log);
    list.popMin(); // frees node 2
    const before = log.slots.length;
    expect(list.insert(73, 600)).toBe(2);
    expect(accesses(log, before).slice(0, 3)).toEqual(['R10', 'W8', 'W9']);
  });

  it('nodes are 48 bytes unless told, 32 at the least', () => {
    const log = new AccessLog();
    const list = new SortedList({ capacity: 2, memory: log, itemsPerPage: 512 });
    list.insert(70, 500);
    expect(list.arena.nodeWords).toBe(6);
    expect(accesses(log).slice(0, 2)).toEqual(['W6', 'W7']);
    expect(
      () => new SortedList({ capacity: 2, memory: NO_MEMORY, itemsPerPage: 512, nodeBytes: 24 }),
    ).toThrow(RangeError);
  });
});

describe('SortedList: order, ties, counters and events', () => {
  it('equal keys leave in the order they were inserted', () => {
    const list = new SortedList({ capacity: 8, memory: NO_MEMORY, itemsPerPage: 512 });
    for (const [item, key] of [
      [40, 7],
      [41, 3],
      [42, 7],
      [43, 3],
      [44, 7],
    ]) {
      list.insert(item, key);
    }
    const popped = Array.from({ length: 5 }, () => list.popMin());
    expect(popped).toEqual([41, 43, 40, 42, 44]);
  });

  it('a reordered node goes after the nodes already holding its new key', () => {
    const list = new SortedList({ capacity: 8, memory: NO_MEMORY, itemsPerPage: 512 });
    const first = list.insert(50, 9);
    list.insert(51, 5);
    list.insert(52, 5);
    list.reorder(first, 5);
    expect(walk(list).items).toEqual([51, 52, 50]);
  });

  it('an insert compares once per smaller-or-equal key passed, plus the key it stops at', () => {
    const list = new SortedList({ capacity: 8, memory: NO_MEMORY, itemsPerPage: 512 });
    for (const [item, key] of [10, 20, 30, 40].entries()) list.insert(item, key);
    // 0 + 1 + 2 + 3: each appends after all earlier keys.
    expect(list.comparisons).toBe(6);
    list.insert(90, 25); // passes 10 and 20, stops at 30
    expect(list.comparisons).toBe(9);
    list.popMin();
    list.delete(3);
    expect(list.comparisons).toBe(9);
    expect(list.swaps).toBe(0);
    expect(list.operations).toBe(7);
  });

  it('emits op-begin/op-end around every operation with the handles the brief fixes', () => {
    const sink = new ArraySink();
    const list = new SortedList({ capacity: 8, memory: NO_MEMORY, itemsPerPage: 512, sink });
    const a = list.insert(60, 8);
    const b = list.insert(61, 2);
    list.insert(62, 5);
    list.reorder(a, 1);
    list.delete(b);
    list.popMin();
    const ops = sink.events.filter(
      (event): event is Extract<SimEvent, { kind: 'op-begin' | 'op-end' }> =>
        event.kind === 'op-begin' || event.kind === 'op-end',
    );
    expect(ops.map((event) => [event.kind, event.handle])).toEqual([
      ['op-begin', 0],
      ['op-end', a],
      ['op-begin', 0],
      ['op-end', b],
      ['op-begin', 0],
      ['op-end', 3],
      ['op-begin', a],
      ['op-end', a],
      ['op-begin', b],
      ['op-end', 0],
      ['op-begin', a], // a (key 1) is the minimum when popMin begins
      ['op-end', 0],
    ]);
    const compares = sink.events.filter((event) => event.kind === 'node-compare');
    expect(compares.length).toBe(list.comparisons);
    let open = false;
    for (const event of sink.events) {
      if (event.kind === 'op-begin') {
        expect(open).toBe(false);
        open = true;
      } else if (event.kind === 'op-end') {
        open = false;
      } else {
        expect(open).toBe(true);
      }
    }
  });

  it('a node-compare event says the new key, the key passed, and whether the walk stops', () => {
    const sink = new ArraySink();
    const list = new SortedList({ capacity: 4, memory: NO_MEMORY, itemsPerPage: 512, sink });
    list.insert(60, 8);
    const node = list.insert(61, 2);
    expect(sink.events.filter((event) => event.kind === 'node-compare')).toEqual([
      { kind: 'node-compare', what: 'key', node, other: 1, value: 2, otherValue: 8, less: true },
    ]);
  });

  it('with sinkOpsOnly the sink gets op-begin and op-end only', () => {
    const sink = new ArraySink();
    const list = new SortedList({
      capacity: 4,
      memory: NO_MEMORY,
      itemsPerPage: 512,
      sink,
      sinkOpsOnly: true,
    });
    list.insert(60, 8);
    list.insert(61, 2);
    list.popMin();
    expect(sink.events.map((event) => event.kind)).toEqual([
      ...['op-begin', 'op-end'],
      ...['op-begin', 'op-end'],
      ...['op-begin', 'op-end'],
    ]);
  });

  it('rejects empty pops, full inserts and handles that hold no item', () => {
    const list = new SortedList({ capacity: 2, memory: NO_MEMORY, itemsPerPage: 512 });
    expect(() => list.popMin()).toThrow(RangeError);
    expect(() => list.peekKey()).toThrow(RangeError);
    const node = list.insert(60, 8);
    list.insert(61, 9);
    expect(() => list.insert(62, 10)).toThrow(RangeError);
    list.delete(node);
    expect(() => list.delete(node)).toThrow(RangeError);
    expect(() => list.reorder(NIL, 3)).toThrow(RangeError);
    expect(() => list.reorder(3, 3)).toThrow(RangeError);
    expect(list.operations).toBe(3);
  });
});

// ---- Model-based property test ------------------------------------------------------------

/** A list driven alongside a plain array in list order (stable: new keys go after equal ones). */
class Harness extends ModelHarness {
  readonly list: SortedList;

  constructor(
    readonly capacity: number,
    memory: MemoryObserver,
    sink: ArraySink | null = null,
    nodeBytes = 48,
  ) {
    super();
    this.list = new SortedList({
      capacity,
      memory,
      itemsPerPage: 512,
      sink,
      nodeBytes,
      onHandle: this.onHandle,
    });
  }

  private place(item: number, key: number): void {
    const at = this.model.findIndex((entry) => key < entry.key);
    this.model.splice(at < 0 ? this.model.length : at, 0, { item, key });
  }

  get queue(): SortedList {
    return this.list;
  }

  run(op: PickOp): number {
    const { list, model } = this;
    if (op.op === 'insert') {
      if (model.length >= this.capacity) return -1;
      const item = this.nextItem++;
      this.place(item, op.key);
      return list.insert(item, op.key);
    }
    if (model.length === 0) return -1;
    if (op.op === 'pop') {
      const min = Math.min(...model.map((entry) => entry.key));
      const item = list.popMin();
      const expected = model.shift()!;
      expect(expected.key).toBe(min);
      expect(item).toBe(expected.item);
      return item;
    }
    const [entry] = model.splice(op.pick % model.length, 1);
    const node = this.handles.get(entry.item)!;
    if (op.op === 'delete') {
      expect(list.delete(node)).toBe(entry.item);
      return entry.item;
    }
    this.place(entry.item, op.key);
    expect(list.reorder(node, op.key)).toBe(node);
    return node;
  }

  check(): void {
    const nodes = checkInvariants(this.list);
    const { items, keys } = walk(this.list);
    expect(items).toEqual(this.model.map((entry) => entry.item));
    expect(keys).toEqual(this.model.map((entry) => entry.key));
    expect(this.list.size).toBe(this.model.length);
    expect(this.handles.size).toBe(this.model.length);
    for (const { item, key } of this.model) {
      const node = this.handles.get(item)!;
      expect(this.list.arena.peekItem(node)).toBe(item);
      expect(this.list.arena.peekKey(node)).toBe(key);
    }
    if (nodes.length > 0) expect(this.list.peekKey()).toBe(this.model[0].key);
  }
}

describe('SortedList: model-based property test', () => {
  it('matches a stable sorted array after every operation, touching only arena words', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(32, 48, 64),
        fc.array(PICK_OP, { minLength: 1, maxLength: 150 }),
        (capacity, nodeBytes, ops) => {
          const memory = new BoundedMemory((capacity + 1) * (nodeBytes / 8));
          const harness = new Harness(capacity, memory, null, nodeBytes);
          for (const op of ops) {
            harness.run(op);
            harness.check();
            expect(harness.list.accesses).toBe(memory.count);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

// ---- Checkpoints and event replay ---------------------------------------------------------

describe('SortedList: checkpoints', () => {
  it('restoring a checkpoint puts back the exact state, and the rerun matches a fresh run', () => {
    expectCheckpointRestores(() => new Harness(40, NO_MEMORY));
  });
});

describe('SortedList: event replay', () => {
  it('node-alloc, node-free and store events rebuild the links, keys and items of live nodes', () => {
    const sink = new ArraySink();
    const capacity = 30;
    const harness = new Harness(capacity, NO_MEMORY, sink);
    for (const op of pickWorkload(11, 400)) harness.run(op);

    const { links, keys, items, live } = mirrorEvents(sink.events, capacity);
    const arena = harness.list.arena;
    expect(harness.list.size).toBeGreaterThan(3);
    for (let node = 0; node <= capacity; node++) {
      if (node !== NIL && !live[node]) continue;
      for (const field of [NEXT, PREV]) {
        expect(links[node * LINK_FIELDS.length + field]).toBe(arena.peekLink(node, field));
      }
      if (node === NIL) continue;
      expect(keys[node]).toBe(arena.peekKey(node));
      expect(items[node]).toBe(arena.peekItem(node));
    }
    expect(live.reduce((sum, flag) => sum + flag, 0)).toBe(harness.list.size);
  });
});
