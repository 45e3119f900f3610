// The sidebar's "On this machine" tab: the heaps timed over real memory in a worker (ns per
// operation against N, the spread of the repetitions as a band), the cache model's prediction
// beside them, what they show in words, and the CLI's CSV and JSON.

import '../../view/machine/machine.css';
import { type Hierarchy, KIB, LATENCY_NS } from '../../core/experiments/hierarchy';
import {
  DEFAULT_MACHINE,
  estimateSeconds,
  hierarchyText,
  largestPredicted,
  MACHINE_MAX_SIZES,
  MACHINE_MIN_ITEMS,
  MACHINE_PAGE_MAX_ITEMS,
  MACHINE_REPS_RANGE,
  type MachineSettings,
  machineCliCommand,
  machinePlan,
  PREDICT_PAGE_MAX_BYTES,
  parseMachineSizes,
} from '../../core/experiments/machine';
import {
  DIVERGENCE_HEADING,
  divergence,
  formatN,
  type MachinePoint,
  type MachinePrediction,
  type MachineRow,
  machineRows,
  toMachineCsv,
  toMachineJson,
  VERSUS_HEADING,
  versusBinary,
} from '../../core/experiments/machineReport';
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
import { MachineChart } from '../../view/machine/machineChart';
import { machineSeries } from '../../view/machine/machineData';
import { MachineTable } from '../../view/machine/machineTable';
import { el, setText } from '../dom';
import { MachineClient } from './machineClient';

export interface MachinePanelOptions {
  initial?: MachineSettings;
  onStatus?(text: string): void;
  /** The settings changed through a control (so the link can follow). */
  onSettings?(settings: MachineSettings): void;
}

export interface MachinePanelHandle {
  /** The tab is shown. Measuring waits for the Measure button: it takes a core for a minute. */
  activate(): void;
  deactivate(): void;
  /** Puts the controls to these settings (back/forward through links). */
  setSettings(settings: MachineSettings): void;
}

const WORKLOAD_TITLES: Record<MachineWorkload, string> = {
  phk: 'the article’s (N inserts, N popMin + insert, N popMin)',
  expiry: 'a cache’s expiry queue (insert, refresh, purge, expire)',
};

/** The chart is redrawn at most this often while results arrive. */
const REDRAW_MS = 250;

/** What the chart shows: the settings measured, and what has arrived. */
interface Measured {
  settings: MachineSettings;
  points: MachinePoint[];
  predictions: MachinePrediction[];
  finished: boolean;
}

function copy(settings: MachineSettings): MachineSettings {
  return {
    ...settings,
    layouts: [...settings.layouts],
    sizes: [...settings.sizes],
    hierarchy: { ...settings.hierarchy },
  };
}

/** Whether two settings ask for the same runs (the hierarchy is applied afterwards). */
function sameRuns(a: MachineSettings, b: MachineSettings): boolean {
  return (
    a.layouts.join() === b.layouts.join() &&
    a.sizes.join() === b.sizes.join() &&
    a.form === b.form &&
    a.workload === b.workload &&
    a.reps === b.reps &&
    a.predict === b.predict
  );
}

