// What the scaling tab shows of a run, worked out without a page: the command compared, the
// points the page ships, the chart's titles, the note and the exported file.

import { describe, expect, it } from 'vitest';
import {
  type Computed,
  sameRun,
  scalingChartData,
  scalingCommand,
  scalingCsvFile,
  scalingNote,
  splitShipped,
} from '../../../src/app/scaling/scalingView';
import { DEFAULT_SCALING, scalingPlan } from '../../../src/core/experiments/scalingSeries';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { parseScenario } from '../../../src/core/scenario/parse';

const scenes = ARTICLE_TOUR.scenes.map((scene) => parseScenario(scene.link).scenario);

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

describe('the scaling points the page ships', () => {
  const split = (settings: (typeof scenes)[number]['scaling']) => {
    const command = scalingCommand(settings);
    return splitShipped(command, scalingPlan(command.kinds, command.sizes).jobs);
  };

  it('are every point of the timer-queue scene: nothing is left to compute', () => {
    const scene = scenes.find((scenario) => scenario.panel === 'scaling');
    expect(scene).toBeDefined();
    const { points, jobs } = split(scene!.scaling);
    expect(jobs).toEqual([]);
    // The list at six sizes (to 100,000), the binary heap, treap and red-black tree at seven.
    expect(points).toHaveLength(6 + 3 * 7);
    // The list is there up to N = 100,000, where it is hundreds of times the heap's cost.
    const at = (kind: string, items: number) =>
      points.find((point) => point.layout === kind && point.items === items)!;
    const cost = (kind: string) => at(kind, 100_000).addSeconds + at(kind, 100_000).deleteSeconds;
    expect(cost('list') / cost('binary')).toBeGreaterThan(100);
  });

  it('leave the structures not shipped, and any timed run, to the worker', () => {
    const scene = scenes.find((scenario) => scenario.panel === 'scaling')!.scaling;
    const all = { ...scene, kinds: [...scene.kinds, 'dary4' as const] };
    const { jobs } = split(all);
    expect(new Set(jobs.map((job) => job.kind))).toEqual(new Set(['dary4']));
    expect(split({ ...scene, measure: true }).points).toEqual([]);
  });
});

describe('scalingCommand and sameRun', () => {
  it('asks for the structures in the registry’s order, whatever order they were ticked in', () => {
    const command = scalingCommand({ ...DEFAULT_SCALING, kinds: ['rb', 'list', 'binary'] });
    expect(command.kinds).toEqual(['list', 'binary', 'rb']);
    expect(
      sameRun(command, scalingCommand({ ...DEFAULT_SCALING, kinds: ['binary', 'rb', 'list'] })),
    ).toBe(true);
  });

  it('needs a new run to measure, or to add a structure', () => {
    const asked = scalingCommand(DEFAULT_SCALING);
    expect(sameRun(asked, scalingCommand({ ...DEFAULT_SCALING, measure: true }))).toBe(false);
    expect(
      sameRun(
        asked,
        scalingCommand({ ...DEFAULT_SCALING, kinds: [...DEFAULT_SCALING.kinds, 'dary8'] }),
      ),
    ).toBe(false);
  });
});

describe('what the chart, the note and the file show of the shipped points', () => {
  const scene = scenes.find((scenario) => scenario.panel === 'scaling')!.scaling;
  const command = scalingCommand(scene);
  const { points } = splitShipped(command, scalingPlan(command.kinds, command.sizes).jobs);
  const computed: Computed = { command, points, skipped: [], finished: true };

  it('draws the model seconds under the overhead chosen now, and no measured line unless timed', () => {
    const review = scalingChartData(computed, { ...scene, overhead: 'review' }, true);
    const none = scalingChartData(computed, { ...scene, overhead: 'none' }, true);
    expect(review.measured).toEqual([]);
    expect(review.model.map((s) => s.kind)).toEqual(none.model.map((s) => s.kind));
    // The review's per-call overhead makes every call dearer, and the caption says so.
    for (const [i, series] of review.model.entries()) {
      series.points.forEach((point, j) => {
        expect(point.seconds).toBeGreaterThan(none.model[i].points[j].seconds);
      });
    }
    expect(review.caption).toContain('per add/delete');
    expect(none.caption).not.toContain('per add/delete');
  });

  it('exports the CLI’s CSV, a row a point in the CLI’s order, with the overhead chosen now', () => {
    const review = scalingCsvFile(computed, { ...scene, overhead: 'review' });
    const none = scalingCsvFile(computed, { ...scene, overhead: 'none' });
    const rows = review.text.trim().split('\n').slice(1);
    expect(rows).toHaveLength(points.length);
    expect(rows[0].startsWith('list,')).toBe(true);
    expect(none.text).not.toBe(review.text);
    expect(review.name).toBe('bheap-scaling-review.csv');
    const timed = { ...computed, command: { ...command, measure: true } };
    expect(scalingCsvFile(timed, scene).name).toBe(`bheap-scaling-${scene.overhead}-measured.csv`);
  });

  it('notes where the list stops, and what measuring means', () => {
    const far = {
      ...DEFAULT_SCALING,
      kinds: ['list' as const, 'binary' as const],
      sizes: [1000, 1_000_000],
    };
    const note = scalingNote(far, null);
    expect(note).toMatch(/^The sorted list stops at N = 100k: .* so 1M is not run for it\./);
    expect(note).toContain('--layout list,binary --sizes 1000,1000000');
    expect(note).not.toContain('Measured times vary');
    const measured = scalingNote({ ...far, measure: true }, null);
    expect(measured).toContain('--cpu measure');
    expect(measured).toContain('Measured times vary from run to run');
    expect(scalingNote({ ...far, sizes: [1000, 100_000] }, null)).not.toContain(
      'The sorted list stops',
    );
  });
});
