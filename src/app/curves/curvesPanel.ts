// The sidebar's fault-cost curves: presets for the article's Figures 1-4, the two structures
// compared and the parameters, a progress bar with Cancel, the chart and its readout, and exports
// (SVG, PNG, CSV, JSON).

import {
  fitCurvesMemory,
  fitListItems,
  fitNodeBytes,
  padPair,
  pairTitles,
  pairUsesNodes,
  parseNodeBytes,
} from '../../core/experiments/curvePair';
import {
  CURVES_MAX_ITEMS,
  type CurveSettings,
  describeSettings,
  PRESET_IDS,
  PRESETS,
  type PresetId,
  presetSettings,
  sweepKey,
  visibleRange,
} from '../../core/experiments/curveSettings';
import type { PolicySweepResult } from '../../core/experiments/policySweep';
import {
  toCsvReport,
  toJsonReport,
  toPolicyCsvReport,
  toPolicyJsonReport,
} from '../../core/experiments/report';
import { LIST_MAX_ITEMS } from '../../core/experiments/scaling';
import { isPolicy, type Policy } from '../../core/memory/pager';
import { parseIntInRange, parseNumberInRange } from '../../core/ranges';
import { isValidItemsPerPage } from '../../core/structures/heap/indexMaps';
import { MAX_NODE_BYTES, WORD_BYTES } from '../../core/structures/pointer/arena';
import {
  isStructureKind,
  nodeBytesFloor,
  STRUCTURE_KINDS,
  STRUCTURES,
} from '../../core/structures/registry';
import { type CurveSeries, CurvesChart } from '../../view/curves/curvesChart';
import { el, setText } from '../dom';
import { saveFile } from '../download';
import { recordDuration } from '../timing';
import { type CurvePair, type CurveResult, CurvesClient, runsOf } from './curvesClient';

export interface CurvesPanelHost {
  /** New settings chosen here (the app puts them in the link). */
  onSettings: (settings: CurveSettings) => void;
  /** A point was picked: the frame count of the curves' run, out of its pages. */
  onPickFrames: (frames: number, pages: number) => void;
  /** Messages about refused inputs, shown where the link's are. */
  onErrors: (messages: string[]) => void;
  /** The readout moved to this frame count (the app keeps it in the link: cread). */
  onReadout: (frames: number) => void;
}

export class CurvesPanel {
  readonly root: HTMLElement;
  private readonly client = new CurvesClient();
  private readonly chart: CurvesChart;
  private readonly progress: HTMLProgressElement;
  private readonly progressRow: HTMLElement;
  private readonly status: HTMLElement;
  private readonly note: HTMLElement;
  private readonly inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  private readonly presetButtons = new Map<PresetId, HTMLButtonElement>();
  /** The node-size field, shown only when a pointer structure is compared. */
  private readonly nodeField: HTMLElement;
  private settings: CurveSettings;
  private results: CurvePair | null = null;
  /** Frame counts the chart spans: the larger side's pages. */
  private pages: number | null = null;
  private active = false;
  /** A result kept while the panel was hidden, to be drawn when it shows. */
  private undrawn = false;
  private scenarioFrames: number | null = null;

