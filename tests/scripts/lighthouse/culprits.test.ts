// The lists below the table: which elements shifted, which tasks blocked.

import { describe, expect, it } from 'vitest';
import {
  CULPRITS_SHOWN,
  formatFailedAudits,
  formatLayoutShifts,
  formatLongTasks,
  scriptName,
  shiftedElements,
} from '../../../scripts/lighthouse/culprits';
import { LIGHTHOUSE_PAGES } from '../../../scripts/lighthouse/pages';
import type { PageRow } from '../../../scripts/lighthouse/table';
import { result } from './runs';

const [first, tour1] = LIGHTHOUSE_PAGES;
const shift = (element: string, score: number, causes: string[] = []) => ({
  element,
  label: `${element}\n  text`,
  score,
  causes,
});

describe('shifted elements', () => {
  it('group an element’s shifts, summing their scores, largest first', () => {
    const grouped = shiftedElements([
      shift('span.readout', 0.001, ['Web font loaded']),
      shift('main.stage', 0.139),
      shift('span.readout', 0.002, ['Web font loaded']),
    ]);
    expect(grouped.map((element) => [element.element, element.shifts])).toEqual([
      ['main.stage', 1],
      ['span.readout', 2],
    ]);
    expect(grouped[1].score).toBeCloseTo(0.003);
    expect(grouped[1].causes).toEqual(['Web font loaded']);
  });
});

describe('the layout-shift list', () => {
  it('names the pages and presets with CLS above 0, with their elements', () => {
    const rows: PageRow[] = [
      {
        page: first,
        mobile: result({ cls: 0 }),
        desktop: result({
          cls: 0.732,
          layoutShifts: [shift('aside.sidebar', 0.724, ['Injected iframe'])],
        }),
      },
      { page: tour1, mobile: result({ cls: 0 }) },
    ];
    const lines = formatLayoutShifts(rows);
    expect(lines.slice(1)).toEqual([
      '- first visit (tour scene 1), desktop, CLS 0.732:',
      '  - 0.724 `aside.sidebar` “aside.sidebar text”; cause: Injected iframe',
    ]);
  });

  it(`shows at most ${CULPRITS_SHOWN} elements a page`, () => {
    const shifts = Array.from({ length: 9 }, (_, index) =>
      shift(`div.n${index}`, 0.01 * (index + 1)),
    );
    const lines = formatLayoutShifts([
      { page: first, mobile: result({ cls: 0.3, layoutShifts: shifts }) },
    ]);
    expect(lines).toHaveLength(2 + CULPRITS_SHOWN);
    expect(lines[2]).toContain('`div.n8`');
  });

  it('says so when no page shifted', () => {
    expect(formatLayoutShifts([{ page: first, mobile: result() }])).toEqual([
      'Layout shifts: none (CLS 0 on every page audited).',
    ]);
  });
});

describe('the long-task list', () => {
  it('gives the longest tasks of each page with TBT above 0, with their scripts', () => {
    const tasks = [
      { url: 'http://127.0.0.1:4000/assets/index-x.js', startMs: 1_971.6, durationMs: 1_803 },
      { url: 'Unattributable', startMs: 635, durationMs: 101 },
    ];
    const lines = formatLongTasks([
      { page: first, mobile: result({ tbtMs: 1_615, longTasks: tasks }), desktop: result() },
    ]);
    expect(lines.slice(1)).toEqual([
      '- first visit (tour scene 1), mobile, TBT 1,615 ms: 1,803 ms at 1,972 ms (assets/index-x.js), 101 ms at 635 ms (Unattributable)',
    ]);
  });

  it('says so when no page blocked', () => {
    expect(formatLongTasks([{ page: first, desktop: result() }])).toEqual([
      'Long main-thread tasks: TBT 0 on every page audited.',
    ]);
  });
});

describe('a task’s script', () => {
  it('is its path on the server, without the origin whose port changes', () => {
    expect(scriptName('http://127.0.0.1:41234/assets/index-r3f.js')).toBe('assets/index-r3f.js');
    expect(scriptName('Unattributable')).toBe('Unattributable');
  });

  it('is “the document” with its query for a task of the page itself', () => {
    expect(scriptName('http://127.0.0.1:41234/?tour=3')).toBe('the document ?tour=3');
    expect(scriptName('http://127.0.0.1:41234/')).toBe('the document');
  });
});

describe('the failed-audit list', () => {
  it('names each page and preset with a failed accessibility or best-practice audit', () => {
    const contrast = {
      category: 'accessibility' as const,
      id: 'color-contrast',
      title: 'Contrast is too low',
      elements: ['p.caption', 'span.note'],
    };
    const lines = formatFailedAudits([
      { page: first, mobile: result({ failedAudits: [contrast] }), desktop: result() },
    ]);
    expect(lines.slice(1)).toEqual([
      '- first visit (tour scene 1), mobile: accessibility `color-contrast` (Contrast is too low) at `p.caption`, `span.note`',
    ]);
  });

  it('says so when every audit passed', () => {
    expect(formatFailedAudits([{ page: first, mobile: result() }])).toEqual([
      'Failed audits: none in accessibility or best practices.',
    ]);
  });
});
