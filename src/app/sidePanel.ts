// One side of the comparison: title, counters, page grid and tree, for whichever structure the
// scenario puts on that side.

import type { SimEvent } from '../core/events';
import type { SideName, ViewState } from '../core/replay';
import { STRUCTURES, type StructureKind } from '../core/structures';
import { PageGridView } from '../view/pageGrid';
import { TreeView } from '../view/treeView';
import { el, setText } from './dom';

/** One line under each title: the idea that decides where the structure's pages go. */
const SIDE_NOTES: Record<StructureKind, string> = {
  binary: 'children of u at 2u, 2u+1: a new page per level',
  bheap: 'each page holds a subtree, filled vertically',
  dary4: '4 children side by side: fewer levels, one page per sibling group',
  dary8: '8 children side by side: fewer levels still, more compares per level',
  list: 'sorted by key: insert walks the list, removal unlinks in O(1)',
  treap: 'search tree shaped by random priorities; nodes wherever the allocator put them',
  llrb: 'left-leaning red-black tree: balanced, no parent links',
  rb: 'red-black tree with parent links: balanced, fix-up from the bottom',
};

/** Counter fields shown per side, with their data-testid stem. */
export const COUNTERS = [
  { stem: 'comparisons', label: 'compares' },
  { stem: 'swaps', label: 'swaps' },
  { stem: 'pageins', label: 'page-ins' },
  { stem: 'writebacks', label: 'write-backs' },
  { stem: 'zerofill', label: 'zero-fills' },
] as const;

export interface SideNumbers {
  comparisons: number;
  swaps: number;
  pageins: number;
  writebacks: number;
  zerofill: number;
  seconds: number;
}

export class SidePanel {
  readonly root: HTMLElement;
  readonly grid: PageGridView;
  readonly tree: TreeView;
  private readonly counterCells = new Map<string, HTMLElement>();
  private readonly timeCell: HTMLElement;
  private readonly opCell: HTMLElement;
  private readonly title: HTMLElement;
  private readonly note: HTMLElement;
  private readonly swapLabel: HTMLElement;
  private kind: StructureKind | null = null;

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
      counters.append(el('div', { class: 'counter' }, [label, value]));
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
    const gridBox = el('div', { class: 'grid-box' });
    const treeBox = el('div', { class: 'tree-box' });
    this.title = el('h2', { 'data-testid': `title-${side}` }, ['']);
    this.note = el('span', { class: 'side-note' }, ['']);
    this.root = el('section', { class: `side side-${side}` }, [
      el('header', { class: 'side-head' }, [this.title, this.note]),
      counters,
      this.opCell,
      el('h3', { class: 'box-title' }, ['Pages']),
      gridBox,
      el('h3', { class: 'box-title' }, ['Tree (boxed by page)']),
      treeBox,
    ]);
    this.grid = new PageGridView(gridBox, {
      testId: `page-grid-${side}`,
      title: `${side} side pages`,
      onHoverPage,
    });
    this.tree = new TreeView(treeBox, { testId: `tree-${side}`, onHoverPage });
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
    setText(this.swapLabel, STRUCTURES[kind].family === 'heap' ? 'swaps' : 'rotations');
  }

  render(
    view: ViewState,
    event: SimEvent | null,
    numbers: SideNumbers,
    opText: string,
    hoverPage: number | null,
  ): void {
    for (const counter of COUNTERS) {
      const cell = this.counterCells.get(counter.stem);
      if (cell === undefined) continue;
      const text = String(numbers[counter.stem]);
      setText(cell, text);
      cell.classList.toggle('long', text.length > 6);
    }
    setText(this.timeCell, formatSeconds(numbers.seconds));
    setText(this.opCell, opText);
    this.grid.render(view, event, hoverPage === null ? new Set() : new Set([hoverPage]));
    this.tree.render(view, event, hoverPage);
  }
}

export function formatSeconds(seconds: number): string {
  if (seconds === 0) return '0 s';
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(1)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(2)} ms`;
  return `${seconds.toFixed(3)} s`;
}
