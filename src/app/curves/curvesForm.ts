// The curves tab's controls: a button per figure of the article, and the form of the two
// structures compared and the run's parameters. They show the settings given; what a change
// means is read by readCurveForm (curvesRead.ts).

import { pairUsesNodes } from '../../core/experiments/curvePair';
import {
  CURVES_MAX_ITEMS,
  type CurveSettings,
  PRESET_IDS,
  PRESETS,
  type PresetId,
} from '../../core/experiments/curveSettings';
import { LIST_MAX_ITEMS } from '../../core/experiments/scaling';
import { POLICY_CHOICES } from '../../core/memory/pager';
import { MAX_NODE_BYTES, WORD_BYTES } from '../../core/structures/pointer/arena';
import { nodeBytesFloor, STRUCTURE_KINDS, STRUCTURES } from '../../core/structures/registry';
import { el } from '../browser/dom';
import { quietForm, selectOf } from '../series/seriesForm';

interface CurvesFormEvents {
  /** A figure's button was pressed. */
  preset: (id: PresetId) => void;
  /** A field changed. */
  changed: () => void;
}

export class CurvesForm {
  readonly presets: HTMLElement;
  readonly form: HTMLFormElement;
  private readonly inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  private readonly presetButtons = new Map<PresetId, HTMLButtonElement>();
  /** The node-size field, shown only when a pointer structure is compared. */
  private readonly nodeField: HTMLElement;

  constructor(events: CurvesFormEvents) {
    this.presets = el('div', {
      class: 'presets',
      role: 'group',
      'aria-label': 'The article’s figures',
    });
    for (const id of PRESET_IDS) {
      const button = el(
        'button',
        { type: 'button', 'data-testid': `curves-preset-${id}`, title: PRESETS[id].title },
        [`Fig. ${id.slice(3)}`],
      );
      button.addEventListener('click', () => events.preset(id));
      this.presetButtons.set(id, button);
      this.presets.append(button);
    }
    this.form = quietForm({ class: 'curves-form', 'aria-label': 'Curve parameters' }, []);
    const field = (
      name: string,
      label: string,
      control: HTMLInputElement | HTMLSelectElement,
    ): HTMLElement => {
      control.setAttribute('data-testid', `curves-${name}`);
      control.addEventListener('change', events.changed);
      this.inputs.set(name, control);
      const wrapper = el('label', {}, [label, control]);
      this.form.append(wrapper);
      return wrapper;
    };
    const structures = (): [string, string][] =>
      STRUCTURE_KINDS.map((kind) => [kind, STRUCTURES[kind].title]);
    field('left', 'left', selectOf({}, structures()));
    field('right', 'right (ratio: left / right)', selectOf({}, structures()));
    this.nodeField = field(
      'node',
      'node bytes',
      el('input', {
        type: 'number',
        min: '16',
        max: String(MAX_NODE_BYTES),
        step: String(WORD_BYTES),
      }),
    );
    field(
      'items',
      'items',
      el('input', { type: 'number', min: '1', max: String(CURVES_MAX_ITEMS), step: '1' }),
    );
    const pageSizes: [string, string][] = [];
    for (let size = 4; size <= 4096; size *= 2) pageSizes.push([String(size), String(size)]);
    field('page', 'items/page', selectOf({}, pageSizes));
    field('io', 'I/O ms', el('input', { type: 'number', min: '0', max: '1000', step: 'any' }));
    field(
      'cpu',
      'CPU time',
      selectOf({}, [
        ['article', 'article'],
        ['measure', 'measure here'],
      ]),
    );
    field(
      'mode',
      'plot',
      selectOf({}, [
        ['time', 'run time'],
        ['transfers', 'transfers/op'],
      ]),
    );
    field('policy', 'replacement', selectOf({}, POLICY_CHOICES));
    field(
      'floor',
      'OPT floor',
      selectOf({}, [
        ['0', 'not drawn'],
        ['1', 'dashed'],
      ]),
    );
    field(
      'unit',
      'x axis',
      selectOf({}, [
        ['resident', 'resident pages'],
        ['pages', 'pages not resident'],
        ['kb', 'KB not resident (article)'],
      ]),
    );
  }

  /** A field's text as it stands, trimmed. */
  value(name: string): string {
    return this.inputs.get(name)?.value.trim() ?? '';
  }

  /** Shows these settings: the fields, the node field only for pointer structures, the figure. */
  sync(settings: CurveSettings): void {
    const { left, right } = settings;
    const values: Record<string, string> = {
      left,
      right,
      node: String(settings.nodeBytes),
      items: String(settings.items),
      page: String(settings.itemsPerPage),
      io: String(settings.ioMs),
      cpu: settings.cpu,
      mode: settings.mode,
      unit: settings.unit,
      policy: settings.policy,
      floor: settings.floor ? '1' : '0',
    };
    for (const [name, input] of this.inputs) input.value = values[name];
    this.nodeField.hidden = !pairUsesNodes(left, right);
    this.inputs.get('node')?.setAttribute('min', String(nodeBytesFloor(left, right)));
    const listed = left === 'list' || right === 'list';
    this.inputs
      .get('items')
      ?.setAttribute('max', String(listed ? LIST_MAX_ITEMS : CURVES_MAX_ITEMS));
    for (const [id, button] of this.presetButtons) {
      button.setAttribute('aria-pressed', String(settings.preset === id));
    }
  }
}
