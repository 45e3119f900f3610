// The sidebar's "On this machine" tab: the heaps timed over real memory in a worker (ns per
// operation against N, the spread of the repetitions as a band), the cache model's prediction
// beside them, what they show in words, and the CLI's CSV and JSON.

import {
  DEFAULT_MACHINE,
  estimateSeconds,
  type MachineSettings,
  machinePlan,
  PREDICT_PAGE_MAX_BYTES,
} from '../../core/experiments/machine';
import { type MachineRow, machineRows } from '../../core/experiments/machineReport';
import { type MachineChart, machineChart } from '../../view/machine/machineChart';
import { MachineTable } from '../../view/machine/machineTable';
import type { MeasureReply, MeasureRequest } from '../../worker/measureProtocol';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';
import { WorkerJob } from '../series/job';
import { PanelFrame } from '../series/panelFrame';
import type { SeriesPanelHandle, SeriesPanelOptions } from '../series/panelHandle';
import { exportGroup } from '../series/seriesForm';
import { settingsFold } from '../series/settingsFold';
import { KernelPart } from './kernelPart';
import { copy, MachineForm } from './machineForm';
import {
  type Measured,
  machineChartData,
  machineFile,
  machineNote,
  modelHelp,
  sameRuns,
  summaryOf,
} from './machineView';

type MachinePanelOptions = SeriesPanelOptions<MachineSettings>;

/** Measuring waits for the Measure button: it takes a core for a minute. */
export type MachinePanelHandle = SeriesPanelHandle<MachineSettings>;

/** The chart is redrawn at most this often while results arrive. */
const REDRAW_MS = 250;

class MachinePanel implements MachinePanelHandle {
  readonly root: HTMLElement;
  private readonly job = new WorkerJob<MeasureRequest, MeasureReply>(
    () => new Worker(new URL('../../worker/measureWorker.ts', import.meta.url), { type: 'module' }),
    'the machine worker stopped (out of memory?)',
    'bheap:machine',
  );
  private readonly frame: PanelFrame;
  private readonly form: MachineForm;
  private readonly chart: MachineChart;
  private readonly table = new MachineTable('machine-table');
  private readonly summary: HTMLElement;
  private readonly modelHelp: HTMLElement;
  private readonly note: HTMLElement;
  /** The measurement under the kernel's pager: after the timings, or first (a link's mpart). */
  private readonly kernel: KernelPart;
  private measured: Measured | null = null;
  private rows: MachineRow[] = [];
  private redrawTimer = 0;
  private describeTimer = 0;

  constructor(
    container: HTMLElement,
    private readonly options: MachinePanelOptions,
  ) {
    this.frame = new PanelFrame(this.job, {
      name: 'machine',
      label: 'On this machine',
      running: 'measuring',
      progressLabel: 'Measurement progress',
      start: 'Measure',
      cancelled: 'Cancelled: the chart keeps the runs measured so far. Press Measure to run again.',
      message: (text) => this.chart.setMessage(text),
      report: (text) => options.onStatus?.(text),
      finish: (status) => this.finish(status),
    });
    const { root, view, error } = this.frame;
    this.root = root;
    this.form = new MachineForm(options.initial ?? DEFAULT_MACHINE, {
      refuse: (message) => error.refuse(message),
      accepted: () => error.clear(),
      runs: () => this.runsChanged(),
      hierarchy: () => {
        // The model answers any hierarchy from the traced curves: no new run.
        this.redraw();
        this.changed();
      },
      start: () => this.measure(),
    });
    const warning = el('p', { class: 'series-explain machine-warning', role: 'note' }, [
      'Real timings of this browser on this computer: other tabs, other programs and power saving disturb them. Close what you can, keep this tab in front, and read the bands, not single numbers.',
    ]);
    const measure = this.frame.startButton(() => {
      if (this.form.readSizes()) this.measure();
    });
    const actions = el('div', { class: 'series-actions machine-actions' }, [
      measure,
      view.cancelButton,
      view.progress,
      this.form.predictLabel,
    ]);
    const chartBox = el('div', { class: 'machine-chart' });
    this.summary = el('div', { class: 'machine-summary', 'data-testid': 'machine-summary' });
    this.modelHelp = el('p', {
      class: 'series-explain machine-explain',
      'data-testid': 'machine-model-help',
    });
    const modelSection = el(
      'section',
      { class: 'machine-model', 'aria-label': 'The cache model' },
      [el('h3', {}, ['The cache model']), this.form.hierarchyForm, this.modelHelp],
    );
    this.note = el('p', { class: 'series-note machine-note', 'data-testid': 'machine-note' });
    const exports = exportGroup('machine', [
      { format: 'csv', label: 'Export CSV', save: () => this.download('csv') },
      { format: 'json', label: 'Export JSON', save: () => this.download('json') },
    ]);
    // The chart and what it says first; the settings folded under it where room is short.
    root.append(
      warning,
      actions,
      error.element,
      view.status,
      chartBox,
      this.table.element,
      this.summary,
      settingsFold('machine', [this.form.layoutSet, this.form.form, this.form.sizesHelp()]),
      modelSection,
      this.note,
      exports,
    );
    this.kernel = new KernelPart();
    this.placeKernel(options.initial?.part === 'kernel');
    container.append(root);
    this.chart = machineChart(chartBox, {
      testId: 'machine-chart',
      legendTestId: 'machine-legend',
      readoutTestId: 'machine-readout',
      onReadout: (items) => this.table.show(this.rows, items),
    });
    this.redraw();
  }

  activate(): void {
    // Nothing starts by itself: a measurement takes a core for a while.
  }

