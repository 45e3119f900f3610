// Reading one parameter of a link: a page size, a choice, a node size. Each refusal names the
// parameter, what is allowed and what is used instead.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceParam,
  parseItemsPerPageParam,
  parseNodeBytesParam,
} from '../../../src/core/scenario/params';
import type { ScenarioError } from '../../../src/core/scenario/scenario';
import { nodeBytesFloor, STRUCTURE_KINDS } from '../../../src/core/structures/registry';

describe('parseItemsPerPageParam', () => {
  it('takes every power of two from 4 to 4096, and says nothing of a parameter not given', () => {
    const errors: ScenarioError[] = [];
    for (let size = 4; size <= 4096; size *= 2) {
      expect(parseItemsPerPageParam('page', String(size), 8, errors)).toBe(size);
    }
    expect(parseItemsPerPageParam('page', null, 8, errors)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('refuses anything else with the rule and the fallback, or the plain form when that is all', () => {
    const refused = (text: string) => {
      const errors: ScenarioError[] = [];
      expect(parseItemsPerPageParam('cpage', text, 512, errors)).toBeNull();
      expect(errors).toHaveLength(1);
      expect(errors[0].param).toBe('cpage');
      return errors[0].message;
    };
    expect(refused('12')).toBe(
      'cpage (items per page) must be a power of two from 4 to 4096, got "12"; using 512',
    );
    expect(refused('8192')).toContain('must be a power of two from 4 to 4096');
    expect(refused('2')).toContain('must be a power of two from 4 to 4096');
    expect(refused('08')).toMatch(
      /^cpage \(items per page\) must be written in plain digits, as 8 .*; using 512$/,
    );
  });
});

describe('choiceParam', () => {
  const run = (text: string | null) => {
    const errors: ScenarioError[] = [];
    let applied: string | null = null;
    choiceParam(
      () => text,
      errors,
      'tree',
      ['keys', 'slots'] as const,
      'keys',
      (value) => {
        applied = value;
      },
    );
    return { errors, applied };
  };

  it('applies exactly one of the choices, as written', () => {
    expect(run('slots')).toEqual({ errors: [], applied: 'slots' });
    expect(run(null)).toEqual({ errors: [], applied: null });
  });

  it('refuses any other text, naming the choices and the fallback, and applies nothing', () => {
    for (const text of ['KEYS', ' keys', '', 'slots,keys']) {
      const { errors, applied } = run(text);
      expect(applied).toBeNull();
      expect(errors).toEqual([
        {
          param: 'tree',
          message: `tree must be one of keys, slots, got ${JSON.stringify(text)}; using keys`,
        },
      ]);
    }
  });
});

describe('parseNodeBytesParam', () => {
  it('takes the multiples of 8 from the pair’s floor to 4096, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STRUCTURE_KINDS),
        fc.constantFrom(...STRUCTURE_KINDS),
        fc.integer({ min: 0, max: 5000 }),
        (left, right, bytes) => {
          const parsed = parseNodeBytesParam('node', String(bytes), left, right);
          const allowed = bytes % 8 === 0 && bytes >= nodeBytesFloor(left, right) && bytes <= 4096;
          expect(parsed.ok).toBe(allowed);
          if (parsed.ok) expect(parsed.value).toBe(bytes);
          else
            expect(parsed.error).toMatch(
              /^node \(bytes per node\) must be a multiple of 8 from \d+/,
            );
        },
      ),
    );
  });

  it('names the plain form of a size written oddly', () => {
    const parsed = parseNodeBytesParam('cnode', '064', 'treap', 'binary');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain('cnode must be written in plain digits, as 64');
  });
});
