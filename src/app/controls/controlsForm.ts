// The scenario form in the top bar: builds the controls, shows a scenario, reads them back.

import { POLICY_CHOICES } from '../../core/memory/pager';
import { PRESETS, type Preset } from '../../core/scenario/presets';
import {
  PAGE_MAX_HEAP_ITEMS,
  type ParsedScenario,
  type Scenario,
} from '../../core/scenario/scenario';
import { STRUCTURE_KINDS, STRUCTURES } from '../../core/structures/registry';
import { SCRIPT_SYNTAX } from '../../core/workloads/script';
import { el } from '../browser/dom';
import {
  type ControlName,
  type ControlValues,
  controlStates,
  controlValues,
  readControls,
} from './controlValues';
import { presetOf } from './presetMatch';

type Control = HTMLInputElement | HTMLSelectElement;

export class ControlsForm {
  readonly root: HTMLFormElement;
  /** In CONTROL_NAMES order: the order the link parameters are read in. */
  private readonly controls = new Map<ControlName, Control>();
  private readonly presets: HTMLSelectElement;

  /** `onChange` runs when the user changes any control; `onPreset` when a preset is chosen. */
  constructor(onChange: () => void, onPreset: (preset: Preset) => void) {
    const form = el('form', { class: 'controls', 'aria-label': 'Scenario' });
    form.addEventListener('submit', (event) => event.preventDefault());
    // A named scenario opens whole, as its link would; the menu names the preset the scenario on
    // screen is, however it came (sync).
    const presets = el('select', { name: 'preset', 'data-testid': 'control-preset' }, [
      el('option', { value: '' }, ['—']),
      ...PRESETS.map((preset) => el('option', { value: preset.id }, [preset.title])),
    ]);
    presets.addEventListener('change', () => {
      const preset = PRESETS.find((candidate) => candidate.id === presets.value);
      if (preset !== undefined) onPreset(preset);
    });
    this.presets = presets;
    form.append(el('label', { class: 'preset-label' }, ['preset', presets]));
    const add = (name: ControlName, label: string, control: Control, labelClass?: string): void => {
      this.controls.set(name, control);
      form.append(
        el('label', labelClass === undefined ? {} : { class: labelClass }, [label, control]),
      );
    };
    for (const side of ['left', 'right'] as const) {
      const select = el('select', { name: side, 'data-testid': `control-${side}` });
      for (const kind of STRUCTURE_KINDS)
        select.append(
          el('option', { value: kind, title: STRUCTURES[kind].title }, [STRUCTURES[kind].short]),
        );
      add(side, side, select);
    }
    const number = (name: ControlName, label: string, attributes: Record<string, string>): void => {
      const input = el('input', {
        type: 'number',
        name,
        'data-testid': `control-${name}`,
        ...attributes,
      });
      add(name, label, input);
    };
    number('node', 'node bytes', { min: '32', max: '4096', step: '8' });
    number('items', 'items', { min: '1', max: String(PAGE_MAX_HEAP_ITEMS), step: '1' });
    const page = el('select', { name: 'page', 'data-testid': 'control-page' });
    for (let itemsPerPage = 4; itemsPerPage <= 4096; itemsPerPage *= 2)
      page.append(el('option', { value: String(itemsPerPage) }, [String(itemsPerPage)]));
    add('page', 'items/page', page);
    number('frames', 'resident pages', { min: '1', step: '1' });
    const policy = el(
      'select',
      { name: 'policy', 'data-testid': 'control-policy' },
      POLICY_CHOICES.map(([value, title]) => el('option', { value }, [title])),
    );
    policy.title = 'Page replacement: which resident page a fault evicts';
    add('policy', 'replacement', policy);
    number('io', 'I/O ms', { min: '0', max: '1000', step: 'any' });
    number('seed', 'seed', { min: '0', max: '4294967295', step: '1' });
    number('keys', 'keys <', { min: '2', max: '2147483648', step: '1' });
    const workload = el('select', { name: 'workload', 'data-testid': 'control-workload' }, [
      el('option', { value: 'phk' }, ['phk (article)']),
      el('option', { value: 'expiry' }, ['expiry (timers)']),
      el('option', { value: 'asterisk' }, ['asterisk (adds, then deletes)']),
      el('option', { value: 'script' }, ['custom script']),
    ]);
    add('workload', 'workload', workload);
    const ops = el('input', {
      type: 'text',
      name: 'ops',
      'data-testid': 'control-ops',
      placeholder: 'i 5, i 3, i 9, pop, del 2',
      title: SCRIPT_SYNTAX,
      class: 'ops',
    });
    add('ops', 'script', ops, 'ops-label');
    for (const control of this.controls.values()) control.addEventListener('change', onChange);
    this.root = form;
  }

  /** Puts the scenario's values in the controls and shows only the ones that apply to it. */
  sync(scenario: Scenario): void {
    this.presets.value = presetOf(scenario);
    const values = controlValues(scenario);
    for (const [name, control] of this.controls) control.value = values[name];
    const states = controlStates(scenario);
    this.control('frames').setAttribute('max', String(states.maxFrames));
    this.labelOf('ops')?.toggleAttribute('hidden', !states.scriptShown);
    this.control('items').toggleAttribute('disabled', states.itemsDisabled);
    this.labelOf('node')?.toggleAttribute('hidden', !states.nodeShown);
  }

  /**
   * The scenario the controls now spell, read as a link is; a refused value keeps the one in
   * `previous` (the scenario on screen), and its message comes back with it.
   */
  read(previous: Scenario): ParsedScenario {
    const values = {} as ControlValues;
    for (const [name, control] of this.controls) values[name] = control.value;
    const nodeShown = !(this.labelOf('node')?.hasAttribute('hidden') ?? false);
    return readControls(values, nodeShown, previous);
  }

  private control(name: ControlName): Control {
    const control = this.controls.get(name);
    if (control === undefined) throw new Error(`no control ${name}`);
    return control;
  }

  private labelOf(name: ControlName): HTMLLabelElement | null {
    return this.control(name).closest('label');
  }
}