export function mountMachinePanel(
  container: HTMLElement,
  options: MachinePanelOptions,
): MachinePanelHandle {
  const client = new MachineClient();
  const report = (text: string): void => options.onStatus?.(text);
  let settings = copy(options.initial ?? DEFAULT_MACHINE);
  let measured: Measured | null = null;
  let rows: MachineRow[] = [];
  const changed = (): void => options.onSettings?.(copy(settings));

  // ---- controls ----
  const layoutBoxes = new Map<MachineLayout, HTMLInputElement>();
  const layoutSet = el('fieldset', { class: 'machine-layouts' }, [el('legend', {}, ['Layouts'])]);
  for (const layout of MACHINE_LAYOUTS) {
    const box = el('input', { type: 'checkbox', 'data-testid': `machine-layout-${layout}` });
    box.checked = settings.layouts.includes(layout);
    box.addEventListener('change', () => readLayouts(layout, box));
    layoutBoxes.set(layout, box);
    layoutSet.append(el('label', {}, [box, MACHINE_LAYOUT_INFO[layout].title]));
  }

  const text = (testId: string, className: string, label: string): HTMLInputElement =>
    el('input', {
      type: 'text',
      inputmode: 'numeric',
      spellcheck: 'false',
      autocomplete: 'off',
      class: className,
      'data-testid': testId,
      'aria-label': label,
    });
  const sizesInput = text('machine-sizes', 'machine-sizes', 'N values');
  sizesInput.setAttribute('aria-describedby', 'machine-sizes-help');
  sizesInput.addEventListener('change', () => readSizes());
  sizesInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (readSizes()) measure();
    }
  });
  const formSelect = el('select', { 'data-testid': 'machine-form' });
  for (const form of ITEM_FORMS)
    formSelect.append(el('option', { value: form }, [FORM_TITLES[form]]));
  formSelect.addEventListener('change', () => {
    const value = ITEM_FORMS.find((f) => f === formSelect.value);
    if (value !== undefined) settings.form = value;
    runsChanged();
  });
  const workSelect = el('select', { 'data-testid': 'machine-work' });
  for (const work of MACHINE_WORKLOADS)
    workSelect.append(el('option', { value: work }, [WORKLOAD_TITLES[work]]));
  workSelect.addEventListener('change', () => {
    const value = MACHINE_WORKLOADS.find((w) => w === workSelect.value);
    if (value !== undefined) settings.workload = value;
    runsChanged();
  });
  const repsInput = text('machine-reps', 'machine-small', 'Repetitions');
  repsInput.addEventListener('change', () => {
    const parsed = parseIntInRange('Repetitions', repsInput.value.trim(), MACHINE_REPS_RANGE);
    if (!parsed.ok) {
      refuse(`${parsed.error}; keeping ${settings.reps}.`);
      repsInput.value = String(settings.reps);
      return;
    }
    setText(error, '');
    settings.reps = parsed.value;
    runsChanged();
  });
  const predictBox = el('input', { type: 'checkbox', 'data-testid': 'machine-predict' });
  predictBox.addEventListener('change', () => {
    settings.predict = predictBox.checked;
    runsChanged();
  });

  const levelInputs: [keyof Hierarchy, HTMLInputElement, string][] = [
    ['l1Bytes', text('machine-l1', 'machine-small', 'L1 KB'), 'L1 (KB)'],
    ['l2Bytes', text('machine-l2', 'machine-small', 'L2 KB'), 'L2 (KB)'],
    ['l3Bytes', text('machine-l3', 'machine-small', 'L3 KB'), 'L3 (KB)'],
    ['tlbEntries', text('machine-tlb', 'machine-small', 'TLB entries'), 'TLB entries'],
  ];
  for (const [field, input, label] of levelInputs) {
    input.addEventListener('change', () => {
      const parsed = parseIntInRange(label, input.value.trim(), { min: 1, max: 1_048_576 });
      const now =
        field === 'tlbEntries' ? settings.hierarchy[field] : settings.hierarchy[field] / KIB;
      if (!parsed.ok) {
        refuse(`${parsed.error}; keeping ${now}.`);
        input.value = String(now);
        return;
      }
      setText(error, '');
      settings.hierarchy[field] = field === 'tlbEntries' ? parsed.value : parsed.value * KIB;
      // The model answers any hierarchy from the traced curves: no new run.
      redraw();
      changed();
    });
  }

  const form = el('form', { class: 'machine-form', 'aria-label': 'Measurement settings' }, [
    el('label', {}, ['N values (comma-separated)', sizesInput]),
    el('label', {}, ['items as', formSelect]),
    el('label', {}, ['workload', workSelect]),
    el('label', {}, ['repetitions', repsInput]),
  ]);
  form.addEventListener('submit', (event) => event.preventDefault());
  const sizesHelp = el('p', { class: 'machine-explain', id: 'machine-sizes-help' }, [
    `N from ${MACHINE_MIN_ITEMS.toLocaleString('en-US')} (2^10) to ${MACHINE_PAGE_MAX_ITEMS.toLocaleString('en-US')} (2^24), at most ${MACHINE_MAX_SIZES} values; large N take seconds per run (the CLI goes to 2^26).`,
  ]);
  const hierarchyForm = el(
    'form',
    { class: 'machine-form', 'aria-label': 'Modelled cache hierarchy' },
    levelInputs.map(([, input, label]) => el('label', {}, [label, input])),
  );
  hierarchyForm.addEventListener('submit', (event) => event.preventDefault());
  const predictLabel = el('label', { class: 'machine-checks' }, [
    predictBox,
    'predict with the cache model',
  ]);
  const modelHelp = el('p', { class: 'machine-explain', 'data-testid': 'machine-model-help' });
  const warning = el('p', { class: 'machine-warning', role: 'note' }, [
    'Real timings of this browser on this computer: other tabs, other programs and power saving disturb them. Close what you can, keep this tab in front, and read the bands, not single numbers.',
  ]);

  const measureButton = el('button', { type: 'button', 'data-testid': 'machine-measure' }, [
    'Measure',
  ]);
  measureButton.addEventListener('click', () => {
    if (readSizes()) measure();
  });
  const cancelButton = el('button', { type: 'button', 'data-testid': 'machine-cancel' }, [
    'Cancel',
  ]);
  cancelButton.hidden = true;
  cancelButton.addEventListener('click', () => cancel());
  const progress = el('progress', {
    max: '1',
    value: '0',
    'data-testid': 'machine-progress',
    'aria-label': 'Measurement progress',
  });
  progress.hidden = true;
  const actions = el('div', { class: 'machine-actions' }, [
    measureButton,
    cancelButton,
    progress,
    predictLabel,
  ]);
  const status = el('p', {
    class: 'machine-status',
    role: 'status',
    'data-testid': 'machine-status',
  });
  const error = el('p', { class: 'machine-error', role: 'alert', 'data-testid': 'machine-error' });
  const chartBox = el('div', { class: 'machine-chart' });
  const table = new MachineTable('machine-table');
  const summary = el('div', { class: 'machine-summary', 'data-testid': 'machine-summary' });
  const modelSection = el('section', { class: 'machine-model', 'aria-label': 'The cache model' }, [
    el('h3', {}, ['The cache model']),
    hierarchyForm,
    modelHelp,
  ]);
  const note = el('p', { class: 'machine-note', 'data-testid': 'machine-note' });
  const csvButton = el('button', { type: 'button', 'data-testid': 'machine-export-csv' }, [
    'Export CSV',
  ]);
  csvButton.addEventListener('click', () => download('csv'));
  const jsonButton = el('button', { type: 'button', 'data-testid': 'machine-export-json' }, [
    'Export JSON',
  ]);
  jsonButton.addEventListener('click', () => download('json'));
  const exports = el('div', { class: 'exports', role: 'group', 'aria-label': 'Export' }, [
    csvButton,
    jsonButton,
  ]);

  const root = el(
    'section',
    { class: 'machine', 'aria-label': 'On this machine', 'data-state': 'idle' },
    [
      warning,
      layoutSet,
      form,
      sizesHelp,
      actions,
      error,
      status,
      chartBox,
      table.element,
      summary,
      modelSection,
      note,
      exports,
    ],
  );
  container.append(root);
  const chart = new MachineChart(chartBox, {
    testId: 'machine-chart',
    legendTestId: 'machine-legend',
    readoutTestId: 'machine-readout',
    onReadout: (items) => table.show(rows, items),
  });

  // ---- input ----
  function refuse(message: string): void {
    setText(error, message);
    report(message);
  }

  function readLayouts(layout: MachineLayout, box: HTMLInputElement): void {
    const next = MACHINE_LAYOUTS.filter((l) =>
      l === layout ? box.checked : settings.layouts.includes(l),
    );
    if (next.length === 0) {
      box.checked = true;
      refuse('Choose at least one layout (of the 6 listed); keeping the previous choice.');
      return;
    }
    setText(error, '');
    settings.layouts = next;
    runsChanged();
  }

  function readSizes(): boolean {
    const parsed = parseMachineSizes(sizesInput.value, MACHINE_PAGE_MAX_ITEMS);
    if (!parsed.ok) {
      refuse(`${parsed.error}; keeping ${settings.sizes.join(', ')}.`);
      sizesInput.value = settings.sizes.join(', ');
      return false;
    }
    setText(error, '');
    const before = settings.sizes.join();
    settings.sizes = parsed.value;
    sizesInput.value = settings.sizes.join(', ');
    if (settings.sizes.join() !== before) runsChanged();
    return true;
  }

  /** Settings that need a new measurement changed: say so, and update the link. */
  function runsChanged(): void {
    updateNotes();
    if (measured !== null && !client.busy && !sameRuns(measured.settings, settings)) {
      setText(status, 'The settings changed: press Measure to run them.');
    }
    changed();
  }

  function syncControls(): void {
    for (const [layout, box] of layoutBoxes) box.checked = settings.layouts.includes(layout);
    sizesInput.value = settings.sizes.join(', ');
    formSelect.value = settings.form;
    workSelect.value = settings.workload;
    repsInput.value = String(settings.reps);
    predictBox.checked = settings.predict;
    for (const [field, input] of levelInputs) {
      const value = settings.hierarchy[field];
      input.value = String(field === 'tlbEntries' ? value : value / KIB);
    }
  }

  // ---- measuring ----
  function measure(): void {
    const asked = copy(settings);
    const runs = machinePlan(asked).length;
    measured = { settings: asked, points: [], predictions: [], finished: false };
    root.dataset.state = 'measuring';
    progress.hidden = false;
    progress.value = 0;
    cancelButton.hidden = false;
    setText(error, '');
    setText(
      status,
      `Measuring ${runs} runs in a worker (roughly ${Math.ceil(estimateSeconds(asked, PREDICT_PAGE_MAX_BYTES))} s)…`,
    );
    report(`On this machine: measuring ${runs} runs`);
    chart.setMessage('Measuring… (other tabs and programs disturb the timings)');
    redraw();
    client.measure(
      { settings: asked, predictBytes: PREDICT_PAGE_MAX_BYTES },
      {
        onProgress: (done, total, label) => {
          progress.value = done / Math.max(1, total);
          setText(status, `${done} of ${total} steps; ${label}…`);
        },
        onPoint: (point) => {
          measured?.points.push(point);
          redrawSoon();
        },
        onPrediction: (prediction) => {
          measured?.predictions.push(prediction);
          redrawSoon();
        },
        onDone: (seconds) => {
          if (measured === null) return;
          measured.finished = true;
          finish(`Measured ${measured.points.length} runs in ${seconds.toFixed(1)} s.`);
        },
        onError: (message) => finish(`The measurement failed: ${message}`),
      },
    );
  }

  function cancel(): void {
    if (!client.busy) return;
    client.cancel();
    finish('Cancelled: the chart keeps the runs measured so far. Press Measure to run again.');
  }

  function finish(message: string): void {
    root.dataset.state = measured?.finished ? 'done' : 'idle';
    progress.hidden = true;
    cancelButton.hidden = true;
    chart.setMessage(null);
    setText(status, message);
    report(message);
    redraw();
  }

  // ---- output ----
  let timer = 0;
  let describeTimer = 0;
  /**
   * Results arriving close together are drawn once, at most four times a second: each draw is a
   * little main-thread work while the worker keeps a core busy.
   */
  function redrawSoon(): void {
    if (timer !== 0) return;
    timer = window.setTimeout(() => {
      timer = 0;
      redraw();
    }, REDRAW_MS);
  }

  function redraw(): void {
    window.clearTimeout(timer);
    timer = 0;
    rows =
      measured === null
        ? []
        : machineRows(measured.points, measured.predictions, settings.hierarchy);
    if (measured === null) {
      chart.setData(null);
      if (!client.busy) chart.setMessage('Press Measure to time the heaps in this browser.');
    } else {
      const m = measured.settings;
      chart.setData({
        series: machineSeries(rows),
        sizes: m.sizes,
        showModel: m.predict,
        title: `Time per operation on this machine: ${m.workload === 'phk' ? 'the article’s workload' : 'the expiry workload'}`,
        caption: `${FORM_TITLES[m.form]} (8-byte slots) · median of ${m.reps} repetitions, band: fastest–slowest · random(3) keys`,
      });
    }
    // The table and the sentences in a task of their own: with the chart in one task, a
    // redraw passed the Long Tasks budget of 50 ms on a busy two-core machine.
    window.clearTimeout(describeTimer);
    describeTimer = window.setTimeout(describe, 0);
  }

  /** The table at the chart's readout, where each layout beats the binary heap, and the notes. */
  function describe(): void {
    table.show(rows, chart.readoutItems);
    const parts: HTMLElement[] = [];
    const list = (heading: string, sentences: string[]): void => {
      if (sentences.length === 0) return;
      parts.push(
        el('p', { class: 'machine-summary-heading' }, [heading]),
        el(
          'ul',
          {},
          sentences.map((sentence) => el('li', {}, [sentence])),
        ),
      );
    };
    list(
      VERSUS_HEADING,
      versusBinary(rows).map((v) => v.sentence),
    );
    list(DIVERGENCE_HEADING, divergence(rows));
    summary.replaceChildren(...parts);
    updateNotes();
  }

  function updateNotes(): void {
    const largest = largestPredicted(settings, PREDICT_PAGE_MAX_BYTES);
    setText(
      modelHelp,
      `The model: ${hierarchyText(settings.hierarchy)}, each a fully associative LRU cache of 64-byte lines (the TLB of 4 KB pages), ` +
        `fed one traced run; misses cost ${LATENCY_NS.l2} ns (to L2), ${LATENCY_NS.l3} ns (L3), ${LATENCY_NS.memory} ns (memory), ${LATENCY_NS.pageWalk} ns (page walk); ` +
        'the CPU time per comparison is taken from the smallest N measured. ' +
        (settings.predict
          ? largest > 0
            ? `Traced here up to N = ${formatN(largest)} (heaps of at most ${PREDICT_PAGE_MAX_BYTES / 2 ** 20} MiB, a few seconds each); larger N are measured only.`
            : `No N here is small enough to trace (heaps of at most ${PREDICT_PAGE_MAX_BYTES / 2 ** 20} MiB).`
          : 'Prediction is off.'),
    );
    const shown = measured?.settings ?? settings;
    setText(
      note,
      `Same table from the command line (its times differ run to run): ${machineCliCommand({ ...shown, hierarchy: settings.hierarchy })}`,
    );
  }

  function download(format: 'csv' | 'json'): void {
    if (measured === null || measured.points.length === 0) {
      refuse('Nothing to export yet: press Measure first.');
      return;
    }
    setText(error, '');
    const body =
      format === 'csv' ? toMachineCsv(rows) : `${toMachineJson(rows, settings.hierarchy)}\n`;
    const m = measured.settings;
    const name = `bheap-machine-${m.workload}-${m.form}.${format}`;
    const url = URL.createObjectURL(
      new Blob([body], { type: format === 'csv' ? 'text/csv' : 'application/json' }),
    );
    const link = el('a', { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    if (!measured.finished) setText(status, 'Exported the runs measured so far.');
  }

  syncControls();
  redraw();

  return {
    activate(): void {
      // Nothing starts by itself: a measurement takes a core for a while.
    },
    deactivate(): void {
      // The worker keeps going while the tab is hidden; its results cost the page nothing.
    },
    setSettings(next: MachineSettings): void {
      const hierarchyChanged =
        JSON.stringify(next.hierarchy) !== JSON.stringify(settings.hierarchy);
      settings = copy(next);
      syncControls();
      setText(error, '');
      if (hierarchyChanged) redraw();
      else updateNotes();
      if (measured !== null && !client.busy && !sameRuns(measured.settings, settings)) {
        setText(status, 'The settings changed: press Measure to run them.');
      }
    },
  };
}
