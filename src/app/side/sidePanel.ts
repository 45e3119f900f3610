// One side of the comparison: title, counters, page grid and tree, for whichever structure the
// scenario puts on that side.

import type { SimEvent } from '../../core/events';
import { formatCount, formatDuration } from '../../core/explain/numbers';
import type { Policy } from '../../core/memory/pager';
import type { SideName } from '../../core/replay/side';
import type { ViewState } from '../../core/replay/viewState';
import { STRUCTURES, type StructureKind } from '../../core/structures/registry';
import { ArrayStrip } from '../../view/array/arrayStrip';
import { PageGridView } from '../../view/pages/pageGrid';
import { ResidentStrip } from '../../view/pages/residentStrip';
import { TreeView } from '../../view/tree/treeView';
import { el, setText } from '../browser/dom';
import type { CounterSize } from '../frame/frameModel';
import { COUNTERS, distanceLabel } from './sideCounters';
import type { SideNumbers } from './sideNumbers';

/** One line under each title: the idea that decides where the structure's pages go. */
const SIDE_NOTES: Record<StructureKind, string> = {
  binary: 'children of u at 2u, 2u+1: a new page per level',
  bheap: 'each page holds a subtree, filled vertically',
  'bheap-strict': 'each later page a strict subtree: offsets 0, 1 empty',
  dary4: '4 children side by side: fewer levels, one page per sibling group',
  dary8: '8 children side by side: fewer levels still, more compares per level',
  list: 'sorted by key: insert walks the list, removal unlinks in O(1)',
  treap: 'search tree shaped by random priorities; nodes wherever the allocator put them',
  llrb: 'left-leaning red-black tree: balanced, no parent links',
  rb: 'red-black tree with parent links: balanced, fix-up from the bottom',
};

/** What the numbers in the grid's resident pages are, by policy. */
const PAGES_TITLE: Record<Policy, string> = {
  lru: 'Pages · number: LRU rank (1 = most recent)',
  fifo: 'Pages (FIFO) · number: load order (1 = next out)',
  clock: 'Pages (CLOCK) · ● reference bit set, ○ clear, ▸ the hand',
  opt: 'Pages (OPT) · number: references until next use (∞ never)',
};

