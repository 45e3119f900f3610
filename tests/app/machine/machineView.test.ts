// What the machine tab shows of a measurement, worked out without a page: whether settings need
// new runs, the chart's data, the summary, the notes and the exported files.

import { describe, expect, it } from 'vitest';
import {
  machineChartData,
  machineFile,
  machineNote,
  modelHelp,
  sameRuns,
  summaryOf,
} from '../../../src/app/machine/machineView';
import { DEFAULT_MACHINE } from '../../../src/core/experiments/machine';
import {
  DIVERGENCE_HEADING,
  type MachineRow,
  toMachineCsv,
  toMachineJson,
  VERSUS_HEADING,
} from '../../../src/core/experiments/machineReport';
import { row } from '../../view/machine/rows';

describe('the machine tab', () => {
  it('needs no new run for another hierarchy, and one for other repetitions', () => {
    const other = { ...DEFAULT_MACHINE, hierarchy: { ...DEFAULT_MACHINE.hierarchy, l1Bytes: 1 } };
    expect(sameRuns(DEFAULT_MACHINE, other)).toBe(true);
    expect(sameRuns(DEFAULT_MACHINE, { ...DEFAULT_MACHINE, reps: 3 })).toBe(false);
  });

  it('names its files by workload and form, and its note by the runs shown', () => {
    const measured = { settings: DEFAULT_MACHINE, points: [], predictions: [], finished: true };
    expect(machineFile('json', measured, [], DEFAULT_MACHINE).name).toBe(
      'bheap-machine-phk-key.json',
    );
    const shown = { ...measured, settings: { ...DEFAULT_MACHINE, reps: 3 } };
    expect(machineNote(DEFAULT_MACHINE, shown)).toContain('--reps 3');
  });
});

describe('machineChartData', () => {
  it('titles the chart by workload, captions it by form and repetitions, and shows the model if asked', () => {
    const rows = [row('binary', 1024, [30, 31, 33], 31), row('dary4', 1024, [40, 41, 44], null)];
    const settings = { ...DEFAULT_MACHINE, workload: 'expiry' as const, form: 'ref' as const };
    const data = machineChartData({ settings, points: [], predictions: [], finished: false }, rows);
    expect(data.title).toBe('Time per operation on this machine: the expiry workload');
    expect(data.caption).toMatch(
      /^references to objects \(8-byte slots\) · median of 5 repetitions/,
    );
    expect(data.series.map((s) => s.layout)).toEqual(['binary', 'dary4']);
    expect(data.sizes).toEqual(DEFAULT_MACHINE.sizes);
    expect(data.showModel).toBe(true);
    const off = machineChartData(
      {
        settings: { ...DEFAULT_MACHINE, predict: false },
        points: [],
        predictions: [],
        finished: true,
      },
      rows,
    );
    expect(off.showModel).toBe(false);
    expect(off.title).toContain('the article’s workload');
  });
});

describe('summaryOf', () => {
  it('says nothing of a binary heap measured alone and untraced', () => {
    expect(summaryOf([row('binary', 1024, [30], null)])).toEqual([]);
  });

  it('compares each layout with the binary heap, and the model with the measurement where traced', () => {
    const rows: MachineRow[] = [
      row('binary', 1024, [30], 30),
      row('binary', 4096, [50], 40),
      row('dary4', 1024, [40], null),
      row('dary4', 4096, [45], null),
    ];
    const summary = summaryOf(rows);
    expect(summary.map((part) => part.heading)).toEqual([VERSUS_HEADING, DIVERGENCE_HEADING]);
    expect(summary[0].sentences).toEqual([
      // Slower at 2^10 too: each N whose ranges are apart is named (machineReport's standing).
      '4-ary heap: faster from N = 2^12 on; slower at N = 2^10 (1.33× at 2^10 … 0.90× at 2^12).',
    ]);
    expect(summary[1].sentences).toEqual(['Binary heap: 1.25× the model at N = 2^12.']);
  });
});

describe('modelHelp', () => {
  it('says how far these settings trace, or that nothing can be, or that prediction is off', () => {
    expect(modelHelp(DEFAULT_MACHINE)).toMatch(
      /Traced here up to N = 2\^\d+ \(heaps of at most 12 MiB/,
    );
    expect(modelHelp({ ...DEFAULT_MACHINE, sizes: [2 ** 24] })).toContain(
      'No N here is small enough to trace',
    );
    expect(modelHelp({ ...DEFAULT_MACHINE, predict: false })).toMatch(/Prediction is off\.$/);
  });
});

describe('the exported files', () => {
  it('are the CLI’s CSV and JSON tables, typed for the download', () => {
    const rows = [row('binary', 1024, [30, 31, 33], 31)];
    const measured = { settings: DEFAULT_MACHINE, points: [], predictions: [], finished: true };
    const csv = machineFile('csv', measured, rows, DEFAULT_MACHINE);
    expect(csv).toEqual({
      body: toMachineCsv(rows),
      type: 'text/csv',
      name: 'bheap-machine-phk-key.csv',
    });
    const json = machineFile('json', measured, rows, DEFAULT_MACHINE);
    expect(json.type).toBe('application/json');
    expect(json.body).toBe(`${toMachineJson(rows, DEFAULT_MACHINE.hierarchy)}\n`);
    expect(JSON.parse(json.body)).toBeTruthy();
  });

  it('notes the runs shown under the hierarchy set now', () => {
    const shown = { ...DEFAULT_MACHINE, reps: 3 };
    const now = {
      ...DEFAULT_MACHINE,
      hierarchy: { ...DEFAULT_MACHINE.hierarchy, l1Bytes: 64 * 1024 },
    };
    const note = machineNote(now, { settings: shown, points: [], predictions: [], finished: true });
    expect(note).toContain('--reps 3');
    expect(note).toContain('--l1-kb 64');
    expect(machineNote(now, null)).toContain(`--reps ${DEFAULT_MACHINE.reps}`);
  });
});
