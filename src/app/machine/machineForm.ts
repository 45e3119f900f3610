// The "On this machine" tab's controls: the layouts, the N values, the item form, the workload,
// the repetitions, whether to predict, and the modelled cache hierarchy. They hold the tab's
// settings; a refused input leaves them as they were and says so.

import {
  HIERARCHY_KB_RANGE,
  type Hierarchy,
  KIB,
  TLB_ENTRIES_RANGE,
} from '../../core/experiments/hierarchy';
import {
  MACHINE_MAX_SIZES,
  MACHINE_MIN_ITEMS,
  MACHINE_PAGE_MAX_ITEMS,
  MACHINE_REPS_RANGE,
  type MachineSettings,
  parseMachineSizes,
} from '../../core/experiments/machine';
import { formatCount } from '../../core/explain/numbers';
import {
  FORM_TITLES,
  ITEM_FORMS,
  MACHINE_LAYOUT_INFO,
  MACHINE_LAYOUTS,
  MACHINE_WORKLOADS,
  type MachineLayout,
  type MachineWorkload,
} from '../../core/measure/machineLayouts';
import { parseIntInRange } from '../../core/ranges';
import { el } from '../browser/dom';
import {
  ChoiceBoxes,
  checkbox,
  numberField,
  onChoice,
  quietForm,
  SizesField,
  selectOf,
} from '../series/seriesForm';

const WORKLOAD_TITLES: Record<MachineWorkload, string> = {
  phk: 'the article’s (N inserts, N popMin + insert, N popMin)',
  expiry: 'a cache’s expiry queue (insert, refresh, purge, expire)',
};

interface MachineFormEvents {
  refuse: (message: string) => void;
  /** An input was accepted: the last refusal no longer stands. */
  accepted: () => void;
  /** Settings that need a new measurement changed. */
  runs: () => void;
  /** The modelled hierarchy changed: the model answers it from the traced runs, no new run. */
  hierarchy: () => void;
  /** Enter on accepted N values. */
  start: () => void;
}

export function copy(settings: MachineSettings): MachineSettings {
  return {
    ...settings,
    layouts: [...settings.layouts],
    sizes: [...settings.sizes],
    hierarchy: { ...settings.hierarchy },
  };
}

export class MachineForm {
  readonly layoutSet: HTMLElement;
  readonly form: HTMLFormElement;
  readonly hierarchyForm: HTMLFormElement;
  readonly predictLabel: HTMLElement;
  settings: MachineSettings;
  private readonly layouts: ChoiceBoxes<MachineLayout>;
  private readonly sizes: SizesField;
  private readonly formSelect: HTMLSelectElement;
  private readonly workSelect: HTMLSelectElement;
  private readonly repsInput: HTMLInputElement;
  private readonly predictBox: HTMLInputElement;
  private readonly levelInputs: [keyof Hierarchy, HTMLInputElement, string][];