export class SidePanel {
  readonly root: HTMLElement;
  readonly grid: PageGridView;
  /** A large run's resident pages, readable where the grid's cells are specks. */
  readonly resident: ResidentStrip;
  readonly tree: TreeView;
  readonly strip: ArrayStrip;
  private readonly stripTitle: HTMLElement;
  /** The grid's heading says what the numbers in its pages mean under the policy. */
  private readonly pagesTitle: HTMLElement;
  private readonly counterCells = new Map<string, HTMLElement>();
  private readonly counters: HTMLElement;
  private readonly timeCell: HTMLElement;
  private readonly opCell: HTMLElement;
  /** The current reference's stack distance: a number, "new" for a first touch, "—" otherwise. */
  private readonly distanceCell: HTMLElement;
  private readonly distanceLine: HTMLElement;
  private readonly title: HTMLElement;
  private readonly note: HTMLElement;
  private readonly swapLabel: HTMLElement;
  /**
   * The side's sentence beside its tree: shown where the sidebar is out of sight (presenter mode,
   * a phone's lab, an embed's status line).
   */
  private readonly narration: HTMLElement;
  private kind: StructureKind | null = null;
  /**
   * Whether the side has a box (null: not known yet). A phone's chart scene makes the chart its
   * figure and takes the sides out of the layout (display: none); drawing their grid, strip and
   * tree there took 60-100 ms of a phone's CPU on load, for nothing seen.
   */
  private laidOut: boolean | null = null;
  /** The drawing skipped while the side had no box, done when it has one again. */
  private waiting: (() => void) | null = null;
  /**
   * Hears the side gain or lose its box. A side out of the layout from the start is reported
   * only when it first gets one; its drawing is done then, after that frame's layout and before
   * its paint, so it never shows empty.
   */
  private readonly boxWatch = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (box === undefined) return;
    this.laidOut = box.width > 0 || box.height > 0;
    const draw = this.waiting;
    if (!this.laidOut || draw === null) return;
    this.waiting = null;
    draw();
  });

  constructor(
    readonly side: SideName,
    onHoverPage: (page: number | null) => void,
  ) {
    const counters = el('dl', { class: 'counters' });
    this.swapLabel = el('dt', {}, ['swaps']);
    for (const counter of COUNTERS) {
      const value = el('dd', { 'data-testid': `${counter.stem}-${side}` }, ['0']);
      this.counterCells.set(counter.stem, value);
      const label = counter.stem === 'swaps' ? this.swapLabel : el('dt', {}, [counter.label]);
      counters.append(el('div', { class: `counter counter-${counter.stem}` }, [label, value]));
    }
    this.timeCell = el('dd', { 'data-testid': `time-${side}` }, ['0']);
    counters.append(
      el('div', { class: 'counter counter-time' }, [
        el(
          'dt',
          {
            title:
              'CPU (the article’s calibration; for structures it did not time, 17.8 ns per word access) + transfers × I/O latency',
          },
          ['sim. time'],
        ),
        this.timeCell,
      ]),
    );
    this.opCell = el('p', { class: 'side-op' }, ['']);
    this.distanceCell = el('b', { 'data-testid': `stack-distance-${side}` }, ['—']);
    this.distanceLine = el(
      'p',
      {
        class: 'side-distance',
        title:
          'How many pages were used since this page was last used, plus one (LRU stack distance): the reference hits with at least that many resident pages',
      },
      ['stack distance ', this.distanceCell],
    );
    const gridBox = el('div', { class: 'grid-box' });
    this.pagesTitle = el('h3', { class: 'box-title' }, [PAGES_TITLE.lru]);
    const treeBox = el('div', { class: 'tree-box' });
    const stripBox = el('div', { class: 'array-box' });
    this.stripTitle = el('h3', { class: 'box-title strip-title' }, ['Memory']);
    this.title = el('h2', { 'data-testid': `title-${side}` }, ['']);
    this.narration = el('p', {
      class: 'side-narration',
      'data-testid': `side-narration-${side}`,
      'aria-hidden': 'true',
    });
    this.note = el('span', { class: 'side-note' }, ['']);
    this.counters = counters;
    this.resident = new ResidentStrip(`resident-${side}`);
    this.root = el('section', { class: `side side-${side}` }, [
      el('header', { class: 'side-head' }, [this.title, this.note]),
      counters,
      el('div', { class: 'side-op-line' }, [this.opCell, this.distanceLine]),
      this.pagesTitle,
      gridBox,
      this.resident.element,
      this.stripTitle,
      stripBox,
      treeBox,
      this.narration,
    ]);
    this.grid = new PageGridView(gridBox, {
      testId: `page-grid-${side}`,
      title: `${side} side pages`,
      onHoverPage,
    });
    this.tree = new TreeView(treeBox, { testId: `tree-${side}`, onHoverPage });
    this.strip = new ArrayStrip(stripBox, `array-${side}`, `${side} side memory`);
    this.boxWatch.observe(this.root);
  }

  /**
   * The rows a run asked for will take, before its first step is drawn (the side is hidden
   * meanwhile): a large run's resident pages, and its counters' two rows (they reach seven
   * digits and more: taken at once, not on whichever later step first passes a million, in the
   * middle of a jump or of play). Drawn a step later, they shrank the tree below and it was
   * drawn a second time (scene 12, the article's run).
   */
  expectRun(pages: number, policy: Policy, large: boolean): void {
    this.counters.classList.toggle('long', large);
    this.withResident(this.resident.expect(pages, policy));
  }

  /**
   * Marks a side that lists its resident pages (a large run, LRU): a phone's stylesheet gives its
   * tree, then the path view of a heap too large to draw whole, the rows that view needs.
   */
  private withResident(shown: boolean): void {
    if (this.root.classList.contains('with-resident') !== shown)
      this.root.classList.toggle('with-resident', shown);
  }

  /** Titles, note and counter names for the structure this side now runs. */
  setStructure(kind: StructureKind): void {
    if (kind === this.kind) return;
    this.kind = kind;
    const title = STRUCTURES[kind].title;
    setText(this.title, title);
    setText(this.note, SIDE_NOTES[kind]);
    this.root.setAttribute('aria-label', `${this.side} side: ${title}`);
    this.root.dataset.structure = kind;
    const heap = STRUCTURES[kind].family === 'heap';
    setText(this.swapLabel, heap ? 'swaps' : 'rotations');
    const strip = heap
      ? 'Memory: slots page by page, coloured by tree level'
      : 'Memory: words page by page, coloured by depth';
    setText(this.stripTitle, strip);
    // A narrow side cuts a title short: its whole text stays a hover away.
    this.stripTitle.title = strip;
  }

  /** The policy the side's pager runs: the grid's heading says what its numbers are. */
  setPolicy(policy: Policy): void {
    setText(this.pagesTitle, PAGES_TITLE[policy]);
    this.pagesTitle.title = PAGES_TITLE[policy];
  }

  /**
   * The step's sentence for this side (the sidebar says it too; the live region reads that). Its
   * structure's name, which opens it, is a span of its own: where the side's title stands just
   * above (an embed's one-line status), the line gives that room to the event. A line cut short
   * keeps the whole sentence in its title.
   */
  say(sentence: string): void {
    if (this.narration.textContent === sentence) return;
    const name = this.kind === null ? '' : `${STRUCTURES[this.kind].title}: `;
    if (name !== '' && sentence.startsWith(name)) {
      this.narration.replaceChildren(
        el('span', { class: 'side-narration-who' }, [name]),
        sentence.slice(name.length),
      );
    } else setText(this.narration, sentence);
    this.narration.title = sentence;
  }

  render(
    view: ViewState,
    event: SimEvent | null,
    numbers: SideNumbers,
    opText: string,
    hoverPage: number | null,
    distance: number | null,
    /** Both sides size their numbers alike (the frame model decides from both). */
    counterSize: CounterSize,
  ): void {
    // Asked once, before the observer's first report, and before this draw changes anything.
    this.laidOut ??= this.root.getClientRects().length > 0;
    const { laidOut } = this;
    for (const counter of COUNTERS) {
      const cell = this.counterCells.get(counter.stem);
      if (cell === undefined) continue;
      setText(cell, formatCount(numbers[counter.key]));
    }
    this.counters.classList.toggle('long', counterSize === 'long');
    // Six digits keep one row in a smaller size: at 1280 px a side's columns are ~63 px wide.
    this.counters.classList.toggle('mid', counterSize === 'mid');
    setText(this.timeCell, formatDuration(numbers.seconds));
    setText(this.opCell, opText);
    setText(this.distanceCell, distanceLabel(distance));
    this.distanceLine.classList.toggle('live', distance !== null);
    const draw = (): void => {
      this.grid.render(view, event, hoverPage === null ? new Set() : new Set([hoverPage]));
      this.resident.render(view, event);
      this.withResident(!this.resident.element.hidden);
      this.strip.render(view, event);
      this.tree.render(view, event, hoverPage);
    };
    if (laidOut) {
      this.waiting = null;
      draw();
    } else this.waiting = draw;
  }
}
