// What the scaling and machine tabs show of a run, worked out without a page: the commands
// compared, the chart's titles, the notes and the exported files' names.

import { describe, expect, it } from 'vitest';
import { machineFile, machineNote, sameRuns } from '../../../src/app/machine/machineView';
import {
  type Computed,
  sameRun,
  scalingChartData,
  scalingCommand,
  scalingCsvFile,
  scalingNote,
} from '../../../src/app/scaling/scalingView';
import { DEFAULT_MACHINE } from '../../../src/core/experiments/machine';
import { DEFAULT_SCALING } from '../../../src/core/experiments/scalingSeries';

describe('the scaling tab', () => {
  const settings = { ...DEFAULT_SCALING, sizes: [100, 1000] };
  const computed: Computed = {
    command: scalingCommand(settings),
    points: [],
    skipped: [],
    finished: true,
  };

  it('needs no new run for another quantity or overhead, and one for other N', () => {
    const asked = scalingCommand(settings);
    expect(sameRun(asked, scalingCommand({ ...settings, overhead: 'none' }))).toBe(true);
    expect(sameRun(asked, scalingCommand({ ...settings, sizes: [100] }))).toBe(false);
  });

  it('titles the chart by the quantity and names the file by the overhead', () => {
    const data = scalingChartData(computed, { ...settings, quantity: 'add' }, true);
    expect(data.title).toBe('Time per add against N (the Asterisk review’s sched test)');
    expect(scalingCsvFile(computed, { ...settings, overhead: 'none' }).name).toBe(
      'bheap-scaling-none.csv',
    );
  });

  it('gives the command line of the run shown, under the overhead chosen now', () => {
    expect(scalingNote({ ...settings, overhead: 'none' }, computed)).toContain(
      '--sizes 100,1000 --page-items 512 --node-bytes 48 --seed 1 --keys 2147483648 --overhead none',
    );
  });
});

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
