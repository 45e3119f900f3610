// The one way to make a direct pager for a policy: the CLI's `run`, the page's animation and the
// tests all come through here, so "clock" means the same ring everywhere.

import type { EventSink } from '../events';
import { LruPager } from './lruPager';
import { OptPager } from './optPager';
import type { Pager, Policy } from './pager';
import type { ReferenceString } from './referenceString';
import { ClockPager, FifoPager } from './ringPagers';

interface PagerOptions {
  policy: Policy;
  /** Resident pages. */
  frames: number;
  /** Pages of the address space. */
  pageCount: number;
  /** Slots (or words) per page: a reference to slot s is to page floor(s / itemsPerPage). */
  itemsPerPage: number;
  /** Where `touch` and `evict` events go. */
  sink?: EventSink | null;
  /**
   * OPT only, and required there: the run's page references, recorded beforehand (a
   * ReferenceStringRecorder on a first pass, or referenceStringOf). The pager checks each reference against it.
   */
  future?: ReferenceString | null;
}

export function makePager(options: PagerOptions): Pager {
  const { frames, pageCount, itemsPerPage } = options;
  const sink = options.sink ?? null;
  switch (options.policy) {
    case 'lru':
      return new LruPager(frames, pageCount, itemsPerPage, sink);
    case 'fifo':
      return new FifoPager(frames, pageCount, itemsPerPage, sink);
    case 'clock':
      return new ClockPager(frames, pageCount, itemsPerPage, sink);
    case 'opt': {
      const future = options.future ?? null;
      if (future === null) {
        throw new Error('the OPT pager needs the future: the run recorded beforehand (future)');
      }
      return new OptPager(frames, pageCount, itemsPerPage, future, sink);
    }
  }
}
