import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatScript,
  MAX_SCRIPT_KEY,
  MAX_SCRIPT_OPS,
  parseScript,
  type ScriptOp,
} from '../../../src/core/workloads/script';

function parsed(text: string): { ops: ScriptOp[]; maxSize: number } {
  const result = parseScript(text);
  if (!result.ok) throw new Error(`expected "${text}" to parse, got: ${result.error}`);
  return result.value;
}

function refusal(text: string): string {
  const result = parseScript(text);
  if (result.ok) throw new Error(`expected "${text}" to be refused`);
  return result.error;
}

describe('parseScript accepts', () => {
  it('"i 5, i 3, del 2, pop": inserts, a delete of a slot in the heap, a pop', () => {
    expect(parsed('i 5, i 3, del 2, pop')).toEqual({
      ops: [
        { op: 'insert', key: 5 },
        { op: 'insert', key: 3 },
        { op: 'delete', slot: 2 },
        { op: 'pop' },
      ],
      maxSize: 2,
    });
  });

  it('"i 5, i 3, pop, del 1, i 7, re 1 2"', () => {
    expect(parsed('i 5, i 3, pop, del 1, i 7, re 1 2')).toEqual({
      ops: [
        { op: 'insert', key: 5 },
        { op: 'insert', key: 3 },
        { op: 'pop' },
        { op: 'delete', slot: 1 },
        { op: 'insert', key: 7 },
        { op: 'reorder', slot: 1, key: 2 },
      ],
      maxSize: 2,
    });
  });

  it('long and short names, any case, semicolons, newlines and extra spaces', () => {
    const canonical = parsed('i 5, i 3, i 9, pop, del 2, re 1 4').ops;
    for (const variant of [
      'insert 5, ins 3, I 9, p, d 2, r 1 4',
      'i 5; i 3; i 9; POP; delete 2; reorder 1 4',
      'i 5\ni 3\ni 9\npop\ndel 2\nre 1 4\n',
      '  i   5 ,i 3,,  i 9 , pop,del    2, re 1   4 ,',
    ]) {
      expect(parsed(variant).ops, variant).toEqual(canonical);
    }
  });

  it('keys from 0 to 2^31 - 1', () => {
    expect(parsed(`i 0, i ${MAX_SCRIPT_KEY}, re 2 0`).ops).toEqual([
      { op: 'insert', key: 0 },
      { op: 'insert', key: 2147483647 },
      { op: 'reorder', slot: 2, key: 0 },
    ]);
  });
});

