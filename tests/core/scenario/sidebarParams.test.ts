// The sidebar's parameters in a link: the scaling chart's (s…) and the fault-cost curves' (c…),
// a preset filling what the link leaves out, each falling back on its own.

import { describe, expect, it } from 'vitest';
import { fitCurvesMemory } from '../../../src/core/experiments/curvePair';
import {
  curvesPages,
  DEFAULT_CURVES,
  presetSettings,
} from '../../../src/core/experiments/curveSettings';
import { LIST_MAX_ITEMS } from '../../../src/core/experiments/scaling';
import { DEFAULT_SCALING } from '../../../src/core/experiments/scalingSeries';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  type ScenarioError,
} from '../../../src/core/scenario/scenario';
import { parseCurves, parseScaling } from '../../../src/core/scenario/sidebarParams';

function read(parse: typeof parseCurves, query: string) {
  const params = new URLSearchParams(query);
  const scenario: Scenario = { ...DEFAULT_SCENARIO };
  const errors: ScenarioError[] = [];
  parse((name) => params.get(name), scenario, errors);
  return { scenario, errors, params: errors.map((error) => error.param) };
}

describe('parseScaling', () => {
  it('lists the structures asked for in the registry’s order, whatever order the link has', () => {
    const { scenario, errors } = read(
      parseScaling,
      'skinds=rb,list,binary&squant=add&sover=none&smeasure=1',
    );
    expect(errors).toEqual([]);
    expect(scenario.scaling).toEqual({
      kinds: ['list', 'binary', 'rb'],
      sizes: DEFAULT_SCALING.sizes,
      quantity: 'add',
      overhead: 'none',
      measure: true,
    });
  });

  it('falls back to the default set for an unknown structure, naming it, and leaves the rest', () => {
    const { scenario, errors } = read(parseScaling, 'skinds=binary,heap&ssizes=100,1000');
    expect(scenario.scaling.kinds).toEqual(DEFAULT_SCALING.kinds);
    expect(scenario.scaling.sizes).toEqual([100, 1000]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(
      /^skinds must list structures from .*, got "heap"; using the default set$/,
    );
  });

  it('never hands out the defaults’ own arrays, so a change to one link leaves the next alone', () => {
    const { scenario } = read(parseScaling, '');
    expect(scenario.scaling).toEqual(DEFAULT_SCALING);
    expect(scenario.scaling.kinds).not.toBe(DEFAULT_SCALING.kinds);
    expect(scenario.scaling.sizes).not.toBe(DEFAULT_SCALING.sizes);
  });
});

describe('parseCurves', () => {
  it('starts from the preset the link names and applies the link’s own values over it', () => {
    const { scenario, errors } = read(
      parseCurves,
      'preset=fig2&cio=8&cmode=transfers&panel=curves',
    );
    expect(errors).toEqual([]);
    expect(scenario.panel).toBe('curves');
    expect(scenario.curves).toEqual({ ...presetSettings('fig2'), ioMs: 8, mode: 'transfers' });
  });

  it('names each bad value, keeping the preset’s value for it alone', () => {
    const { scenario, params } = read(
      parseCurves,
      'preset=fig9&cseed=-1&cmode=slow&cunit=kb&panel=x',
    );
    expect(params).toEqual(['panel', 'preset', 'cseed', 'cmode']);
    expect(scenario.curves).toEqual({ ...DEFAULT_CURVES, unit: 'kb' });
    expect(scenario.panel).toBe(DEFAULT_SCENARIO.panel);
  });

  it('keeps a sorted list to the items it can sweep, naming what made them too many', () => {
    const byItems = read(parseCurves, 'cleft=list&citems=200000');
    expect(byItems.scenario.curves.items).toBe(LIST_MAX_ITEMS);
    expect(byItems.params).toEqual(['citems']);
    const bySide = read(parseCurves, 'cright=list');
    expect(bySide.scenario.curves.items).toBe(LIST_MAX_ITEMS);
    expect(bySide.params).toEqual(['cright']);
  });

  it('gives an 8-ary heap a page it fits on', () => {
    const { scenario, errors } = read(parseCurves, 'cleft=dary8&cpage=4');
    expect(scenario.curves.itemsPerPage).toBe(presetSettings('fig1').itemsPerPage);
    expect(errors[0].param).toBe('cpage');
    expect(errors[0].message).toContain('needs at least 8 items per page, got 4');
  });

  it('fits a sweep to a worker’s memory', () => {
    const { scenario, params } = read(
      parseCurves,
      'cleft=treap&cnode=4096&cpage=4&citems=16777216',
    );
    expect(params).toEqual(['citems']);
    expect(fitCurvesMemory(scenario.curves).message).toBeNull();
  });

  it('takes a pressure range within the run’s pages and going forward only', () => {
    const pages = curvesPages(DEFAULT_CURVES);
    const good = read(parseCurves, `cfrom=2&cto=${pages}&cread=5`);
    expect([
      good.scenario.curves.from,
      good.scenario.curves.to,
      good.scenario.curves.readout,
    ]).toEqual([2, pages, 5]);
    expect(read(parseCurves, `cto=${pages + 1}`).params).toEqual(['cto']);
    const backwards = read(parseCurves, 'cfrom=9&cto=3');
    expect([backwards.scenario.curves.from, backwards.scenario.curves.to]).toEqual([null, null]);
    expect(backwards.errors[0].message).toBe(
      'cto must be larger than cfrom (9), got 3; showing the whole range',
    );
  });
});
