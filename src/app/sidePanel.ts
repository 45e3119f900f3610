// One side of the comparison: title, counters, page grid and tree, for one layout.

import type { SimEvent } from '../core/events';
import type { LayoutKind } from '../core/layout';
import type { ViewState } from '../core/replay';
import { PageGridView } from '../view/pageGrid';
import { TreeView } from '../view/treeView';
import { el, setText } from './dom';

export const SIDE_TITLES: Record<LayoutKind, string> = {
  binary: 'Binary heap',
  bheap: 'B-heap',
};

const SIDE_NOTES: Record<LayoutKind, string> = {
  binary: 'children of u at 2u, 2u+1: a new page per level',
  bheap: 'each page holds a subtree, filled vertically',
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

  constructor(
    readonly kind: LayoutKind,
    onHoverPage: (page: number | null) => void,
  ) {
    const counters = el('dl', { class: 'counters' });
    for (const counter of COUNTERS) {
      const value = el('dd', { 'data-testid': `${counter.stem}-${kind}` }, ['0']);
      this.counterCells.set(counter.stem, value);
      counters.append(el('div', { class: 'counter' }, [el('dt', {}, [counter.label]), value]));
    }
    this.timeCell = el('dd', { 'data-testid': `time-${kind}` }, ['0']);
    counters.append(
      el('div', { class: 'counter counter-time' }, [
        el('dt', { title: 'CPU (article calibration) + transfers × I/O latency' }, ['sim. time']),
        this.timeCell,
      ]),
    );
    this.opCell = el('p', { class: 'side-op' }, ['']);
    const gridBox = el('div', { class: 'grid-box' });
    const treeBox = el('div', { class: 'tree-box' });
    this.root = el('section', { class: `side side-${kind}`, 'aria-label': SIDE_TITLES[kind] }, [
      el('header', { class: 'side-head' }, [
        el('h2', {}, [SIDE_TITLES[kind]]),
        el('span', { class: 'side-note' }, [SIDE_NOTES[kind]]),
      ]),
      counters,
      this.opCell,
      el('h3', { class: 'box-title' }, ['Pages']),
      gridBox,
      el('h3', { class: 'box-title' }, ['Tree (boxed by page)']),
      treeBox,
    ]);
    this.grid = new PageGridView(gridBox, {
      testId: `page-grid-${kind}`,
      title: `${SIDE_TITLES[kind]} pages`,
      onHoverPage,
    });
    this.tree = new TreeView(treeBox, { testId: `tree-${kind}`, onHoverPage });
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
      if (cell !== undefined) setText(cell, String(numbers[counter.stem]));
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
