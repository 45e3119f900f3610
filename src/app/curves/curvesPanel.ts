// The sidebar's fault-cost curves: presets for the article's Figures 1-4, the two structures
// compared and the parameters, a progress bar with Cancel, the chart and its readout, and exports
// (SVG, PNG, CSV, JSON).

import { padPair, pairTitles } from '../../core/experiments/curvePair';
import {
  type CurveSettings,
  describeSettings,
  PRESETS,
  presetSettings,
  sweepKey,
  visibleRange,
} from '../../core/experiments/curveSettings';
import { POLICY_TITLES } from '../../core/memory/pager';
import { type CurveSeries, CurvesChart } from '../../view/curves/curvesChart';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';
import { afterNextFrame } from '../browser/frames';
import { recordDuration } from '../browser/timing';
import type { JobView } from '../series/jobView';
import { PanelFrame } from '../series/panelFrame';
import type { SeriesPanelHandle } from '../series/panelHandle';
import { exportGroup } from '../series/seriesForm';
import { settingsFold } from '../series/settingsFold';
import { type CurvePair, type CurveResult, CurvesClient, isShipped } from './curvesClient';
import { curvesFileName, curvesReport } from './curvesExport';
import { CurvesForm } from './curvesForm';
import { readCurveForm } from './curvesRead';
import { computingStatus, doneStatus, sweepOutline } from './curvesStatus';

interface CurvesPanelHost {
  /** New settings chosen here (the app puts them in the link). */
  onSettings: (settings: CurveSettings) => void;
  /** A point was picked: the frame count of the curves' run, out of its pages. */
  onPickFrames: (frames: number, pages: number) => void;
  /** Messages about refused inputs, shown where the link's are. */
  onErrors: (messages: string[]) => void;
  /** The readout moved to this frame count (the app keeps it in the link: cread). */
  onReadout: (frames: number) => void;
  /** The panel has drawn its first frame after being shown. */
  onShown: () => void;
}

