// FIFO and CLOCK replayed over a stored trace, in TypeScript and in WebAssembly, and the
// alternations they never notice collapsed: each counts as the direct pagers do.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collapseAlternations,
  replayClock,
  replayFifo,
  replayRing,
} from '../../../src/core/memory/policyReplay';
import { referenceStringOf } from '../../../src/core/memory/referenceString';
import { direct, entriesOf, pageTrace, type Reference } from './pagerTesting';

describe('FIFO and CLOCK replayed over a stored trace', () => {
  it('count as the direct pagers do, merged trace or not, at every frame count', () => {
    fc.assert(
      fc.property(pageTrace(20, 400), fc.boolean(), ([pages, trace], merge) => {
        const stored = referenceStringOf(entriesOf(trace), pages, { merge, chunkEntries: 8 });
        for (let frames = 1; frames <= pages + 1; frames++) {
          for (const [policy, replay] of [
            ['fifo', replayFifo],
            ['clock', replayClock],
          ] as const) {
            const { zeroFills, pageIns, writeBacks, evictions } = direct(
              policy,
              frames,
              pages,
              trace,
            );
            expect(replay(stored, frames), `${policy}, ${frames} frames`).toEqual({
              zeroFills,
              pageIns,
              writeBacks,
              evictions,
            });
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a frame count that is not a positive integer', () => {
    const trace = referenceStringOf([2, 4], 3);
    expect(() => replayFifo(trace, 0)).toThrow(RangeError);
    expect(() => replayClock(trace, 1.5)).toThrow(RangeError);
  });
});

describe('replayRing, the WebAssembly replay', () => {
  it('counts exactly as the TypeScript replays, 16- and 32-bit entries, chunks of any size', () => {
    fc.assert(
      fc.property(
        pageTrace(20, 600),
        fc.boolean(),
        fc.constantFrom(2, 64, 1 << 21),
        ([pages, trace], wide, chunkEntries) => {
          // 40,000 pages make 32-bit entries; the trace names the first few.
          const stored = referenceStringOf(entriesOf(trace), wide ? 40_000 : pages, {
            chunkEntries,
          });
          for (let frames = 1; frames <= pages + 1; frames++) {
            expect(replayRing(stored, 'fifo', frames)).toEqual(replayFifo(stored, frames));
            expect(replayRing(stored, 'clock', frames)).toEqual(replayClock(stored, frames));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('collapseAlternations', () => {
  it('drops only what FIFO and CLOCK never notice from 2 frames on', () => {
    fc.assert(
      fc.property(
        pageTrace(12, 500),
        fc.constantFrom(2, 16, 1 << 20),
        ([pages, trace], chunkEntries) => {
          const stored = referenceStringOf(entriesOf(trace), pages, { merge: true, chunkEntries });
          const collapsed = collapseAlternations(stored);
          expect(collapsed.length).toBeLessThanOrEqual(stored.length);
          for (let frames = 2; frames <= pages + 1; frames++) {
            expect(replayFifo(collapsed, frames), `fifo ${frames}`).toEqual(
              replayFifo(stored, frames),
            );
            expect(replayClock(collapsed, frames), `clock ${frames}`).toEqual(
              replayClock(stored, frames),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('drops the fifth and later entries of a run alternating between two pages, keeping their writes', () => {
    // x y x y x(w) y x y(w) z: entries 5 to 8 go; x's and y's writes land on their 3rd and 4th.
    const [x, y, z] = [0, 1, 2];
    const raw: Reference[] = [
      [x, false],
      [y, false],
      [x, false],
      [y, false],
      [x, true],
      [y, false],
      [x, false],
      [y, true],
      [z, false],
    ];
    const collapsed = collapseAlternations(referenceStringOf(entriesOf(raw), 3, { merge: true }));
    expect(Array.from(collapsed.chunks[0])).toEqual(
      entriesOf([
        [x, false],
        [y, false],
        [x, true],
        [y, true],
        [z, false],
      ]),
    );
  });
});
