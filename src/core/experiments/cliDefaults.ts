// What `npm run sim` runs where its command line says nothing: the article's scenario (1M items,
// 512 words a page, srandom(1)) on its two heaps, and the Asterisk review's table for `scaling`.
// The parser and its usage text read them here, and so does the page's scaling tab, whose CSV
// is the one the CLI prints for the same structures and sizes.

import { DEFAULT_NODE_BYTES, type StructureKind } from '../structures/registry';
import { FULL_KEY_RANGE, type WorkloadKind } from '../workloads/workloads';
import { ARTICLE_ITEMS, ARTICLE_ITEMS_PER_PAGE } from './article';
import { SSD_MS } from './cost';
import { REVIEW_SIZES } from './review';

export const CLI_DEFAULTS = {
  layouts: ['binary', 'bheap'] as readonly StructureKind[],
  items: ARTICLE_ITEMS,
  itemsPerPage: ARTICLE_ITEMS_PER_PAGE,
  nodeBytes: DEFAULT_NODE_BYTES,
  /** The article's srandom(3) seed. */
  seed: 1,
  /** Raw random(3): keys from [0, 2^31). */
  keyRange: FULL_KEY_RANGE,
  workload: 'phk' as WorkloadKind,
  ioMs: SSD_MS,
  /** The article's timings, not this machine's. */
  cpu: 'article' as const,
  scaling: {
    workload: 'asterisk' as WorkloadKind,
    sizes: REVIEW_SIZES,
    /** The review's malloc/free and lock/unlock cost on every call. */
    overhead: 'review' as const,
  },
};
