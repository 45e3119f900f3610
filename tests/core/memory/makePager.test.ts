// The one way to make a direct pager: the policy asked for, its sizes, its sink, slots mapped to
// pages by the items per page, and OPT only with the run's future.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArraySink, type SimEvent } from '../../../src/core/events';
import { makePager } from '../../../src/core/memory/makePager';
import { POLICIES } from '../../../src/core/memory/pager';
import { referenceStringOf } from '../../../src/core/memory/referenceString';
import { entriesOf, feed, pageTrace } from './pagerTesting';

describe('makePager', () => {
  it('makes the pager of the policy named, with the frames and pages asked for', () => {
    const future = referenceStringOf([], 5);
    for (const policy of POLICIES) {
      const pager = makePager({ policy, frames: 3, pageCount: 5, itemsPerPage: 4, future });
      expect([pager.policy, pager.frames, pager.pageCount]).toEqual([policy, 3, 5]);
      expect(pager.policyView().policy).toBe(policy);
    }
  });

  it('needs a future for OPT, and names it', () => {
    expect(() => makePager({ policy: 'opt', frames: 2, pageCount: 3, itemsPerPage: 1 })).toThrow(
      /needs the future/,
    );
    expect(() =>
      makePager({ policy: 'opt', frames: 2, pageCount: 3, itemsPerPage: 1, future: null }),
    ).toThrow(/needs the future/);
  });

  it('maps slot s to page floor(s / itemsPerPage) under every policy', () => {
    for (const policy of POLICIES) {
      const sink = new ArraySink();
      // Pages 0, 1, 2, 1 as slots 3, 4, 11, 7 at 4 per page.
      const future = referenceStringOf(
        entriesOf([
          [0, false],
          [1, true],
          [2, false],
          [1, false],
        ]),
        3,
      );
      const pager = makePager({ policy, frames: 2, pageCount: 3, itemsPerPage: 4, sink, future });
      pager.read(3);
      pager.write(4);
      pager.read(11);
      pager.read(7);
      const touched = sink.events.flatMap((event) =>
        event.kind === 'touch' ? [[event.slot, event.page]] : [],
      );
      expect(touched, policy).toEqual([
        [3, 0],
        [4, 1],
        [11, 2],
        [7, 1],
      ]);
      expect(pager.isResident(1), policy).toBe(true);
      expect(pager.isDirty(1), policy).toBe(true);
    }
  });

  it('makes pagers that report the same events while nothing has to be evicted', () => {
    fc.assert(
      fc.property(pageTrace(8, 60), ([pages, trace]) => {
        const future = referenceStringOf(entriesOf(trace), pages);
        const events = POLICIES.map((policy) => {
          const sink = new ArraySink();
          feed(
            makePager({ policy, frames: pages, pageCount: pages, itemsPerPage: 1, sink, future }),
            trace,
          );
          return sink.events as SimEvent[];
        });
        for (const other of events.slice(1)) expect(other).toEqual(events[0]);
      }),
      { numRuns: 50 },
    );
  });
});
