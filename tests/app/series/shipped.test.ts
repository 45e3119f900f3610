// Which charts the page draws from what it ships, worked out without a page: the tour's curve
// scenes and its timer-queue scene need no sweep and no worker; anything else is computed.

import { describe, expect, it } from 'vitest';
import { isShipped } from '../../../src/app/curves/curvesClient';
import { scalingCommand, splitShipped } from '../../../src/app/scaling/scalingView';
import { presetSettings } from '../../../src/core/experiments/curveSettings';
import { scalingPlan } from '../../../src/core/experiments/scalingSeries';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { parseScenario } from '../../../src/core/scenario/parse';

const scenes = ARTICLE_TOUR.scenes.map((scene) => parseScenario(scene.link).scenario);

describe('the curves the page ships', () => {
  it('answer every curve scene of the tour', () => {
    const curveScenes = scenes.filter((scenario) => scenario.panel === 'curves');
    expect(curveScenes).toHaveLength(5);
    for (const scenario of curveScenes) expect(isShipped(scenario.curves)).toBe(true);
  });

  it('answer every figure, whatever the I/O time, plot or axis; nothing else', () => {
    for (const id of ['fig1', 'fig2', 'fig3', 'fig4'] as const) {
      expect(isShipped(presetSettings(id)), id).toBe(true);
    }
    const fig1 = presetSettings('fig1');
    expect(isShipped({ ...fig1, ioMs: 7, mode: 'transfers', unit: 'kb' })).toBe(true);
    // The pair swapped is the same two sweeps.
    expect(isShipped({ ...fig1, left: 'bheap', right: 'binary' })).toBe(true);
    expect(isShipped({ ...fig1, seed: 2 })).toBe(false);
    expect(isShipped({ ...fig1, items: 999_999 })).toBe(false);
    expect(isShipped({ ...fig1, cpu: 'measure' })).toBe(false);
    expect(isShipped({ ...fig1, floor: true })).toBe(false);
    expect(isShipped({ ...fig1, policy: 'clock' })).toBe(false);
    expect(isShipped({ ...fig1, right: 'dary4' })).toBe(false);
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
    expect(points).toHaveLength(34);
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
