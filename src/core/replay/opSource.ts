// A scenario's operations written down as a large run's recording asks for them, a stretch at a
// time: the article's sequence (phk) is drawn as it goes, so the recording's first window needs
// no pass over all 4M operations first; any other workload is written down whole by recordOps.ts
// and handed out from that list. The operations are recordOps's either way.

import { GlibcRandom } from '../workloads/random';
import { drawKey, expectedOperations, type Workload } from '../workloads/workloads';
import { OpList } from './opList';
import { recordOps } from './recordOps';

/** Arrays to write operations into, in OpList's codes (opList.ts). */
export interface OpArrays {
  kinds: Uint8Array;
  handles: Int32Array;
  keys: Float64Array;
}

/** What is known of a run's operations before any is written down. */
export interface OpShape {
  /** How many operations the run has. */
  readonly length: number;
  /** Whether any operation names an item (OpList.namesItems). */
  readonly namesItems: boolean;
}

export interface OpSource extends OpShape {
  /** Items the operations insert (each insert names a new one). */
  readonly items: number;
  /**
   * Whether the operations are drawn as they are asked for (the first ones cost next to
   * nothing); else the whole list was written down first.
   */
  readonly drawn: boolean;
  /** Operations written so far: the next fill starts here. */
  readonly written: number;
  /** Writes operations written..to-1 into `into` at their own indices. */
  fillTo(into: OpArrays, to: number): void;
}

/** The operations of `workload` as a source (phk drawn as it goes; others from recordOps). */
export function opSource(workload: Workload): OpSource {
  return workload.kind === 'phk' ? new PhkSource(workload) : listSource(recordOps(workload));
}

/** A source over operations already written down. */
function listSource({ ops, items }: { ops: OpList; items: number }): OpSource {
  let written = 0;
  return {
    length: ops.length,
    namesItems: ops.namesItems,
    items,
    drawn: false,
    get written() {
      return written;
    },
    fillTo(into, to) {
      const until = Math.min(ops.length, to);
      if (until <= written) return;
      into.kinds.set(ops.kinds.subarray(written, until), written);
      into.handles.set(ops.handles.subarray(written, until), written);
      into.keys.set(ops.keys.subarray(written, until), written);
      written = until;
    },
  };
}

/** Every operation of `source` in a list of its own (tests, and a page that needs them all). */
export function writeAll(source: OpSource): OpList {
  const arrays: OpArrays = {
    kinds: new Uint8Array(source.length),
    handles: new Int32Array(source.length),
    keys: new Float64Array(source.length),
  };
  source.fillTo(arrays, source.length);
  return OpList.fromArrays(arrays.kinds, arrays.handles, arrays.keys, source.namesItems);
}

const INSERT = 0;
const POP_MIN = 1;

/**
 * The article's test (workloads.ts's runPhk): N inserts, then N times a pop and an insert, then
 * N pops. The keys are the only draws and do not depend on the heap, so operation k is known
 * from k and the generator alone.
 */
class PhkSource implements OpSource {
  readonly length: number;
  readonly namesItems = false;
  readonly drawn = true;
  readonly items: number;
  private readonly random: GlibcRandom;
  private next = 0;

  constructor(private readonly workload: Extract<Workload, { kind: 'phk' }>) {
    this.length = expectedOperations(workload);
    this.items = 2 * workload.items;
    this.random = new GlibcRandom(workload.seed);
  }

  get written(): number {
    return this.next;
  }

  fillTo(into: OpArrays, to: number): void {
    const n = this.workload.items;
    const { keyRange } = this.workload;
    const until = Math.min(this.length, to);
    const { kinds, handles, keys } = into;
    for (let k = this.next; k < until; k++) {
      // Which item an insert names: the first N in order, then one every other operation.
      let insertItem = -1;
      if (k < n) insertItem = k;
      else if (k < 3 * n && ((k - n) & 1) === 1) insertItem = n + ((k - n - 1) >>> 1);
      if (insertItem < 0) {
        kinds[k] = POP_MIN;
        handles[k] = 0;
        keys[k] = 0;
      } else {
        kinds[k] = INSERT;
        handles[k] = insertItem;
        keys[k] = drawKey(this.random, keyRange);
      }
    }
    this.next = Math.max(this.next, until);
  }
}
