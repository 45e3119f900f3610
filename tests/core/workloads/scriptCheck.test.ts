// Whether a script can run on a structure: the first operation one refuses (a slot or node it
// does not hold), and how the refusal reads.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_MEMORY } from '../../../src/core/memory/observer';
import { STRUCTURE_KINDS, structureSpec } from '../../../src/core/structures/registry';
import type { ScriptOp } from '../../../src/core/workloads/script';
import { describeRefusal, scriptRefusal } from '../../../src/core/workloads/scriptCheck';
import { runWorkload } from '../../../src/core/workloads/workloads';

const inserts = (keys: number[]): ScriptOp[] => keys.map((key) => ({ op: 'insert', key }));

describe('scriptRefusal', () => {
  it('refuses nothing a heap holds: deletes and reorders of slots 1..size', () => {
    const ops: ScriptOp[] = [
      ...inserts([50, 20, 80, 10]),
      { op: 'reorder', slot: 4, key: 1 },
      { op: 'delete', slot: 2 },
      { op: 'pop' },
    ];
    expect(scriptRefusal([structureSpec('binary', 8), structureSpec('bheap', 8)], ops)).toBeNull();
  });

  it('names the first operation and the structure that refuses it', () => {
    const ops: ScriptOp[] = [
      ...inserts([5, 3]),
      { op: 'delete', slot: 7 },
      { op: 'delete', slot: 9 },
    ];
    const specs = [structureSpec('binary', 8), structureSpec('dary4', 8)];
    const refusal = scriptRefusal(specs, ops);
    expect(refusal).toMatchObject({ specIndex: 0, index: 2, op: { op: 'delete', slot: 7 } });
    expect(refusal?.reason).not.toBe('');
    // A d-ary heap's root is not slot 1: slot 1 is padding there.
    const dary = scriptRefusal(
      [structureSpec('dary4', 8)],
      [...inserts([5]), { op: 'delete', slot: 1 }],
    );
    expect(dary?.index).toBe(1);
  });

  it('refuses exactly the scripts a direct run of the structure throws on', () => {
    const op: fc.Arbitrary<ScriptOp> = fc.oneof(
      { weight: 3, arbitrary: fc.nat(99).map((key) => ({ op: 'insert' as const, key })) },
      fc.constant({ op: 'pop' as const }),
      fc.integer({ min: 1, max: 12 }).map((slot) => ({ op: 'delete' as const, slot })),
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.nat(99))
        .map(([slot, key]) => ({ op: 'reorder' as const, slot, key })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...STRUCTURE_KINDS),
        fc.array(op, { minLength: 1, maxLength: 30 }),
        (kind, ops) => {
          const spec = structureSpec(kind, 8, 64);
          let threw = false;
          try {
            runWorkload({ kind: 'script', ops }, spec, NO_MEMORY);
          } catch {
            threw = true;
          }
          expect(scriptRefusal([spec], ops) !== null).toBe(threw);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('describeRefusal', () => {
  it('says which operation, in the script’s own words, and what the structure’s handles are', () => {
    const ops: ScriptOp[] = [...inserts([5]), { op: 'reorder', slot: 4, key: 2 }];
    const heap = structureSpec('binary', 8);
    const refusal = scriptRefusal([heap], ops);
    if (refusal === null) throw new Error('slot 4 is not held');
    expect(describeRefusal(refusal, heap, 'the left side')).toBe(
      `operation 2 (re 4 2) cannot run on the left side (scripts name its slots): ${refusal.reason}`,
    );
    const treap = structureSpec('treap', 8, 64);
    const onTreap = scriptRefusal([treap], [...inserts([5]), { op: 'delete', slot: 9 }]);
    if (onTreap === null) throw new Error('node 9 is not held');
    expect(describeRefusal(onTreap, treap, '--layout treap')).toMatch(
      /^operation 2 \(del 9\) cannot run on --layout treap \(scripts name its nodes\): /,
    );
  });
});