  constructor(initial: MachineSettings, events: MachineFormEvents) {
    this.settings = copy(initial);
    this.layouts = new ChoiceBoxes(
      {
        className: 'machine-layouts',
        legend: 'Layouts',
        testId: (layout) => `machine-layout-${layout}`,
      },
      MACHINE_LAYOUTS.map((layout) => ({
        value: layout,
        label: MACHINE_LAYOUT_INFO[layout].title,
      })),
      'Choose at least one layout (of the 6 listed); keeping the previous choice.',
      {
        refuse: events.refuse,
        chose: (layouts) => {
          events.accepted();
          this.settings.layouts = layouts;
          events.runs();
        },
      },
    );
    this.layoutSet = this.layouts.element;
    const text = (testId: string, className: string, label: string): HTMLInputElement =>
      numberField({ class: className, 'data-testid': testId, 'aria-label': label });
    this.sizes = new SizesField(
      {
        class: 'machine-sizes',
        'data-testid': 'machine-sizes',
        'aria-label': 'N values',
        'aria-describedby': 'machine-sizes-help',
      },
      (value) => parseMachineSizes(value, MACHINE_PAGE_MAX_ITEMS),
      {
        refuse: events.refuse,
        read: (sizes, changed) => {
          events.accepted();
          this.settings.sizes = sizes;
          if (changed) events.runs();
        },
        start: events.start,
      },
    );
    // A select of the runs' settings: a valid choice is taken, and any change asks for new runs.
    const runSelect = <T extends string>(
      testId: string,
      values: readonly T[],
      titles: Record<T, string>,
      take: (value: T) => void,
    ): HTMLSelectElement => {
      const select = selectOf(
        { 'data-testid': testId },
        values.map((value) => [value, titles[value]]),
      );
      onChoice(select, values, (value) => {
        if (value !== undefined) take(value);
        events.runs();
      });
      return select;
    };
    this.formSelect = runSelect('machine-form', ITEM_FORMS, FORM_TITLES, (form) => {
      this.settings.form = form;
    });
    this.workSelect = runSelect('machine-work', MACHINE_WORKLOADS, WORKLOAD_TITLES, (work) => {
      this.settings.workload = work;
    });
    this.repsInput = text('machine-reps', 'machine-small', 'Repetitions');
    this.repsInput.addEventListener('change', () => {
      const parsed = parseIntInRange(
        'Repetitions',
        this.repsInput.value.trim(),
        MACHINE_REPS_RANGE,
      );
      if (!parsed.ok) {
        events.refuse(`${parsed.error}; keeping ${this.settings.reps}.`);
        this.repsInput.value = String(this.settings.reps);
        return;
      }
      events.accepted();
      this.settings.reps = parsed.value;
      events.runs();
    });
    this.predictBox = checkbox('machine-predict');
    this.predictBox.addEventListener('change', () => {
      this.settings.predict = this.predictBox.checked;
      events.runs();
    });

    this.levelInputs = [
      ['l1Bytes', text('machine-l1', 'machine-small', 'L1 KB'), 'L1 (KB)'],
      ['l2Bytes', text('machine-l2', 'machine-small', 'L2 KB'), 'L2 (KB)'],
      ['l3Bytes', text('machine-l3', 'machine-small', 'L3 KB'), 'L3 (KB)'],
      ['tlbEntries', text('machine-tlb', 'machine-small', 'TLB entries'), 'TLB entries'],
    ];
    for (const [field, input, label] of this.levelInputs) {
      input.addEventListener('change', () => {
        const range = field === 'tlbEntries' ? TLB_ENTRIES_RANGE : HIERARCHY_KB_RANGE;
        const parsed = parseIntInRange(label, input.value.trim(), range);
        const now = levelValue(this.settings.hierarchy, field);
        if (!parsed.ok) {
          events.refuse(`${parsed.error}; keeping ${now}.`);
          input.value = String(now);
          return;
        }
        events.accepted();
        this.settings.hierarchy[field] = field === 'tlbEntries' ? parsed.value : parsed.value * KIB;
        events.hierarchy();
      });
    }

    this.form = quietForm(
      { class: 'series-form machine-form', 'aria-label': 'Measurement settings' },
      [
        el('label', {}, ['N values (comma-separated)', this.sizes.input]),
        el('label', {}, ['items as', this.formSelect]),
        el('label', {}, ['workload', this.workSelect]),
        el('label', {}, ['repetitions', this.repsInput]),
      ],
    );
    this.hierarchyForm = quietForm(
      { class: 'series-form machine-form', 'aria-label': 'Modelled cache hierarchy' },
      this.levelInputs.map(([, input, label]) => el('label', {}, [label, input])),
    );
    this.predictLabel = el('label', { class: 'series-checks machine-checks' }, [
      this.predictBox,
      'predict with the cache model',
    ]);
    this.sync();
  }

  /** Says which N the page takes, under the N values. */
  sizesHelp(): HTMLElement {
    return el('p', { class: 'series-explain machine-explain', id: 'machine-sizes-help' }, [
      `N from ${formatCount(MACHINE_MIN_ITEMS)} (2^10) to ${formatCount(MACHINE_PAGE_MAX_ITEMS)} (2^24), at most ${MACHINE_MAX_SIZES} values; large N take seconds per run (the CLI goes to 2^26).`,
    ]);
  }

  /** Reads the N values as they stand (the Measure button does before it starts). */
  readSizes(): boolean {
    return this.sizes.read();
  }

  /** Puts the controls to these settings (back/forward through links). */
  set(settings: MachineSettings): void {
    this.settings = copy(settings);
    this.sync();
  }

  private sync(): void {
    const { settings } = this;
    this.layouts.set(settings.layouts);
    this.sizes.set(settings.sizes);
    this.formSelect.value = settings.form;
    this.workSelect.value = settings.workload;
    this.repsInput.value = String(settings.reps);
    this.predictBox.checked = settings.predict;
    for (const [field, input] of this.levelInputs) {
      input.value = String(levelValue(settings.hierarchy, field));
    }
  }
}

/** A level as its field writes it: KB per cache, entries for the TLB. */
function levelValue(hierarchy: Hierarchy, field: keyof Hierarchy): number {
  return field === 'tlbEntries' ? hierarchy[field] : hierarchy[field] / KIB;
}
