// What every direct pager shares: the policies by name, the menu's choices, the counts as a
// plain object, and a snapshot that any policy's pager goes back to exactly.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink } from '../../../src/core/events';
import { makePager } from '../../../src/core/memory/makePager';
import {
  isPolicy,
  POLICIES,
  POLICY_CHOICES,
  POLICY_TITLES,
  pagerCounts,
} from '../../../src/core/memory/pager';
import { referenceStringOf } from '../../../src/core/memory/referenceString';
import { entriesOf, feed, pageTrace } from './pagerTesting';

describe('the policies by name', () => {
  it('knows exactly the four policies, case and all', () => {
    for (const policy of POLICIES) expect(isPolicy(policy)).toBe(true);
    for (const name of ['LRU', 'lfu', '', 'opt ', 'toString', '__proto__']) {
      expect(isPolicy(name), name).toBe(false);
    }
  });

  it('offers one choice per policy in order, the article’s and Belady’s named as such', () => {
    expect(POLICY_CHOICES.map(([policy]) => policy)).toEqual([...POLICIES]);
    expect(Object.fromEntries(POLICY_CHOICES)).toEqual({
      lru: 'LRU (article)',
      fifo: POLICY_TITLES.fifo,
      clock: POLICY_TITLES.clock,
      opt: 'OPT (Belady)',
    });
  });
});

describe('pagerCounts', () => {
  it('copies the five counts and nothing else, so later references do not change it', () => {
    const pager = makePager({ policy: 'lru', frames: 1, pageCount: 2, itemsPerPage: 1 });
    pager.write(0);
    pager.read(1);
    const counts = pagerCounts(pager);
    expect(counts).toEqual({ hits: 0, zeroFills: 2, pageIns: 0, writeBacks: 1, evictions: 1 });
    pager.read(0);
    expect(counts.pageIns).toBe(0);
    expect(pager.pageIns).toBe(1);
  });
});

describe('snapshot and restore', () => {
  it('take any policy’s pager back exactly: the rest of the run counts and emits the same', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...POLICIES),
        pageTrace(10, 120),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(120),
        (policy, [pages, trace], frames, cut) => {
          const at = Math.min(cut, trace.length);
          const future = referenceStringOf(entriesOf(trace), pages);
          const sink = new ArraySink();
          const pager = makePager({
            policy,
            frames,
            pageCount: pages,
            itemsPerPage: 1,
            sink,
            future,
          });
          feed(pager, trace.slice(0, at));
          const saved = pager.snapshot();
          const before = sink.events.length;
          feed(pager, trace.slice(at));
          const first = { counts: pagerCounts(pager), events: sink.events.slice(before) };
          pager.restore(saved);
          const again = sink.events.length;
          feed(pager, trace.slice(at));
          expect({ counts: pagerCounts(pager), events: sink.events.slice(again) }).toEqual(first);
        },
      ),
      { numRuns: 120 },
    );
  });
});