export class CurvesPanel implements SeriesPanelHandle<CurveSettings> {
  readonly root: HTMLElement;
  private readonly client = new CurvesClient();
  private readonly chart: CurvesChart;
  private readonly form: CurvesForm;
  private readonly frame: PanelFrame;
  private readonly view: JobView;
  private readonly note: HTMLElement;
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
    this.form = new CurvesForm({
      // A figure's settings, under the policy (and floor) chosen.
      preset: (id) =>
        this.change({
          ...presetSettings(id),
          policy: this.settings.policy,
          floor: this.settings.floor,
        }),
      changed: () => this.readForm(),
    });
    this.frame = new PanelFrame(this.client, {
      name: 'curves',
      label: 'Fault-cost curves',
      running: 'computing',
      progressLabel: 'Sweep progress',
      cancelled: 'Cancelled. Choose a preset or change a parameter to compute again.',
      message: (text) => this.chart.setMessage(text),
      report: () => {},
      finish: (status) => this.showIdle(status),
    });
    this.view = this.frame.view;
    const progressRow = this.view.row('series-actions curves-progress');
    const chartBox = el('div', { class: 'chart-box' });
    this.note = el('p', { class: 'series-note curves-note', 'data-testid': 'curves-note' });
    const exports = exportGroup('curves', [
      { format: 'svg', label: 'SVG', save: () => this.download('svg') },
      { format: 'png', label: 'PNG', save: () => this.download('png') },
      { format: 'csv', label: 'CSV', save: () => this.download('csv') },
      { format: 'json', label: 'JSON', save: () => this.download('json') },
    ]);
    // The figures' buttons, the chart and its readout first; the settings folded under them
    // where room is short.
    this.root = this.frame.root;
    this.root.append(
      this.form.presets,
      progressRow,
      this.view.status,
      chartBox,
      this.note,
      settingsFold('curves', [this.form.form]),
      exports,
    );
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
    this.form.sync(this.settings);
  }

  /**
   * The tab is shown. What its chart needs starts loading at once (the shipped curves, if the
   * settings ask for the article's run); the chart is sized, drawn or computed only after the
   * panel's first frame: two sweep workers on a two-core machine would otherwise starve that
   * frame past the 50 ms of a long task.
   */
  activate(): void {
    if (this.active) return;
    this.active = true;
    if (this.results === null && isShipped(this.settings)) void this.client.prefetch();
    afterNextFrame(() => {
      if (!this.active) return;
      // The panel was just laid out: its chart takes its size now, before a sweep's workers
      // take both cores and stretch every task of the page.
      this.chart.flush();
      if (this.results !== null && this.undrawn) this.show(this.results);
      if (this.results === null && !this.client.busy) this.compute();
      this.host.onShown();
    });
  }

  /** The tab is hidden: a sweep under way goes on, its result kept to be drawn when it shows. */
  deactivate(): void {
    this.active = false;
  }

  /** Settings from a link (back/forward, or a new link). */
  setSettings(settings: CurveSettings): void {
    const before = this.settings;
    this.settings = settings;
    this.form.sync(settings);
    if (JSON.stringify({ ...before, readout: settings.readout }) === JSON.stringify(settings)) {
      // The same chart: only the readout moves.
      this.chart.setReadout(settings.readout);
      return;
    }
    // A sweep still running for other settings (Back pressed during a long one) is abandoned:
    // its result must never be drawn under these settings' caption, form and link.
    this.client.cancelUnless(sweepKey(settings));
    // Placed by the new data when it is drawn: moved now, the old chart's readout would say
    // where the new one stands (a tour's Figure 3 read "64 resident pages" for a frame).
    this.chart.blank();
    const hit = this.client.cached(settings);
    if (hit !== undefined) this.show(hit);
    else {
      // Nothing to show for these settings yet: the chart is empty (and says so) until then.
      this.chart.setData(null);
      this.results = null;
      this.pages = null;
      if (this.active) this.compute();
    }
    this.chart.setReadout(settings.readout);
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
    this.form.sync(settings);
    this.host.onSettings(settings);
    this.compute();
  }

  private readForm(): void {
    const { next, errors } = readCurveForm(
      (name) => this.form.value(name),
      this.settings,
      this.pages,
    );
    if (errors.length > 0) this.host.onErrors(errors);
    this.change(next);
  }

  private compute(): void {
    // Results and progress are shown only while they belong to the settings on screen,
    // whatever changed them since (Back, Forward, a control, a preset, Cancel).
    const outline = sweepOutline(this.settings, isShipped);
    const current = (): boolean => sweepKey(this.settings) === outline.key;
    // The article's run comes with the page: nothing to wait for, so nothing says it computes.
    if (outline.shipped) this.view.hide();
    else this.view.start(computingStatus(this.settings, outline), 'Computing…');
    this.client.compute(this.settings, {
      onProgress: (fraction) => {
        if (current())
          this.view.advance(fraction, undefined, `Computing… ${Math.floor(fraction * 100)}%`);
      },
      onDone: (results, source) => {
        if (!current()) return;
        this.show(results);
        this.view.finish(doneStatus(results, source), true);
      },
      onError: (message) => {
        if (current()) this.showIdle(`The sweep failed: ${message}`);
      },
    });
  }

  private showIdle(message: string): void {
    this.view.finish(message, false);
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
    this.view.hide();
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
      writeBacks: result.writeBacks,
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
      policy: POLICY_TITLES[this.settings.policy],
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
      this.view.say('Nothing to export yet.');
      return;
    }
    const name = curvesFileName(this.settings);
    const save = (blob: Blob, extension: string): void => saveFile(blob, `${name}.${extension}`);
    if (format === 'svg') {
      save(new Blob([this.chart.toSvgString()], { type: 'image/svg+xml' }), 'svg');
      return;
    }
    if (format === 'png') {
      this.chart.toPngBlob(2).then(
        (blob) => save(blob, 'png'),
        () => this.view.say('PNG export failed in this browser; try SVG.'),
      );
      return;
    }
    if (results === null) return;
    const report = curvesReport(format, results, this.settings.ioMs);
    save(new Blob([report.body], { type: report.type }), format);
  }
}
