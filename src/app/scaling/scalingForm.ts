// The scaling tab's controls: the structures, the N values, the quantity plotted, the review's
// per-call cost, measuring in this browser and showing what was measured. They hold the tab's
// settings; a refused input leaves them as they were and says so.

import { REVIEW_CALL_OVERHEAD } from '../../core/experiments/cost';
import { LIST_MAX_ITEMS } from '../../core/experiments/scaling';
import {
  formatItems,
  formatSeconds,
  parseScalingSizes,
  QUANTITY_LABELS,
  SCALING_MAX_SIZES,
  SCALING_PAGE_MAX_ITEMS,
  SCALING_QUANTITIES,
  type ScalingSettings,
} from '../../core/experiments/scalingSeries';
import { formatCount } from '../../core/explain/numbers';
import { STRUCTURE_KINDS, STRUCTURES, type StructureKind } from '../../core/structures/registry';
import { el } from '../browser/dom';
import {
  ChoiceBoxes,
  checkbox,
  onChoice,
  quietForm,
  SizesField,
  selectOf,
} from '../series/seriesForm';

interface ScalingFormEvents {
  refuse: (message: string) => void;
  /** An input was accepted: the last refusal no longer stands. */
  accepted: () => void;
  /** What to run changed (structures, N, measuring); `linked`: the link changes too. */
  runs: (linked: boolean) => void;
  /** What to draw changed (quantity, overhead, measured shown): no new run is needed. */
  look: (what: 'quantity' | 'overhead' | 'measured') => void;
  /** Enter on accepted N values. */
  start: () => void;
}

export class ScalingForm {
  /** The parts in the panel's order, before its actions. */
  readonly parts: HTMLElement[];
  readonly showMeasuredBox: HTMLInputElement;
  settings: ScalingSettings;
  /** Draw the measured series too (not part of the link). */
  showMeasured = true;
  private readonly kinds: ChoiceBoxes<StructureKind>;
  private readonly sizes: SizesField;
  private readonly quantitySelect: HTMLSelectElement;
  private readonly overheadBox: HTMLInputElement;
  private readonly measureBox: HTMLInputElement;

  constructor(initial: ScalingSettings, events: ScalingFormEvents) {
    this.settings = copy(initial);
    this.kinds = new ChoiceBoxes(
      {
        className: 'scaling-kinds',
        legend: 'Structures',
        testId: (kind) => `scaling-kind-${kind}`,
      },
      STRUCTURE_KINDS.map((kind) => ({
        value: kind,
        label: STRUCTURES[kind].title,
        title: STRUCTURES[kind].source,
      })),
      'Choose at least one structure (from the 8 listed); keeping the previous choice.',
      {
        refuse: events.refuse,
        chose: (kinds) => {
          events.accepted();
          this.settings.kinds = kinds;
          events.runs(true);
        },
      },
    );
    this.sizes = new SizesField(
      { 'data-testid': 'scaling-sizes', 'aria-describedby': 'scaling-sizes-help' },
      parseScalingSizes,
      {
        refuse: events.refuse,
        read: (sizes, changed) => {
          events.accepted();
          this.settings.sizes = sizes;
          events.runs(changed);
        },
        start: events.start,
      },
    );

    this.quantitySelect = selectOf(
      { 'data-testid': 'scaling-quantity' },
      SCALING_QUANTITIES.map((q) => [q, `${QUANTITY_LABELS[q]} (per operation)`]),
    );
    onChoice(this.quantitySelect, SCALING_QUANTITIES, (quantity) => {
      if (quantity === undefined) this.quantitySelect.value = this.settings.quantity;
      else this.settings.quantity = quantity;
      events.look('quantity');
    });
    this.overheadBox = checkbox('scaling-overhead');
    this.overheadBox.addEventListener('change', () => {
      this.settings.overhead = this.overheadBox.checked ? 'review' : 'none';
      // The model's seconds follow from the counted accesses: no new run is needed.
      events.look('overhead');
    });
    this.measureBox = checkbox('scaling-measure');
    this.measureBox.addEventListener('change', () => {
      this.settings.measure = this.measureBox.checked;
      events.runs(true);
    });
    this.showMeasuredBox = checkbox('scaling-show-measured');
    this.showMeasuredBox.checked = this.showMeasured;
    this.showMeasuredBox.disabled = true;
    this.showMeasuredBox.addEventListener('change', () => {
      this.showMeasured = this.showMeasuredBox.checked;
      events.look('measured');
    });

    const form = quietForm(
      { class: 'series-form scaling-form', 'aria-label': 'Scaling parameters' },
      [
        el('label', {}, ['N values (comma-separated)', this.sizes.input]),
        el('label', {}, ['plot time per', this.quantitySelect]),
      ],
    );
    const sizesHelp = el(
      'p',
      { class: 'series-explain scaling-explain', id: 'scaling-sizes-help' },
      [
        `Integers from 1 to ${formatCount(SCALING_PAGE_MAX_ITEMS)}, at most ${SCALING_MAX_SIZES} of them. The sorted list stops at ${formatItems(LIST_MAX_ITEMS)}.`,
      ],
    );
    const checks = el('div', { class: 'series-checks scaling-checks' }, [
      el('label', {}, [this.overheadBox, 'add the review’s per-call cost']),
      el('label', {}, [this.measureBox, 'measure in this browser']),
      el('label', {}, [this.showMeasuredBox, 'show measured (dashed)']),
    ]);
    const overheadHelp = el('p', { class: 'series-explain scaling-explain' }, [
      `The review’s per-call cost: each add also pays ${formatSeconds(REVIEW_CALL_OVERHEAD.addSeconds)} ` +
        `and each delete ${formatSeconds(REVIEW_CALL_OVERHEAD.deleteSeconds)} for malloc()/free() ` +
        'and the mutex lock/unlock, which is why its small-N times are all alike.',
    ]);
    this.parts = [this.kinds.element, form, sizesHelp, checks, overheadHelp];
    this.sync();
  }

  /** Reads the N values as they stand (the Compute button does before it starts). */
  readSizes(): boolean {
    return this.sizes.read();
  }

  /** Puts the controls to these settings (back/forward through links). */
  set(settings: ScalingSettings): void {
    this.settings = copy(settings);
    this.sync();
  }

  private sync(): void {
    const { settings } = this;
    this.kinds.set(settings.kinds);
    this.sizes.set(settings.sizes);
    this.quantitySelect.value = settings.quantity;
    this.overheadBox.checked = settings.overhead === 'review';
    this.measureBox.checked = settings.measure;
  }
}

export function copy(settings: ScalingSettings): ScalingSettings {
  return { ...settings, kinds: [...settings.kinds], sizes: [...settings.sizes] };
}
