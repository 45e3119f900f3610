// The table under the machine chart: at the crosshair's N, each layout's measured time, its
// range, the model's time and the modelled misses per operation at each level.

import { formatN, type MachineRow } from '../../core/experiments/machineReport';
import { formatCount } from '../../core/explain/numbers';
import { MACHINE_LAYOUT_INFO } from '../../core/measure/machineLayouts';

const HEADERS = ['layout', 'median ns', 'range', 'model ns', 'L1', 'L2', 'L3', 'TLB'];

/** ns with three significant digits, no unit (the header has it): "41.3", "1240". */
function ns(value: number): string {
  return value >= 1000 ? String(Math.round(value)) : String(Number(value.toPrecision(3)));
}

function cell(tag: 'td' | 'th', text: string, className = ''): HTMLTableCellElement {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className !== '') element.className = className;
  return element;
}

export class MachineTable {
  readonly element: HTMLTableElement;
  private readonly caption: HTMLTableCaptionElement;
  private readonly body: HTMLTableSectionElement;

  constructor(testId: string) {
    this.element = document.createElement('table');
    this.element.className = 'mc-table';
    this.element.dataset.testid = testId;
    this.caption = this.element.createCaption();
    const head = this.element.createTHead().insertRow();
    HEADERS.forEach((text, index) => {
      const th = cell('th', text, index === 0 ? '' : 'num');
      th.scope = 'col';
      head.append(th);
    });
    this.body = this.element.createTBody();
    this.element.hidden = true;
  }

  /** Shows the rows at N = items (null hides the table). */
  show(rows: readonly MachineRow[], items: number | null): void {
    const at = items === null ? [] : rows.filter((row) => row.items === items);
    this.element.hidden = at.length === 0;
    if (items === null || at.length === 0) return;
    this.caption.textContent = `At N = ${formatN(items)} (${formatCount(items)}): ns per operation (median, fastest–slowest repetition, the model's) and the model's misses per operation at each level`;
    this.body.replaceChildren(
      ...at.map((row) => {
        const tr = document.createElement('tr');
        tr.dataset.layout = row.layout;
        const m = row.model;
        const name = cell('th', MACHINE_LAYOUT_INFO[row.layout].title, `series-k-${row.layout}`);
        name.scope = 'row';
        tr.append(
          name,
          cell('td', ns(row.medianNs), 'num'),
          cell('td', `${ns(row.minNs)}–${ns(row.maxNs)}`, 'num'),
          cell('td', m === null ? '—' : ns(m.predictedNs), 'num'),
          cell('td', m === null ? '—' : m.misses.l1.toFixed(2), 'num'),
          cell('td', m === null ? '—' : m.misses.l2.toFixed(2), 'num'),
          cell('td', m === null ? '—' : m.misses.l3.toFixed(3), 'num'),
          cell('td', m === null ? '—' : m.misses.tlb.toFixed(3), 'num'),
        );
        return tr;
      }),
    );
  }
}
