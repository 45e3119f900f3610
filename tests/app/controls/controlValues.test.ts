import { describe, expect, it } from 'vitest';
import {
  CONTROL_NAMES,
  controlStates,
  controlsLink,
  controlValues,
  readControls,
} from '../../../src/app/controls/controlValues';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioPages,
} from '../../../src/core/scenario/scenario';

const previous: Scenario = {
  ...DEFAULT_SCENARIO,
  items: 40,
  seed: 7,
  keys: 500,
  ioMs: 2,
  step: 123,
  panel: 'curves',
};

describe('the scenario controls as text', () => {
  it('read back a scenario they show, at step 0, keeping the tab and the charts’ settings', () => {
    const read = readControls(controlValues(previous), false, previous);
    expect(read.errors).toEqual([]);
    expect(read.scenario).toEqual({ ...previous, step: 0 });
    expect(read.scenario.curves).toBe(previous.curves);
    expect(read.scenario.scaling).toBe(previous.scaling);
  });

  it('spell a link in the form’s order, trimmed, without the script unless the workload is one', () => {
    const values = { ...controlValues(previous), items: ' 40 ', ops: 'i 1, pop' };
    const link = controlsLink(values, false);
    expect([...new URLSearchParams(link).keys()]).toEqual(
      CONTROL_NAMES.filter((name) => name !== 'node' && name !== 'ops'),
    );
    expect(new URLSearchParams(link).get('items')).toBe('40');
    const script = controlsLink({ ...values, workload: 'script' }, true);
    expect(new URLSearchParams(script).get('ops')).toBe('i 1, pop');
    expect(new URLSearchParams(script).get('node')).toBe(String(previous.nodeBytes));
  });

  it('keep the previous value of a refused control, and say why', () => {
    const values = { ...controlValues(previous), items: 'many', seed: '-1', keys: '1', io: '5000' };
    const read = readControls(values, false, previous);
    expect(read.errors.map((error) => error.param).sort()).toEqual(['io', 'items', 'keys', 'seed']);
    expect(read.scenario.items).toBe(previous.items);
    expect(read.scenario.seed).toBe(previous.seed);
    expect(read.scenario.keys).toBe(previous.keys);
    expect(read.scenario.ioMs).toBe(previous.ioMs);
  });

  it('keep the previous script when a new one is refused', () => {
    const scripted: Scenario = { ...previous, workload: 'script', ops: 'i 5, i 3, pop', frames: 1 };
    const values = { ...controlValues(scripted), ops: 'i 5, jump' };
    const read = readControls(values, false, scripted);
    expect(read.errors.map((error) => error.param)).toEqual(['ops']);
    expect(read.scenario.workload).toBe('script');
    expect(read.scenario.ops).toBe('i 5, i 3, pop');
  });

  it('cap the resident pages at the pages of the scenario they now spell', () => {
    const values = { ...controlValues(previous), items: '10', frames: '7' };
    const read = readControls(values, false, previous);
    expect(read.scenario.frames).toBe(scenarioPages(read.scenario));
    expect(read.scenario.frames).toBeLessThan(7);
  });

  it('show the script for a script, and node bytes for a pointer structure', () => {
    expect(controlStates(DEFAULT_SCENARIO)).toEqual({
      scriptShown: false,
      itemsDisabled: false,
      nodeShown: false,
      maxFrames: scenarioPages(DEFAULT_SCENARIO),
    });
    const states = controlStates({ ...DEFAULT_SCENARIO, right: 'treap', workload: 'script' });
    expect(states.scriptShown).toBe(true);
    expect(states.itemsDisabled).toBe(true);
    expect(states.nodeShown).toBe(true);
  });
});
