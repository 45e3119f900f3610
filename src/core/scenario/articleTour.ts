// The built-in tour: Kamp's article ("You're Doing It Wrong", ACM Queue 2010) told in scenes.
// Each scene is a live state of the page, written as a link (operations are named with op=, so
// a scene holds whatever the step numbering), with a caption of one to three sentences and the
// figure or passage it stands for. The numbers in the captions are the model's: npm run
// reproduce prints the 1M-item ones, tests/core/scenario/articleTour.test.ts checks the rest.

import { ARTICLE_RUN_LINK, FIGURE_HEAPS } from './presets';
import type { Tour } from './tourFormat';

/** The animated scenes' scenario: the article's 8 items per page, 48 items in 7 pages. */
const HEAPS = FIGURE_HEAPS;
/** The curves' run: the article's (1M items, 512 per page, seed 1, random(3) keys). */
const ARTICLE_RUN = 'citems=1000000&cpage=512&cseed=1&cwork=phk&ckeys=2147483648';

export const ARTICLE_TOUR: Tour = {
  title: "You're Doing It Wrong: the binary heap against the B-heap",
  scenes: [
    {
      title: 'The claim',
      caption:
        'One million items in 1,954 pages of 4 KB, and only 9 of them resident: the binary heap needs about 11.8 page transfers per operation, the B-heap 1.14. Ten times fewer, for the same work.',
      source: 'The article: "11.5 page transfers per operation … only 1.14"',
      link: `${HEAPS}&frames=4&op=49&panel=curves&preset=fig2&${ARTICLE_RUN}&cmode=transfers&cunit=resident&cread=9`,
    },
    {
      title: 'Figure 5: the binary heap',
      caption:
        'The textbook heap keeps the children of slot u in slots 2u and 2u + 1. With 8 slots to a page, every level below the first page lies on a new page: a path from the root to a leaf crosses a page boundary at almost every step. The numbers are slots, the order the heap fills them, not keys.',
      source: 'Figure 5',
      link: `${HEAPS}&frames=4&op=49&tree=slots&focus=left`,
    },
    {
      title: 'Figure 6: the B-heap',
      caption:
        'The B-heap fills each page vertically with a small subtree, so a path down the tree stays inside one page for several levels before it crosses to the next.',
      source: 'Figure 6',
      link: `${HEAPS}&frames=4&op=49&tree=slots&focus=right`,
    },
    {
      title: 'One sift-down on each side',
      caption:
        'The first pop: the last item moves to the root and sinks. Step through it (→, or the step button): the binary heap crosses to a new page at every level, the B-heap stays in one page for several.',
      source: 'The article: "(almost) all vertical traversals hit a different VM page"',
      link: `${HEAPS}&frames=4&op=49`,
    },
    {
      title: 'Both children in one page',
      caption:
        'Leaving a page through the bottom, a slot’s two children go in the first two slots of one new page, because they are compared with each other. Each of those has a single child, so the tree fails to expand for one generation every time it enters a page.',
      source: 'The article: "both child nodes live in the same VM page"',
      link: `${HEAPS}&frames=4&op=49&tree=slots&focus=right&hl=entry`,
    },
    {
      title: 'Memory pressure',
      caption:
        'Only 3 of the 7 pages stay resident. Every page read back in (page-in) and every dirty page written out (write-back) is a transfer; the chart below counts them operation by operation as the two heaps do the same work. Press Play.',
      source: 'The article: "the kernel paged it out to secondary storage"',
      link: `${HEAPS}&frames=3&op=97&subject=pages`,
    },
    {
      title: 'Figure 1: the whole range',
      caption:
        'Run time against VM pressure, from everything paged out (left) to nothing missing (right), on a log scale, and their ratio. The B-heap wins wherever pages go missing.',
      source: 'Figure 1',
      link: `${HEAPS}&frames=4&op=49&panel=curves&preset=fig1&${ARTICLE_RUN}&cmode=time&cunit=resident`,
    },
    {
      title: 'Figure 2: heavy pressure',
      caption:
        'Zoomed in on the left: with only 8 to 10 of the 1,954 pages resident, the binary heap takes about ten times as long. The readout stands at 9 resident pages.',
      source: 'Figure 2',
      link: `${HEAPS}&frames=4&op=49&panel=curves&preset=fig2&${ARTICLE_RUN}&cmode=time&cunit=resident&cread=9`,
    },
    {
      title: 'Figure 3: light pressure',
      caption:
        'At the other end, with every page resident, the B-heap is about 30% slower: more comparisons, a more involved index calculation. With four pages missing it catches up.',
      source: 'Figure 3',
      link: `${HEAPS}&frames=4&op=49&panel=curves&preset=fig3&${ARTICLE_RUN}&cmode=time&cunit=resident&cread=1950`,
    },
    {
      title: 'Figure 4: a mechanical disk',
      caption:
        'With 10 ms per transfer instead of 1 ms, the B-heap is ahead as soon as the kernel takes a single page away from the 1,954.',
      source: 'Figure 4',
      link: `${HEAPS}&frames=4&op=49&panel=curves&preset=fig4&${ARTICLE_RUN}&cmode=time&cunit=resident&cread=1953`,
    },
    {
      title: 'Beyond the article: timer queues',
      caption:
        'In 2009 Asterisk replaced its scheduler’s sorted list with a binary heap. Cost per operation against N: at 100 entries the two are alike; at 100,000 the heap is hundreds of times cheaper.',
      source: 'The Asterisk review (Review Request #160)',
      // No B-heap here: with nothing paged out its line lies on the binary heap's (3.78 against
      // 3.79 µs at 100,000), and hid the heap the caption names.
      link: `${HEAPS}&frames=4&op=49&panel=scaling&skinds=list,binary,treap,rb&squant=total&sover=review`,
    },
    {
      title: 'The article’s own run, watched',
      caption:
        'Kamp’s run itself, a million items with 9 of 1,954 pages resident, at its operation 2,000,001: a pop. Step through it (→, or the step button): the binary heap pages in 12 pages and writes 12 back, the B-heap 2 and 2.',
      source: 'The article: "only 8 to 10 pages of the 1954 pages allocated are in primary memory"',
      link: ARTICLE_RUN_LINK,
    },
    {
      title: 'A real kernel agrees',
      caption:
        'The article’s run under Linux’s own pager (a file mapping in a memory cgroup), with 256 to 1,500 pages of room: at each room the B-heap read 2.2–4.1× fewer pages and finished 1.9–4.3× sooner, and the kernel’s reads were within about 1% of the model’s LRU at the pages the array held for the B-heap.',
      source: 'Measured on this project’s machine (docs/kernel.md): npm run sim -- kernel',
      link: `${HEAPS}&frames=4&op=49&panel=machine&mpart=kernel`,
    },
  ],
};
