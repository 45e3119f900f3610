// The resident pages of a large run, readable from the back of a room: one chip per page in
// memory, most recently used first, the step's page marked with what happened to it, and the page
// it evicted after them, struck out. The grid beside it stays the overview; at 1,954 pages its
// cells are specks (issue: "nobody in a room can see a page come in or go out").

import type { SimEvent } from '../../core/events';
import { formatCount } from '../../core/explain/numbers';
import { type ResidentRow, residentRow } from '../../core/explain/residentSet';
import type { Policy } from '../../core/memory/pager';
import type { ViewState } from '../../core/replay/viewState';

/** From this many pages on, the grid's cells are too small to read: the strip shows. */
export const STRIP_FROM_PAGES = 128;
/** Most chips drawn: the article's runs keep 8 to 10 pages resident. */
const MAX_CHIPS = 16;

const MARK_TEXT: Record<string, string> = {
  hit: 'hit',
  'page-in': '↓in',
  'zero-fill': 'new',
};

export class ResidentStrip {
  readonly element: HTMLElement;
  private readonly list: HTMLOListElement;
  /** What the last render drew, so a step that changes nothing rewrites nothing. */
  private drawn = '';

  constructor(testId: string) {
    this.list = document.createElement('ol');
    this.list.className = 'resident-chips';
    this.element = document.createElement('div');
    this.element.className = 'resident-strip';
    this.element.setAttribute('data-testid', testId);
    this.element.hidden = true;
    const label = document.createElement('span');
    label.className = 'resident-label';
    label.textContent = 'In memory';
    label.title = 'The resident pages, most recently used first; the step’s page is marked';
    this.element.append(label, this.list);
  }

  /**
   * Takes its row (or gives it up) for a run of `pages` under `policy` before its first step
   * is drawn: the tree below is then laid out, and drawn, once.
   */
  expect(pages: number, policy: Policy): boolean {
    const shown = pages >= STRIP_FROM_PAGES && policy === 'lru';
    if (this.element.hidden === shown) this.element.hidden = !shown;
    return shown;
  }

  render(view: ViewState, event: SimEvent | null): void {
    if (!this.expect(view.pages, view.policy)) return;
    const reference = event?.kind === 'touch' ? event : null;
    const row = residentRow(
      view.lruOrder(),
      (page) => view.pageStateOf(page) === 'dirty',
      reference,
      MAX_CHIPS,
    );
    const key = JSON.stringify(row);
    if (key === this.drawn) return;
    this.drawn = key;
    this.draw(row);
  }

  private draw(row: ResidentRow): void {
    const items: HTMLLIElement[] = row.chips.map((chip) => {
      const item = document.createElement('li');
      item.className = `resident-chip${chip.dirty ? ' dirty' : ''}${chip.mark === null ? '' : ` mark-${chip.mark}`}`;
      item.dataset.page = String(chip.page);
      item.textContent = formatCount(chip.page);
      if (chip.mark !== null) item.append(badge(MARK_TEXT[chip.mark]));
      item.title = `page ${formatCount(chip.page)}: rank ${chip.rank}${chip.dirty ? ', dirty' : ''}`;
      return item;
    });
    if (row.hidden > 0) {
      const more = document.createElement('li');
      more.className = 'resident-more';
      more.textContent = `+${formatCount(row.hidden)}`;
      items.push(more);
    }
    if (row.evicted !== null) {
      const out = document.createElement('li');
      out.className = `resident-chip evicted${row.evicted.writeBack ? ' written' : ''}`;
      out.dataset.page = String(row.evicted.page);
      const page = document.createElement('s');
      page.textContent = formatCount(row.evicted.page);
      out.append(page, badge(row.evicted.writeBack ? '↑out' : 'out'));
      out.title = `page ${formatCount(row.evicted.page)} evicted${row.evicted.writeBack ? ' and written back' : ''}`;
      items.push(out);
    }
    this.list.replaceChildren(...items);
    const evicted =
      row.evicted === null
        ? ''
        : `; page ${formatCount(row.evicted.page)} evicted${row.evicted.writeBack ? ', written back' : ''}`;
    this.element.setAttribute(
      'aria-label',
      `In memory, most recently used first: ${row.chips.map((chip) => formatCount(chip.page)).join(', ')}${evicted}`,
    );
  }
}

function badge(text: string): HTMLElement {
  const mark = document.createElement('span');
  mark.className = 'resident-badge';
  mark.textContent = text;
  return mark;
}
