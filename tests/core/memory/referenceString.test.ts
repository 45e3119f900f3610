import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandSiftDownStep } from '../../../src/core/memory/observer';
import {
  entryAt,
  type ReferenceString,
  ReferenceStringRecorder,
  referenceStringOf,
} from '../../../src/core/memory/referenceString';
import { entriesOf, pageTrace } from './pagerTesting';

function entries(trace: ReferenceString): number[] {
  return trace.chunks.flatMap((chunk) => Array.from(chunk));
}

/** Merging as the model says: a run of one page is one entry, its writes OR-ed. */
function mergedModel(raw: readonly number[]): number[] {
  const out: number[] = [];
  for (const entry of raw) {
    if (out.length > 0 && out[out.length - 1] >>> 1 === entry >>> 1)
      out[out.length - 1] |= entry & 1;
    else out.push(entry);
  }
  return out;
}

describe('ReferenceStringRecorder', () => {
  it('merges each run of references to one page into one entry, its writes OR-ed', () => {
    fc.assert(
      fc.property(
        pageTrace(6, 300),
        fc.constantFrom(1, 2, 8, 1 << 20),
        ([pages, trace], chunkEntries) => {
          const raw = entriesOf(trace);
          const merged = referenceStringOf(raw, pages, { merge: true, chunkEntries });
          expect(entries(merged)).toEqual(mergedModel(raw));
          expect(merged.length).toBe(mergedModel(raw).length);
          expect(merged.references).toBe(raw.length);
          const plain = referenceStringOf(raw, pages, { chunkEntries });
          expect(entries(plain)).toEqual(raw);
          expect(plain.merged).toBe(false);
        },
      ),
    );
  });

  it('fills every chunk but the last, and entryAt reads any entry', () => {
    const raw = Array.from({ length: 1000 }, (_, index) => ((index * 7) % 13) << 1);
    const trace = referenceStringOf(raw, 13, { chunkEntries: 64 });
    expect(trace.chunks.map((chunk) => chunk.length)).toEqual([
      ...Array.from({ length: 15 }, () => 64),
      1000 - 15 * 64,
    ]);
    for (const index of [0, 63, 64, 500, 999]) expect(entryAt(trace, index)).toBe(raw[index]);
  });

  it('stores 16-bit entries up to 32,768 pages and 32-bit ones beyond', () => {
    const small = new ReferenceStringRecorder(32_768, 1);
    small.touchPage(32_767, true);
    const big = new ReferenceStringRecorder(32_769, 1);
    big.touchPage(32_768, true);
    const [smallTrace, bigTrace] = [small.finish(), big.finish()];
    expect(smallTrace.chunks[0]).toBeInstanceOf(Uint16Array);
    expect(bigTrace.chunks[0]).toBeInstanceOf(Uint32Array);
    expect([entryAt(smallTrace, 0), entryAt(bigTrace, 0)]).toEqual([65_535, 65_537]);
  });

  it('takes its chunks from the given allocator', () => {
    const sizes: number[] = [];
    const recorder = new ReferenceStringRecorder(4, 1, {
      chunkEntries: 8,
      allocate: (bytes) => {
        sizes.push(bytes);
        return new ArrayBuffer(bytes);
      },
    });
    for (let index = 0; index < 20; index++) recorder.touchPage(index % 4, false);
    expect(recorder.finish().length).toBe(20);
    expect(sizes).toEqual([16, 16, 16]);
  });

  it('records a whole sift-down step exactly as its reads and writes', () => {
    const step = fc.tuple(
      fc.nat(63),
      fc.nat(63),
      fc.nat(63),
      fc.option(fc.nat(63), { nil: -1 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.boolean(), (steps, merge) => {
        const whole = new ReferenceStringRecorder(16, 4, { merge });
        const expanded = new ReferenceStringRecorder(16, 4, { merge });
        for (const [slot, child, first, second, swapped] of steps) {
          whole.siftDownStep(slot, child, first, second, swapped);
          expandSiftDownStep(
            { read: (s) => expanded.read(s), write: (s) => expanded.write(s) },
            slot,
            child,
            first,
            second,
            swapped,
          );
        }
        const [a, b] = [whole.finish(), expanded.finish()];
        expect(entries(a)).toEqual(entries(b));
        expect(a.references).toBe(b.references);
      }),
    );
  });

  it('refuses a page outside its range, and references after finish()', () => {
    const recorder = new ReferenceStringRecorder(3, 4);
    expect(() => recorder.read(12)).toThrow(/page 3 is outside 0..2/);
    expect(() => recorder.touchPage(-1, false)).toThrow(RangeError);
    recorder.read(11);
    recorder.finish();
    expect(() => recorder.read(0)).toThrow(/finished/);
    expect(() => recorder.finish()).toThrow();
  });
});