describe('parseScript refuses, naming the operation', () => {
  it('an unknown operation', () => {
    const message = refusal('i 5, jump 3');
    expect(message).toMatch(/^operation 2 \("jump 3"\) is not understood/);
    expect(message).toContain('"i KEY"');
  });

  it('an operation with the wrong number of words', () => {
    expect(refusal('i 5, pop 1')).toMatch(/^operation 2 \("pop 1"\) is not understood/);
    expect(refusal('i')).toMatch(/^operation 1 \("i"\) is not understood/);
    expect(refusal('i 1, re 1')).toMatch(/^operation 2 \("re 1"\) is not understood/);
  });

  it('pop on an empty heap', () => {
    expect(refusal('pop')).toBe('operation 1 ("pop"): pop on an empty heap');
    expect(refusal('i 1, pop, pop')).toBe('operation 3 ("pop"): pop on an empty heap');
  });

  it('a delete or reorder slot out of range, naming the valid range', () => {
    expect(refusal('i 1, i 2, del 3')).toBe('operation 3 ("del 3"): slot must be from 1 to 2');
    expect(refusal('i 1, i 2, del 0')).toBe('operation 3 ("del 0"): slot must be from 1 to 2');
    // "i 5, i 3, pop" leaves one item: slot 2 is no longer in the heap.
    expect(refusal('i 5, i 3, pop, del 2')).toBe('operation 4 ("del 2"): slot must be from 1 to 1');
    expect(refusal('i 1, re 2 5')).toBe('operation 2 ("re 2 5"): slot must be from 1 to 1');
  });

  it('a delete or reorder on an empty heap, in a readable sentence', () => {
    for (const text of ['del 1', 'i 3, pop, re 1 4']) {
      const message = refusal(text);
      expect(message).toMatch(/^operation \d \("(del 1|re 1 4)"\): .*the heap is empty/);
      // "slot must be but the heap is empty" is not a sentence.
      expect(message).not.toMatch(/must be but/);
    }
  });

  it.each(['x', '-1', '1.5', '2147483648', '1e3'])('a bad key "%s"', (key) => {
    expect(refusal(`i 4, i ${key}`)).toBe(
      `operation 2 ("i ${key}"): key must be an integer from 0 to 2147483647`,
    );
    expect(refusal(`i 4, re 1 ${key}`)).toBe(
      `operation 2 ("re 1 ${key}"): key must be an integer from 0 to 2147483647`,
    );
  });

  it('an empty script', () => {
    for (const text of ['', '   ', ', ,;', '\n']) {
      expect(refusal(text)).toMatch(/^the script is empty; use /);
    }
  });

  it('more than MAX_SCRIPT_OPS operations', () => {
    const text = Array(MAX_SCRIPT_OPS + 1)
      .fill('i 1')
      .join(',');
    expect(refusal(text)).toBe(
      `the script has ${MAX_SCRIPT_OPS + 1} operations; at most ${MAX_SCRIPT_OPS}`,
    );
    expect(parsed(Array(MAX_SCRIPT_OPS).fill('i 1').join(',')).maxSize).toBe(MAX_SCRIPT_OPS);
  });

  it('quotes at most 24 characters of the operation', () => {
    expect(refusal(`i 1, frobnicate ${'z'.repeat(40)}`)).toMatch(
      /^operation 2 \("frobnicate zzzzzzzzzzzzz…"\)/,
    );
  });
});

/** Valid scripts: each pick becomes a slot in the heap as it is at that point. */
const validScript: fc.Arbitrary<ScriptOp[]> = fc
  .array(
    fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat(), fc.integer({ min: 0, max: MAX_SCRIPT_KEY })),
    { minLength: 1, maxLength: 80 },
  )
  .map((steps) => {
    const ops: ScriptOp[] = [];
    let size = 0;
    for (const [choice, pick, key] of steps) {
      if (choice === 0 || size === 0) {
        ops.push({ op: 'insert', key });
        size++;
      } else if (choice === 1) {
        ops.push({ op: 'pop' });
        size--;
      } else if (choice === 2) {
        ops.push({ op: 'delete', slot: 1 + (pick % size) });
        size--;
      } else {
        ops.push({ op: 'reorder', slot: 1 + (pick % size), key });
      }
    }
    return ops;
  });

describe('formatScript', () => {
  it('formats the canonical short names', () => {
    expect(
      formatScript([
        { op: 'insert', key: 5 },
        { op: 'insert', key: 3 },
        { op: 'pop' },
        { op: 'delete', slot: 1 },
        { op: 'insert', key: 8 },
        { op: 'reorder', slot: 1, key: 7 },
      ]),
    ).toBe('i 5, i 3, pop, del 1, i 8, re 1 7');
  });

  it('round-trips: parseScript(formatScript(ops)) gives the ops back', () => {
    fc.assert(
      fc.property(validScript, (ops) => {
        const result = parseScript(formatScript(ops));
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value.ops).toEqual(ops);
      }),
    );
  });

  it('is canonical: formatting a parsed script twice gives the same text', () => {
    fc.assert(
      fc.property(validScript, (ops) => {
        const text = formatScript(ops);
        expect(formatScript(parsed(text).ops)).toBe(text);
      }),
    );
  });

  it('maxSize is the largest size the script reaches', () => {
    fc.assert(
      fc.property(validScript, (ops) => {
        let size = 0;
        let peak = 0;
        for (const op of ops) {
          if (op.op === 'insert') size++;
          else if (op.op !== 'reorder') size--;
          peak = Math.max(peak, size);
        }
        expect(parsed(formatScript(ops)).maxSize).toBe(peak);
      }),
    );
  });
});
