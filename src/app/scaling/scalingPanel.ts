// The sidebar's scaling tab: cost per operation against N for every structure on the Asterisk
// review's test (N adds, then N deletes), computed point by point in a worker and drawn as the
// points arrive; controls, progress with Cancel, and the CLI's CSV.

import {
  DEFAULT_SCALING,
  formatItems,
  type ScalingSettings,
  scalingPlan,
} from '../../core/experiments/scalingSeries';
import { countOf } from '../../core/explain/numbers';
import { STRUCTURES } from '../../core/structures/registry';
import { type ScalingChart, scalingChart } from '../../view/scaling/scalingChart';
import type { ScalingReply, ScalingRequest } from '../../worker/scalingProtocol';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';
import { WorkerJob } from '../series/job';
import { PanelFrame } from '../series/panelFrame';
import type { SeriesPanelHandle, SeriesPanelOptions } from '../series/panelHandle';
import { exportGroup } from '../series/seriesForm';
import { settingsFold } from '../series/settingsFold';
import { copy, ScalingForm } from './scalingForm';
import {
  type Computed,
  sameRun,
  scalingChartData,
  scalingCommand,
  scalingCsvFile,
  scalingNote,
  splitShipped,
} from './scalingView';

type ScalingPanelOptions = SeriesPanelOptions<ScalingSettings>;

/** The first time the tab is shown, computing starts with the current settings. */
export type ScalingPanelHandle = SeriesPanelHandle<ScalingSettings>;

class ScalingPanel implements ScalingPanelHandle {
  readonly root: HTMLElement;
  private readonly job = new WorkerJob<ScalingRequest, ScalingReply>(
    () => new Worker(new URL('../../worker/scalingWorker.ts', import.meta.url), { type: 'module' }),
    'the scaling worker stopped (out of memory?)',
    'bheap:scaling',
  );
  private readonly frame: PanelFrame;
  private readonly form: ScalingForm;
  private readonly note: HTMLElement;
  private readonly chart: ScalingChart;
  private computed: Computed | null = null;
  private started = false;

  constructor(
    container: HTMLElement,
    private readonly options: ScalingPanelOptions,
  ) {
    this.frame = new PanelFrame(this.job, {
      name: 'scaling',
      label: 'Cost per operation against N',
      running: 'computing',
      progressLabel: 'Scaling progress',
      start: 'Compute',
      cancelled:
        'Cancelled: the chart keeps the points computed so far. Press Compute to run again.',
      message: (text) => this.chart.setMessage(text),
      report: (text) => options.onStatus?.(text),
      finish: (status) => this.finish(status),
    });
    const { root, view, error } = this.frame;
    this.root = root;
    this.form = new ScalingForm(options.initial ?? DEFAULT_SCALING, {
      refuse: (message) => error.refuse(message),
      accepted: () => error.clear(),
      runs: (linked) => {
        this.noteStale();
        if (linked) this.changed();
      },
      look: (what) => {
        this.draw();
        if (what === 'overhead') this.updateNote();
        if (what !== 'measured') this.changed();
      },
      start: () => this.compute(),
    });
    const compute = this.frame.startButton(() => {
      if (this.form.readSizes()) this.compute();
    });
    const actions = el('div', { class: 'series-actions scaling-actions' }, [
      compute,
      view.cancelButton,
      view.progress,
    ]);
    const chartBox = el('div', { class: 'scaling-chart' });
    this.note = el('p', { class: 'series-note scaling-note', 'data-testid': 'scaling-note' });
    const exports = exportGroup('scaling', [
      { format: 'csv', label: 'Export CSV', save: () => this.exportCsv() },
    ]);
    // The chart and what it says first; the settings folded under it where room is short.
    root.append(
      actions,
      error.element,
      view.status,
      chartBox,
      this.note,
      settingsFold('scaling', this.form.parts),
      exports,
    );
    container.append(root);
    this.chart = scalingChart(chartBox, {
      testId: 'scaling-chart',
      legendTestId: 'scaling-legend',
      readoutTestId: 'scaling-readout',
    });
    this.updateNote();
    this.draw();
  }