  deactivate(): void {
    // The worker keeps going while the tab is hidden; its results cost the page nothing.
  }

  setSettings(settings: MachineSettings): void {
    const hierarchyChanged =
      JSON.stringify(settings.hierarchy) !== JSON.stringify(this.form.settings.hierarchy);
    this.form.set(settings);
    this.placeKernel(settings.part === 'kernel');
    this.frame.error.clear();
    if (hierarchyChanged) this.redraw();
    else this.updateNotes();
    this.noteStale();
  }

  /** The kernel part first (a scene about it), or after the timings. */
  private placeKernel(first: boolean): void {
    const { root } = this;
    const part = this.kernel.element;
    if (first) {
      if (root.firstElementChild !== part) root.prepend(part);
    } else if (root.lastElementChild !== part) root.append(part);
    root.classList.toggle('machine-kernel-first', first);
  }

  private changed(): void {
    this.options.onSettings?.(copy(this.form.settings));
  }

  /** Settings that need a new measurement changed: say so, and update the link. */
  private runsChanged(): void {
    this.updateNotes();
    this.noteStale();
    this.changed();
  }

  private noteStale(): void {
    const { measured } = this;
    this.frame.noteStale(measured !== null && !sameRuns(measured.settings, this.form.settings));
  }

  private measure(): void {
    const asked = copy(this.form.settings);
    const runs = machinePlan(asked).length;
    const measured: Measured = { settings: asked, points: [], predictions: [], finished: false };
    this.measured = measured;
    this.frame.error.clear();
    this.frame.view.start(
      `Measuring ${runs} runs in a worker (roughly ${Math.ceil(estimateSeconds(asked, PREDICT_PAGE_MAX_BYTES))} s)…`,
      'Measuring… (other tabs and programs disturb the timings)',
      `On this machine: measuring ${runs} runs`,
    );
    this.redraw();
    this.job.start(
      { settings: asked, predictBytes: PREDICT_PAGE_MAX_BYTES },
      {
        step: (reply) => {
          if (reply.kind === 'progress') {
            const { done, total, label } = reply;
            this.frame.view.advance(
              done / Math.max(1, total),
              `${done} of ${total} steps; ${label}…`,
            );
            return;
          }
          if (reply.kind === 'point') {
            measured.points.push({
              run: reply.run,
              operations: reply.operations,
              batchRuns: reply.batchRuns,
              nsPerOp: Array.from(reply.nsPerOp),
            });
          } else if (reply.kind === 'prediction') {
            measured.predictions.push({
              run: reply.run,
              operations: reply.operations,
              comparisons: reply.comparisons,
              references: reply.references,
              lines: reply.lines,
              pages: reply.pages,
            });
          }
          this.redrawSoon();
        },
        done: (reply) => {
          if (reply.kind !== 'done') return;
          measured.finished = true;
          this.finish(`Measured ${measured.points.length} runs in ${reply.seconds.toFixed(1)} s.`);
        },
        error: (message) => this.finish(`The measurement failed: ${message}`),
      },
    );
  }

  private finish(message: string): void {
    this.frame.view.finish(message, this.measured?.finished === true);
    this.redraw();
  }

  /**
   * Results arriving close together are drawn once, at most four times a second: each draw is a
   * little main-thread work while the worker keeps a core busy.
   */
  private redrawSoon(): void {
    if (this.redrawTimer !== 0) return;
    this.redrawTimer = window.setTimeout(() => {
      this.redrawTimer = 0;
      this.redraw();
    }, REDRAW_MS);
  }

  private redraw(): void {
    window.clearTimeout(this.redrawTimer);
    this.redrawTimer = 0;
    const { measured } = this;
    const { hierarchy } = this.form.settings;
    this.rows =
      measured === null ? [] : machineRows(measured.points, measured.predictions, hierarchy);
    if (measured === null) {
      this.chart.setData(null);
      if (!this.job.busy) this.chart.setMessage('Press Measure to time the heaps in this browser.');
    } else this.chart.setData(machineChartData(measured, this.rows));
    // The table and the sentences in a task of their own: with the chart's redraw they make one
    // long task (docs/performance.md, "Why the code is so").
    window.clearTimeout(this.describeTimer);
    this.describeTimer = window.setTimeout(() => this.describe(), 0);
  }

  /** The table at the chart's readout, where each layout beats the binary heap, and the notes. */
  private describe(): void {
    this.table.show(this.rows, this.chart.readoutItems);
    this.summary.replaceChildren(
      ...summaryOf(this.rows).flatMap(({ heading, sentences }) => [
        el('p', { class: 'machine-summary-heading' }, [heading]),
        el(
          'ul',
          {},
          sentences.map((sentence) => el('li', {}, [sentence])),
        ),
      ]),
    );
    this.updateNotes();
  }

  private updateNotes(): void {
    setText(this.modelHelp, modelHelp(this.form.settings));
    setText(this.note, machineNote(this.form.settings, this.measured));
  }

  private download(format: 'csv' | 'json'): void {
    const { measured } = this;
    if (measured === null || measured.points.length === 0) {
      this.frame.error.refuse('Nothing to export yet: press Measure first.');
      return;
    }
    this.frame.error.clear();
    const file = machineFile(format, measured, this.rows, this.form.settings);
    saveFile(new Blob([file.body], { type: file.type }), file.name);
    if (!measured.finished) this.frame.view.say('Exported the runs measured so far.');
  }
}

export function mountMachinePanel(
  container: HTMLElement,
  options: MachinePanelOptions,
): MachinePanelHandle {
  return new MachinePanel(container, options);
}