  constructor(
    initial: CurveSettings,
    private readonly host: CurvesPanelHost,
  ) {
    this.settings = initial;
    const presets = el('div', {
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
      // A figure's settings, under the policy (and floor) chosen.
      button.addEventListener('click', () =>
        this.change({
          ...presetSettings(id),
          policy: this.settings.policy,
          floor: this.settings.floor,
        }),
      );
      this.presetButtons.set(id, button);
      presets.append(button);
    }
    const form = el('form', { class: 'curves-form', 'aria-label': 'Curve parameters' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const field = (
      name: string,
      label: string,
      control: HTMLInputElement | HTMLSelectElement,
    ): HTMLElement => {
      control.setAttribute('data-testid', `curves-${name}`);
      control.addEventListener('change', () => this.readForm());
      this.inputs.set(name, control);
      const wrapper = el('label', {}, [label, control]);
      form.append(wrapper);
      return wrapper;
    };
    const structureSelect = (): HTMLSelectElement =>
      el(
        'select',
        {},
        STRUCTURE_KINDS.map((kind) => el('option', { value: kind }, [STRUCTURES[kind].title])),
      );
    field('left', 'left', structureSelect());
    field('right', 'right (ratio: left / right)', structureSelect());
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
    const page = el('select');
    for (let size = 4; size <= 4096; size *= 2)
      page.append(el('option', { value: String(size) }, [String(size)]));
    field('page', 'items/page', page);
    field('io', 'I/O ms', el('input', { type: 'number', min: '0', max: '1000', step: 'any' }));
    field(
      'cpu',
      'CPU time',
      el('select', {}, [
        el('option', { value: 'article' }, ['article']),
        el('option', { value: 'measure' }, ['measure here']),
      ]),
    );
    field(
      'mode',
      'plot',
      el('select', {}, [
        el('option', { value: 'time' }, ['run time']),
        el('option', { value: 'transfers' }, ['transfers/op']),
      ]),
    );
    field(
      'policy',
      'replacement',
      el('select', {}, [
        el('option', { value: 'lru' }, ['LRU (article)']),
        el('option', { value: 'fifo' }, ['FIFO']),
        el('option', { value: 'clock' }, ['CLOCK']),
        el('option', { value: 'opt' }, ['OPT (Belady)']),
      ]),
    );
    field(
      'floor',
      'OPT floor',
      el('select', {}, [
        el('option', { value: '0' }, ['not drawn']),
        el('option', { value: '1' }, ['dashed']),
      ]),
    );
    field(
      'unit',
      'pressure in',
      el('select', {}, [
        el('option', { value: 'kb' }, ['KB']),
        el('option', { value: 'pages' }, ['pages']),
      ]),
    );
    this.progress = el('progress', {
      max: '1',
      value: '0',
      'data-testid': 'curves-progress',
      'aria-label': 'Sweep progress',
    });
    const cancel = el('button', { type: 'button', 'data-testid': 'curves-cancel' }, ['Cancel']);
    cancel.addEventListener('click', () => {
      this.client.cancel();
      this.showIdle('Cancelled. Choose a preset or change a parameter to compute again.');
    });
    this.status = el('span', { class: 'curves-status', role: 'status' });
    this.progressRow = el('div', { class: 'curves-progress', hidden: '' }, [this.progress, cancel]);
    const chartBox = el('div', { class: 'chart-box' });
    this.note = el('p', { class: 'curves-note', 'data-testid': 'curves-note' });
    const exportButton = (format: string, label: string, action: () => void): HTMLButtonElement => {
      const button = el('button', { type: 'button', 'data-testid': `curves-export-${format}` }, [
        label,
      ]);
      button.addEventListener('click', action);
      return button;
    };
    const exports = el('div', { class: 'exports', role: 'group', 'aria-label': 'Export' }, [
      exportButton('svg', 'SVG', () => this.download('svg')),
      exportButton('png', 'PNG', () => this.download('png')),
      exportButton('csv', 'CSV', () => this.download('csv')),
      exportButton('json', 'JSON', () => this.download('json')),
    ]);
    this.root = el('section', { class: 'curves', 'aria-label': 'Fault-cost curves' }, [
      presets,
      form,
      this.progressRow,
      this.status,
      chartBox,
      this.note,
      exports,
    ]);
    this.chart = new CurvesChart(chartBox, {
      testId: 'curves-chart',
      readoutTestId: 'curves-readout',
      onPickFrames: (frames) => {
        if (this.pages !== null) this.host.onPickFrames(frames, this.pages);
      },
      onReadout: (frames) => {
        this.settings = { ...this.settings, readout: frames };
        this.host.onReadout(frames);
      },
    });
    this.chart.setReadout(initial.readout);
    this.syncForm();
  }

  /** Shows or hides the panel; computing starts only when it is shown. */
  setActive(active: boolean): void {
    this.active = active;
    if (active && this.results !== null && this.undrawn) this.show(this.results);
    if (active && this.results === null && !this.client.busy) this.compute();
  }

  /** Settings from a link (back/forward, or a new link). */
  setSettings(settings: CurveSettings): void {
    const changed = JSON.stringify(settings) !== JSON.stringify(this.settings);
    this.settings = settings;
    this.syncForm();
    this.chart.setReadout(settings.readout);
    if (!changed) return;
    // A sweep still running for other settings (Back pressed during a long one) is abandoned:
    // its result must never be drawn under these settings' caption, form and link.
    this.client.cancelUnless(sweepKey(settings));
    const hit = this.client.cached(settings);
    if (hit !== undefined) this.show(hit);
    else {
      this.results = null;
      this.pages = null;
      if (this.active) this.compute();
    }
  }

  /** The animated scenario's frame count, scaled to the curves' run, marked on the chart. */
  markScenarioFrames(frames: number | null): void {
    this.scenarioFrames = frames;
    this.chart.highlightFrames(frames);
  }

  /** Pages the computed curves span (the larger side's), or null before a result. */
  currentPages(): number | null {
    return this.pages;
  }

  setNote(text: string): void {
    setText(this.note, text);
  }

  private change(settings: CurveSettings): void {
    this.settings = settings;
    this.syncForm();
    this.host.onSettings(settings);
    this.compute();
  }

  private readForm(): void {
    const value = (name: string): string => this.inputs.get(name)?.value.trim() ?? '';
    const next: CurveSettings = { ...this.settings, preset: 'custom', from: null, to: null };
    const errors: string[] = [];
    const left = value('left');
    const right = value('right');
    if (isStructureKind(left)) next.left = left;
    if (isStructureKind(right)) next.right = right;
    const items = parseIntInRange('curve items', value('items'), { min: 1, max: CURVES_MAX_ITEMS });
    if (items.ok) next.items = items.value;
    else
      errors.push(
        `${items.error} (the sweep runs in this browser; past 2^24 use the CLI); keeping ${this.settings.items}`,
      );
    const listed = fitListItems(next.items, next.left, next.right);
    next.items = listed.value;
    if (listed.message !== null) errors.push(listed.message);
    const page = Number(value('page'));
    if (isValidItemsPerPage(page)) next.itemsPerPage = page;
    // Heaps have no nodes: the hidden field's value is kept for when a pointer structure returns.
    if (pairUsesNodes(next.left, next.right)) {
      const nodeText = value('node');
      const node = parseNodeBytes(nodeText, next.left, next.right);
      if (node.ok) next.nodeBytes = node.value;
      else if (nodeText !== String(this.settings.nodeBytes))
        errors.push(`${node.error}; keeping ${this.settings.nodeBytes}`);
      // A size the previous pair took may be too small for the new one.
      const fitted = fitNodeBytes(next.nodeBytes, next.left, next.right);
      next.nodeBytes = fitted.value;
      if (fitted.message !== null) errors.push(fitted.message);
    }
    // The node size and page size fixed, the run must fit a sweep worker's memory.
    const memory = fitCurvesMemory(next);
    next.items = memory.value;
    if (memory.message !== null) errors.push(memory.message);
    const io = parseNumberInRange('curve I/O ms', value('io'), 0, 1000);
    if (io.ok) next.ioMs = io.value;
    else errors.push(`${io.error}; keeping ${this.settings.ioMs}`);
    next.cpu = value('cpu') === 'measure' ? 'measure' : 'article';
    next.mode = value('mode') === 'transfers' ? 'transfers' : 'time';
    next.unit = value('unit') === 'pages' ? 'pages' : 'kb';
    const policy = value('policy');
    if (isPolicy(policy)) next.policy = policy;
    next.floor = value('floor') === '1';
    // A change of display only (mode, unit, I/O) keeps the preset's zoom.
    const sameRun =
      next.left === this.settings.left &&
      next.right === this.settings.right &&
      next.nodeBytes === this.settings.nodeBytes &&
      next.items === this.settings.items &&
      next.itemsPerPage === this.settings.itemsPerPage &&
      next.cpu === this.settings.cpu &&
      next.policy === this.settings.policy &&
      next.floor === this.settings.floor;
    if (sameRun) {
      next.preset = this.settings.preset;
      next.from = this.settings.from;
      next.to = this.settings.to;
      if (next.preset !== 'custom' && next.ioMs !== PRESETS[next.preset].ioMs)
        next.preset = 'custom';
      if (next.preset === 'custom' && this.settings.preset !== 'custom' && this.pages !== null) {
        [next.from, next.to] = visibleRange(this.settings, this.pages);
      }
    }
    if (errors.length > 0) this.host.onErrors(errors);
    this.change(next);
  }

  private syncForm(): void {
    const { left, right } = this.settings;
    const values: Record<string, string> = {
      left,
      right,
      node: String(this.settings.nodeBytes),
      items: String(this.settings.items),
      page: String(this.settings.itemsPerPage),
      io: String(this.settings.ioMs),
      cpu: this.settings.cpu,
      mode: this.settings.mode,
      unit: this.settings.unit,
      policy: this.settings.policy,
      floor: this.settings.floor ? '1' : '0',
    };
    for (const [name, input] of this.inputs) input.value = values[name];
    this.nodeField.hidden = !pairUsesNodes(left, right);
    this.inputs.get('node')?.setAttribute('min', String(nodeBytesFloor(left, right)));
    const listed = left === 'list' || right === 'list';
    this.inputs
      .get('items')
      ?.setAttribute('max', String(listed ? LIST_MAX_ITEMS : CURVES_MAX_ITEMS));
    for (const [id, button] of this.presetButtons) {
      button.setAttribute('aria-pressed', String(this.settings.preset === id));
    }
  }

  private compute(): void {
    this.progressRow.hidden = false;
    this.progress.value = 0;
    const workers = runsOf(this.settings).length === 1 ? 'in a worker' : 'in two workers';
    // LRU answers every frame count from one pass over the stack distances; FIFO and CLOCK
    // are simulated once per frame count; OPT's floor is one pass over next-use distances.
    const how =
      this.settings.policy === 'lru' || this.settings.policy === 'opt'
        ? `${POLICY_NAMES[this.settings.policy]} at every frame count in one pass`
        : `${POLICY_NAMES[this.settings.policy]}, one simulation per frame count`;
    const floor = this.settings.floor ? ' and the OPT floor' : '';
    setText(this.status, `Computing ${how}${floor}, ${workers}…`);
    this.chart.setMessage('Computing…');
    // Results and progress are shown only while they belong to the settings on screen,
    // whatever changed them since (Back, Forward, a control, a preset, Cancel).
    const key = sweepKey(this.settings);
    const current = (): boolean => sweepKey(this.settings) === key;
    this.client.compute(this.settings, {
      onProgress: (fraction) => {
        if (!current()) return;
        this.progress.value = fraction;
        this.chart.setMessage(`Computing… ${Math.floor(fraction * 100)}%`);
      },
      onDone: (results, fromCache) => {
        if (!current()) return;
        this.show(results);
        const seconds = Math.max(...results.map((result) => result.sweepSeconds));
        setText(
          this.status,
          fromCache ? 'From the cache.' : `Computed in ${seconds.toFixed(1)} s.`,
        );
      },
      onError: (message) => {
        if (current()) this.showIdle(`The sweep failed: ${message}`);
      },
    });
  }

  private showIdle(message: string): void {
    this.progressRow.hidden = true;
    setText(this.status, message);
    if (this.results === null) this.chart.setMessage(message);
  }

  private show(results: CurvePair): void {
    // A hidden panel only keeps the result: drawing a chart nobody sees would lengthen the
    // task that hid it (a tour's scene change), so it is drawn when the panel shows again.
    if (!this.active) {
      this.results = results;
      this.undrawn = true;
      return;
    }
    const started = performance.now();
    this.undrawn = false;
    this.draw(results);
    recordDuration('bheap:chart', started);
  }

  private draw(results: CurvePair): void {
    this.results = results;
    // Which run the chart shows, for tests and for anyone inspecting the page.
    this.root.dataset.drawnItems = String(results[0].items);
    this.progressRow.hidden = true;
    // Past its own pages a side faults no more: the shorter curve continues flat.
    const [left, right] = padPair(results[0], results[1]);
    const pages = left.pages;
    this.pages = pages;
    const [from, to] = visibleRange(this.settings, pages);
    this.chart.setMessage(null);
    const titles = pairTitles(results[0].layout, results[1].layout);
    const series = (result: CurveResult, title: string): CurveSeries => ({
      title,
      pages: result.pages,
      itemsPerPage: result.itemsPerPage,
      operations: result.operations,
      cpuSeconds: result.cpuSeconds,
      pageIns: result.pageIns,
      writebacks: result.writebacks,
    });
    const floors =
      results[0].floor !== null && results[1].floor !== null
        ? padPair(
            { pages: results[0].pages, ...results[0].floor },
            { pages: results[1].pages, ...results[1].floor },
          )
        : null;
    this.chart.setData({
      series: [series(left, titles[0]), series(right, titles[1])],
      policy: POLICY_NAMES[this.settings.policy],
      floor: floors,
      ioMs: this.settings.ioMs,
      mode: this.settings.mode,
      unit: this.settings.unit,
      fromFrames: from,
      toFrames: Math.max(to, from + 1 <= pages ? from + 1 : to),
      title:
        this.settings.preset === 'custom'
          ? 'Run time against VM pressure'
          : PRESETS[this.settings.preset].title,
      caption: describeSettings(this.settings),
    });
    this.chart.highlightFrames(this.scenarioFrames);
  }

  private download(format: 'svg' | 'png' | 'csv' | 'json'): void {
    const results = this.results;
    if (results === null && format !== 'svg') {
      setText(this.status, 'Nothing to export yet.');
      return;
    }
    const { left, right, preset, items, itemsPerPage } = this.settings;
    const name = `bheap-${left}-${right}-${preset}-${items}x${itemsPerPage}`;
    const save = (blob: Blob, extension: string): void => saveFile(blob, `${name}.${extension}`);
    if (format === 'svg') {
      save(new Blob([this.chart.toSvgString()], { type: 'image/svg+xml' }), 'svg');
      return;
    }
    if (format === 'png') {
      this.chart.toPngBlob(2).then(
        (blob) => save(blob, 'png'),
        () => setText(this.status, 'PNG export failed in this browser; try SVG.'),
      );
      return;
    }
    if (results === null) return;
    // As the CLI's `--layout treap,treap`, the same structure on both sides is one run.
    const runs: CurveResult[] = results[0] === results[1] ? [results[0]] : results;
    const policyRuns = policyResultsOf(runs);
    if (policyRuns !== null) {
      // Another policy, or the floor: the CLI's `sweep --policy …` report, line for line.
      const cpuOf = new Map(policyRuns.map((run, i) => [run, runs[i].cpuSeconds]));
      if (format === 'csv') {
        const text = toPolicyCsvReport(policyRuns, {
          ioMs: this.settings.ioMs,
          cpuSeconds: (result) => cpuOf.get(result as PolicySweepResult) ?? 0,
        });
        save(new Blob([text], { type: 'text/csv' }), 'csv');
      } else {
        save(new Blob([toPolicyJsonReport(policyRuns)], { type: 'application/json' }), 'json');
      }
      return;
    }
    if (format === 'csv') {
      const text = toCsvReport(runs, {
        ioMs: this.settings.ioMs,
        cpuSeconds: (result) => (result as CurveResult).cpuSeconds,
      });
      save(new Blob([text], { type: 'text/csv' }), 'csv');
    } else save(new Blob([toJsonReport(runs)], { type: 'application/json' }), 'json');
  }
}

/** The policies as the chart names them. */
const POLICY_NAMES: Record<Policy, string> = {
  lru: 'LRU',
  fifo: 'FIFO',
  clock: 'CLOCK',
  opt: 'OPT',
};

/** The runs as policy sweep results (for the exports), or null for LRU alone. */
function policyResultsOf(runs: readonly CurveResult[]): PolicySweepResult[] | null {
  if (runs.some((run) => run.curves === null)) return null;
  return runs.map((run) => {
    const { pageIns: _pageIns, writebacks: _writebacks, curves, floor: _floor, ...rest } = run;
    return { ...rest, curves: curves ?? [] };
  });
}