  activate(): void {
    if (!this.started) this.compute();
  }

  deactivate(): void {
    // The worker keeps going while the tab is hidden: its results cost the page nothing.
  }

  setSettings(settings: ScalingSettings): void {
    this.form.set(settings);
    this.frame.error.clear();
    this.draw();
    this.noteStale();
  }

  private changed(): void {
    this.options.onSettings?.(copy(this.form.settings));
  }

  /** The note follows the settings; a run shown for other ones is said to be out of date. */
  private noteStale(): void {
    this.updateNote();
    const { computed } = this;
    this.frame.noteStale(
      computed !== null && !sameRun(computed.command, scalingCommand(this.form.settings)),
    );
  }

  private compute(): void {
    this.started = true;
    const asked = scalingCommand(this.form.settings);
    const plan = scalingPlan(asked.kinds, asked.sizes);
    // The points the page ships are there at once; only the others go to the worker.
    const { points, jobs } = splitShipped(asked, plan.jobs);
    const computed: Computed = {
      command: asked,
      points,
      skipped: plan.skipped,
      finished: jobs.length === 0,
    };
    this.computed = computed;
    this.form.showMeasuredBox.disabled = !asked.measure;
    if (jobs.length === 0) {
      // Nothing to compute: no progress, no "Computing…", and a run for older settings stops.
      this.job.cancel();
      this.finish(`${countOf(points.length, 'point')}, computed when the page was built.`);
      return;
    }
    const shipped = points.length;
    const total = shipped + jobs.length;
    const where = asked.measure ? 'counting and timing' : 'counting';
    this.frame.view.start(
      `Computing ${countOf(jobs.length, 'point')} (${where}) in a worker…`,
      'Computing…',
      `Scaling: computing ${countOf(jobs.length, 'point')}`,
    );
    this.draw();
    this.updateNote();
    this.job.start(
      { ...asked, kinds: [...asked.kinds], sizes: [...asked.sizes], jobs },
      {
        step: (reply) => {
          if (reply.kind !== 'progress') return;
          const done = shipped + reply.done;
          computed.points.push(reply.point);
          const next = jobs[reply.done];
          this.frame.view.advance(
            done / total,
            `${done} of ${total} points` +
              (next === undefined
                ? '.'
                : `; now ${STRUCTURES[next.kind].title} at N = ${formatItems(next.items)}…`),
            `Computing… ${done} / ${total}`,
          );
          this.draw();
        },
        done: (reply) => {
          if (reply.kind !== 'done') return;
          computed.skipped = reply.skipped;
          computed.finished = true;
          this.finish(
            `Computed ${countOf(computed.points.length, 'point')} in ${reply.seconds.toFixed(1)} s` +
              (shipped > 0 ? ` (${shipped} of them shipped with the page).` : '.'),
          );
        },
        error: (message) => this.finish(`The computation failed: ${message}`),
      },
    );
  }

  private finish(message: string): void {
    this.frame.view.finish(message, this.computed?.finished === true);
    this.draw();
    this.updateNote();
  }

  private draw(): void {
    const { computed, form } = this;
    this.chart.setData(
      computed === null ? null : scalingChartData(computed, form.settings, form.showMeasured),
    );
  }

  private updateNote(): void {
    setText(this.note, scalingNote(this.form.settings, this.computed));
  }

  private exportCsv(): void {
    const { computed } = this;
    if (computed === null || computed.points.length === 0) {
      this.frame.error.refuse('Nothing to export yet: press Compute first.');
      return;
    }
    this.frame.error.clear();
    const file = scalingCsvFile(computed, this.form.settings);
    saveFile(new Blob([file.text], { type: 'text/csv' }), file.name);
    if (!computed.finished) this.frame.view.say('Exported the points computed so far.');
  }
}

export function mountScalingPanel(
  container: HTMLElement,
  options: ScalingPanelOptions,
): ScalingPanelHandle {
  return new ScalingPanel(container, options);
}
