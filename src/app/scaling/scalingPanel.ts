// The sidebar's scaling tab: cost per operation against N for every structure on the Asterisk
// review's test (N adds, then N deletes), computed point by point in a worker and drawn as the
// points arrive; controls, progress with Cancel, and the CLI's CSV.

import '../../view/scaling/scaling.css';
import {
  NO_CALL_OVERHEAD,
  REVIEW_CALL_OVERHEAD,
  SECONDS_PER_ACCESS,
} from '../../core/experiments/cost';
import { LIST_MAX_ITEMS, type ScalingPoint, toScalingCsv } from '../../core/experiments/scaling';
import {
  csvOrder,
  DEFAULT_SCALING,
  formatItems,
  formatSeconds,
  type OverheadChoice,
  parseScalingSizes,
  QUANTITY_LABELS,
  SCALING_MAX_SIZES,
  SCALING_PAGE_MAX_ITEMS,
  SCALING_QUANTITIES,
  type ScalingCommand,
  type ScalingJob,
  type ScalingQuantity,
  type ScalingSettings,
  scalingCliCommand,
  scalingPlan,
  scalingSeries,
  withOverhead,
} from '../../core/experiments/scalingSeries';
import {
  DEFAULT_NODE_BYTES,
  STRUCTURE_KINDS,
  STRUCTURES,
  type StructureKind,
} from '../../core/structures/registry';
import { FULL_KEY_RANGE } from '../../core/workloads/workloads';
import { ScalingChart } from '../../view/scaling/scalingChart';
import { el, setText } from '../dom';
import { saveFile } from '../download';
import { ScalingClient } from './scalingClient';

export interface ScalingPanelOptions {
  /** The settings to start from (a link's). */
  initial?: ScalingSettings;
  /** One line on what the panel is doing (started, done, cancelled, refused input). */
  onStatus?(text: string): void;
  /** The settings changed through a control (so the link can follow). */
  onSettings?(settings: ScalingSettings): void;
}

export interface ScalingPanelHandle {
  /** The tab is shown: the first time, computing starts with the current settings. */
  activate(): void;
  deactivate(): void;
  /** Puts the controls to these settings (back/forward through links). */
  setSettings(settings: ScalingSettings): void;
}

/** The CLI's defaults, so the page's CSV is the one `npm run sim -- scaling` prints. */
const ITEMS_PER_PAGE = 512;
const SEED = 1;

/** The run the chart shows: what was asked, and the points received so far. */
interface Computed {
  command: ScalingCommand;
  points: ScalingPoint[];
  skipped: ScalingJob[];
  finished: boolean;
}

function overheadOf(choice: OverheadChoice): typeof REVIEW_CALL_OVERHEAD {
  return choice === 'review' ? REVIEW_CALL_OVERHEAD : NO_CALL_OVERHEAD;
}

function sameRun(a: ScalingCommand, b: ScalingCommand): boolean {
  return (
    a.kinds.join() === b.kinds.join() &&
    a.sizes.join() === b.sizes.join() &&
    a.measure === b.measure
  );
}

