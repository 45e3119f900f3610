// The tables under the kernel chart: each layout's reads at each room beside the model's LRU (at
// the room, and at the pages the array held where the model's curve is known), and the binary
// heap ÷ B-heap ratios. Every cell is text (textContent): a loaded file's values stay numbers.

import { layoutTitle, type OsKernelRatio } from '../../core/experiments/osKernelReport';
import { type KernelSeries, relative, signedPercent } from '../../core/experiments/osKernelSeries';
import { formatCount } from '../../core/explain/numbers';

function cell(tag: 'td' | 'th', text: string, className = ''): HTMLTableCellElement {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className !== '') element.className = className;
  return element;
}

function table(testId: string, caption: string, headers: readonly string[]): HTMLTableElement {
  const element = document.createElement('table');
  element.className = 'mc-table kc-table';
  element.dataset.testid = testId;
  element.createCaption().textContent = caption;
  const head = element.createTHead().insertRow();
  headers.forEach((text, index) => {
    const th = cell('th', text, index === 0 ? '' : 'num');
    th.scope = 'col';
    head.append(th);
  });
  element.createTBody();
  return element;
}

/** "1,076,945 (+12.6%)": the model's count and how far the kernel's is from it. */
function versus(kernel: number, model: number | null): string {
  if (model === null) return '—';
  const distance = relative(kernel, model);
  return `${formatCount(model)}${distance === null ? '' : ` (${signedPercent(distance)})`}`;
}

const times = (value: number | null): string => (value === null ? '—' : `${value.toFixed(2)}×`);

export class KernelTables {
  readonly element: HTMLElement;
  private readonly rows: HTMLTableElement;
  private readonly ratios: HTMLTableElement;

  constructor() {
    this.rows = table(
      'kernel-table',
      'Pages read under the kernel’s pager, and the model’s LRU page-ins (the kernel’s distance from them in brackets)',
      [
        'layout',
        'room',
        'kernel read',
        'LRU at the room',
        'held (mean)',
        'LRU at the held pages',
        'wall time',
      ],
    );
    this.ratios = table('kernel-ratios', 'Binary heap ÷ B-heap at each room', [
      'room',
      'pages read',
      'the model’s LRU',
      'wall time',
      'CPU time',
    ]);
    // Wide tables scroll inside their own box, not the tab.
    this.element = document.createElement('div');
    this.element.className = 'kc-tables';
    // A box that may scroll sideways: reachable by keyboard (Tab, then the arrow keys).
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'region');
    this.element.setAttribute('aria-label', 'The measurement under the kernel’s pager in tables');
    this.element.append(this.rows, this.ratios);
  }

  show(series: readonly KernelSeries[], ratios: readonly OsKernelRatio[]): void {
    this.rows.tBodies[0].replaceChildren(
      ...series.flatMap((s) =>
        s.points.map((p) => {
          const tr = document.createElement('tr');
          tr.dataset.layout = s.layout;
          const name = cell('th', layoutTitle(s.layout), `series-k-${s.layout}`);
          name.scope = 'row';
          tr.append(
            name,
            cell('td', formatCount(p.memoryPages), 'num'),
            cell('td', formatCount(p.pagesRead), 'num'),
            cell('td', versus(p.pagesRead, p.lruAtRoom), 'num'),
            cell('td', formatCount(p.heldPages), 'num'),
            cell('td', versus(p.pagesRead, p.lruAtHeld), 'num'),
            cell('td', `${formatCount(p.wallSeconds)} s`, 'num'),
          );
          return tr;
        }),
      ),
    );
    this.ratios.hidden = ratios.length === 0;
    this.ratios.tBodies[0].replaceChildren(
      ...ratios.map((r) => {
        const tr = document.createElement('tr');
        const room = cell('th', formatCount(r.memoryPages));
        room.scope = 'row';
        tr.append(
          room,
          cell('td', times(r.pagesRead), 'num'),
          cell('td', times(r.modelLru), 'num'),
          cell('td', times(r.wallTime), 'num'),
          cell('td', times(r.cpuTime), 'num'),
        );
        return tr;
      }),
    );
  }
}
