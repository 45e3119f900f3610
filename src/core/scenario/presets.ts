// Scenarios the page offers by name (the controls' preset menu; the tour's scenes use them too),
// each a link the page reads with no message.

/** The article's animated example: 48 items in 7 pages of 8 slots, small keys. */
export const FIGURE_HEAPS =
  'v=3&left=binary&right=bheap&items=48&page=8&io=1&seed=1&workload=phk&keys=1000';

/**
 * The article's own run (its Figure 1 footnote): 1M items of random(3) keys, 512 to a 4 KB
 * page (1,954 pages), 9 resident; opened at operation 2,000,001, a popMin in the middle of it.
 */
export const ARTICLE_RUN_LINK =
  'v=3&left=binary&right=bheap&items=1000000&page=512&frames=9&io=1&seed=1&workload=phk&keys=2147483648&op=2000001';

export interface Preset {
  id: string;
  title: string;
  link: string;
}

export const PRESETS: readonly Preset[] = [
  { id: 'article', title: 'The article’s run: 1M items, 9 of 1,954 pages', link: ARTICLE_RUN_LINK },
  {
    id: 'figures',
    title: 'Figures 5 and 6: 48 items, 8 a page',
    link: `${FIGURE_HEAPS}&frames=4&op=49`,
  },
  {
    id: 'pressure',
    title: 'Memory pressure: 3 of 7 pages resident',
    link: `${FIGURE_HEAPS}&frames=3&op=97`,
  },
];