export function mountScalingPanel(
  container: HTMLElement,
  options: ScalingPanelOptions,
): ScalingPanelHandle {
  const client = new ScalingClient();
  const report = (text: string): void => options.onStatus?.(text);

  // What the controls hold; a refused input leaves these unchanged.
  const initial = options.initial ?? DEFAULT_SCALING;
  let kinds: StructureKind[] = [...initial.kinds];
  let sizes: number[] = [...initial.sizes];
  let quantity: ScalingQuantity = initial.quantity;
  let overhead: OverheadChoice = initial.overhead;
  let measure = initial.measure;
  const settings = (): ScalingSettings => ({
    kinds: [...kinds],
    sizes: [...sizes],
    quantity,
    overhead,
    measure,
  });
  const changed = (): void => options.onSettings?.(settings());
  let showMeasured = true;
  let computed: Computed | null = null;
  let started = false;

  const command = (): ScalingCommand => ({
    kinds: STRUCTURE_KINDS.filter((kind) => kinds.includes(kind)),
    sizes: [...sizes],
    itemsPerPage: ITEMS_PER_PAGE,
    nodeBytes: DEFAULT_NODE_BYTES,
    seed: SEED,
    keyRange: FULL_KEY_RANGE,
    overhead,
    measure,
  });

  // ---- controls ----
  const kindBoxes = new Map<StructureKind, HTMLInputElement>();
  const kindSet = el('fieldset', { class: 'scaling-kinds' }, [el('legend', {}, ['Structures'])]);
  for (const kind of STRUCTURE_KINDS) {
    const box = el('input', { type: 'checkbox', 'data-testid': `scaling-kind-${kind}` });
    box.checked = kinds.includes(kind);
    box.addEventListener('change', () => readKinds(kind, box));
    kindBoxes.set(kind, box);
    kindSet.append(el('label', { title: STRUCTURES[kind].source }, [box, STRUCTURES[kind].title]));
  }

  const sizesInput = el('input', {
    type: 'text',
    inputmode: 'numeric',
    spellcheck: 'false',
    autocomplete: 'off',
    'data-testid': 'scaling-sizes',
    'aria-describedby': 'scaling-sizes-help',
  });
  sizesInput.value = sizes.join(', ');
  sizesInput.addEventListener('change', () => readSizes());
  sizesInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (readSizes()) compute();
    }
  });

  const quantitySelect = el('select', { 'data-testid': 'scaling-quantity' });
  for (const q of SCALING_QUANTITIES) {
    quantitySelect.append(el('option', { value: q }, [`${QUANTITY_LABELS[q]} (per operation)`]));
  }
  quantitySelect.value = quantity;
  quantitySelect.addEventListener('change', () => {
    const value = SCALING_QUANTITIES.find((q) => q === quantitySelect.value);
    if (value === undefined) quantitySelect.value = quantity;
    else quantity = value;
    draw();
    changed();
  });

  const overheadBox = el('input', { type: 'checkbox', 'data-testid': 'scaling-overhead' });
  overheadBox.checked = overhead === 'review';
  overheadBox.addEventListener('change', () => {
    overhead = overheadBox.checked ? 'review' : 'none';
    // The model's seconds follow from the counted accesses: no new run is needed.
    draw();
    updateNote();
    changed();
  });
  const measureBox = el('input', { type: 'checkbox', 'data-testid': 'scaling-measure' });
  measureBox.checked = measure;
  measureBox.addEventListener('change', () => {
    measure = measureBox.checked;
    noteStale();
    changed();
  });
  const showMeasuredBox = el('input', { type: 'checkbox', 'data-testid': 'scaling-show-measured' });
  showMeasuredBox.checked = showMeasured;
  showMeasuredBox.disabled = true;
  showMeasuredBox.addEventListener('change', () => {
    showMeasured = showMeasuredBox.checked;
    draw();
  });

  const form = el('form', { class: 'scaling-form', 'aria-label': 'Scaling parameters' }, [
    el('label', {}, ['N values (comma-separated)', sizesInput]),
    el('label', {}, ['plot time per', quantitySelect]),
  ]);
  form.addEventListener('submit', (event) => event.preventDefault());
  const sizesHelp = el('p', { class: 'scaling-explain', id: 'scaling-sizes-help' }, [
    `Integers from 1 to ${SCALING_PAGE_MAX_ITEMS.toLocaleString('en-US')}, at most ${SCALING_MAX_SIZES} of them. The sorted list stops at ${formatItems(LIST_MAX_ITEMS)}.`,
  ]);
  const checks = el('div', { class: 'scaling-checks' }, [
    el('label', {}, [overheadBox, 'add the review’s per-call cost']),
    el('label', {}, [measureBox, 'measure in this browser']),
    el('label', {}, [showMeasuredBox, 'show measured (dashed)']),
  ]);
  const overheadHelp = el('p', { class: 'scaling-explain' }, [
    `The review’s per-call cost: each add also pays ${formatSeconds(REVIEW_CALL_OVERHEAD.addSeconds)} ` +
      `and each delete ${formatSeconds(REVIEW_CALL_OVERHEAD.deleteSeconds)} for malloc()/free() ` +
      'and the mutex lock/unlock, which is why its small-N times are all alike.',
  ]);

  const computeButton = el('button', { type: 'button', 'data-testid': 'scaling-compute' }, [
    'Compute',
  ]);
  computeButton.addEventListener('click', () => {
    if (readSizes()) compute();
  });
  const cancelButton = el('button', { type: 'button', 'data-testid': 'scaling-cancel' }, [
    'Cancel',
  ]);
  cancelButton.hidden = true;
  cancelButton.addEventListener('click', () => cancel());
  const progress = el('progress', {
    max: '1',
    value: '0',
    'data-testid': 'scaling-progress',
    'aria-label': 'Scaling progress',
  });
  progress.hidden = true;
  const actions = el('div', { class: 'scaling-actions' }, [computeButton, cancelButton, progress]);
  const status = el('p', {
    class: 'scaling-status',
    role: 'status',
    'data-testid': 'scaling-status',
  });
  const error = el('p', { class: 'scaling-error', role: 'alert', 'data-testid': 'scaling-error' });
  const chartBox = el('div', { class: 'scaling-chart' });
  const note = el('p', { class: 'scaling-note', 'data-testid': 'scaling-note' });
  const csvButton = el('button', { type: 'button', 'data-testid': 'scaling-export-csv' }, [
    'Export CSV',
  ]);
  csvButton.addEventListener('click', () => exportCsv());
  const exports = el('div', { class: 'exports', role: 'group', 'aria-label': 'Export' }, [
    csvButton,
  ]);

  const root = el(
    'section',
    { class: 'scaling', 'aria-label': 'Cost per operation against N', 'data-state': 'idle' },
    [
      kindSet,
      form,
      sizesHelp,
      checks,
      overheadHelp,
      actions,
      error,
      status,
      chartBox,
      note,
      exports,
    ],
  );
  container.append(root);
  const chart = new ScalingChart(chartBox, {
    testId: 'scaling-chart',
    legendTestId: 'scaling-legend',
    readoutTestId: 'scaling-readout',
  });

  // ---- input ----
  function refuse(message: string): void {
    setText(error, message);
    report(message);
  }

  function readKinds(kind: StructureKind, box: HTMLInputElement): void {
    const next = STRUCTURE_KINDS.filter((k) => (k === kind ? box.checked : kinds.includes(k)));
    if (next.length === 0) {
      box.checked = true;
      refuse('Choose at least one structure (from the 8 listed); keeping the previous choice.');
      return;
    }
    setText(error, '');
    kinds = next;
    noteStale();
    changed();
  }

  /** Reads the N values; a refused text is named and replaced by the previous values. */
  function readSizes(): boolean {
    const parsed = parseScalingSizes(sizesInput.value);
    if (!parsed.ok) {
      refuse(`${parsed.error}; keeping ${sizes.join(', ')}.`);
      sizesInput.value = sizes.join(', ');
      return false;
    }
    setText(error, '');
    const before = sizes.join();
    sizes = parsed.value;
    sizesInput.value = sizes.join(', ');
    noteStale();
    if (sizes.join() !== before) changed();
    return true;
  }

  function noteStale(): void {
    updateNote();
    if (computed !== null && !client.busy && !sameRun(computed.command, command())) {
      setText(status, 'The settings changed: press Compute to run them.');
    }
  }

  // ---- computing ----
  function compute(): void {
    started = true;
    const asked = command();
    const plan = scalingPlan(asked.kinds, asked.sizes);
    computed = { command: asked, points: [], skipped: plan.skipped, finished: false };
    root.dataset.state = 'computing';
    progress.hidden = false;
    progress.value = 0;
    cancelButton.hidden = false;
    showMeasuredBox.disabled = !asked.measure;
    const where = asked.measure ? 'counting and timing' : 'counting';
    setText(status, `Computing ${plan.jobs.length} points (${where}) in a worker…`);
    report(`Scaling: computing ${plan.jobs.length} points`);
    chart.setMessage('Computing…');
    draw();
    updateNote();
    client.compute(
      {
        kinds: [...asked.kinds],
        sizes: [...asked.sizes],
        itemsPerPage: asked.itemsPerPage,
        nodeBytes: asked.nodeBytes,
        seed: asked.seed,
        keyRange: asked.keyRange,
        overhead: asked.overhead,
        measure: asked.measure,
      },
      {
        onPoint: (point, done, total) => {
          if (computed === null) return;
          computed.points.push(point);
          progress.value = done / Math.max(1, total);
          const next = plan.jobs[done];
          setText(
            status,
            `${done} of ${total} points` +
              (next === undefined
                ? '.'
                : `; now ${STRUCTURES[next.kind].title} at N = ${formatItems(next.items)}…`),
          );
          chart.setMessage(`Computing… ${done} / ${total}`);
          draw();
        },
        onDone: (skipped, seconds) => {
          if (computed === null) return;
          computed.skipped = skipped;
          computed.finished = true;
          finish(`Computed ${computed.points.length} points in ${seconds.toFixed(1)} s.`);
        },
        onError: (message) => finish(`The computation failed: ${message}`),
      },
    );
  }

  function cancel(): void {
    if (!client.busy) return;
    client.cancel();
    finish('Cancelled: the chart keeps the points computed so far. Press Compute to run again.');
  }

  function finish(message: string): void {
    root.dataset.state = computed?.finished ? 'done' : 'idle';
    progress.hidden = true;
    cancelButton.hidden = true;
    chart.setMessage(null);
    setText(status, message);
    report(message);
    draw();
    updateNote();
  }

  // ---- output ----
  /** The received points, with the model seconds for the overhead now chosen. */
  function shownPoints(): ScalingPoint[] {
    if (computed === null) return [];
    const cost = overheadOf(overhead);
    return computed.points.map((point) => withOverhead(point, cost));
  }

  function draw(): void {
    if (computed === null) {
      chart.setData(null);
      return;
    }
    const points = shownPoints();
    const measured = computed.command.measure;
    const label = QUANTITY_LABELS[quantity];
    const perCall =
      overhead === 'review'
        ? ` + ${formatSeconds(REVIEW_CALL_OVERHEAD.addSeconds)}/${formatSeconds(REVIEW_CALL_OVERHEAD.deleteSeconds)} per add/delete`
        : '';
    chart.setData({
      model: scalingSeries(points, quantity, 'model'),
      measured: measured ? scalingSeries(points, quantity, 'measured') : [],
      showMeasured,
      quantity,
      sizes: computed.command.sizes,
      title: `Time per ${label} against N (the Asterisk review’s sched test)`,
      caption:
        `N adds, then N deletes · model ${formatSeconds(SECONDS_PER_ACCESS)} per word access${perCall}` +
        ` · ${ITEMS_PER_PAGE} words/page · seed ${SEED}`,
    });
  }

  function updateNote(): void {
    const parts: string[] = [];
    const asked = command();
    const skipped = scalingPlan(asked.kinds, asked.sizes).skipped;
    if (skipped.length > 0) {
      parts.push(
        `The sorted list stops at N = ${formatItems(LIST_MAX_ITEMS)}: each add walks the list ` +
          `(N²/4 node visits for N adds), so ${skipped.map((job) => formatItems(job.items)).join(', ')} ` +
          'is not run for it.',
      );
    }
    const shown = computed?.command ?? asked;
    parts.push(`Same CSV from the command line: ${scalingCliCommand({ ...shown, overhead })}`);
    if (shown.measure) {
      parts.push(
        '(Measured times vary from run to run. This page times batches of runs, since its clock ' +
          'ticks every 100 µs; the CLI times single runs.)',
      );
    }
    setText(note, parts.join(' '));
  }

  function exportCsv(): void {
    if (computed === null || computed.points.length === 0) {
      refuse('Nothing to export yet: press Compute first.');
      return;
    }
    setText(error, '');
    const text = toScalingCsv(csvOrder(shownPoints()));
    const name = `bheap-scaling-${overhead}${computed.command.measure ? '-measured' : ''}.csv`;
    saveFile(new Blob([text], { type: 'text/csv' }), name);
    if (!computed.finished) setText(status, 'Exported the points computed so far.');
  }

  updateNote();
  draw();

  return {
    activate(): void {
      if (!started) compute();
    },
    deactivate(): void {
      // The worker keeps going while the tab is hidden: its results cost the page nothing.
    },
    setSettings(next: ScalingSettings): void {
      kinds = [...next.kinds];
      sizes = [...next.sizes];
      quantity = next.quantity;
      overhead = next.overhead;
      measure = next.measure;
      for (const [kind, box] of kindBoxes) box.checked = kinds.includes(kind);
      sizesInput.value = sizes.join(', ');
      quantitySelect.value = quantity;
      overheadBox.checked = overhead === 'review';
      measureBox.checked = measure;
      setText(error, '');
      draw();
      noteStale();
    },
  };
}
