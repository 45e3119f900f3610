// The sidebar's fault-cost curves: presets for the article's Figures 1-4, the parameters, a
// progress bar with Cancel, the chart and its readout, and exports (SVG, PNG, CSV, JSON).

import {
  CURVES_MAX_ITEMS,
  type CurveSettings,
  describeSettings,
  PRESET_IDS,
  PRESETS,
  type PresetId,
  presetSettings,
  visibleRange,
} from '../core/curveSettings';
import { isValidItemsPerPage } from '../core/layout';
import { parseIntInRange, parseNumberInRange } from '../core/limits';
import { toCsvReport, toJsonReport } from '../core/report';
import { type CurveSeries, CurvesChart } from '../view/curvesChart';
import { type CurveResult, CurvesClient } from './curvesClient';
import { el, setText } from './dom';
import { recordDuration } from './timing';

export interface CurvesPanelHost {
  /** New settings chosen here (the app puts them in the link). */
  onSettings: (settings: CurveSettings) => void;
  /** A point was picked: the frame count of the curves' run, out of its pages. */
  onPickFrames: (frames: number, pages: number) => void;
  /** Messages about refused inputs, shown where the link's are. */
  onErrors: (messages: string[]) => void;
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
  private settings: CurveSettings;
  private results: CurveResult[] | null = null;
  private active = false;
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
      button.addEventListener('click', () => this.change(presetSettings(id)));
      this.presetButtons.set(id, button);
      presets.append(button);
    }
    const form = el('form', { class: 'curves-form', 'aria-label': 'Curve parameters' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const field = (
      name: string,
      label: string,
      control: HTMLInputElement | HTMLSelectElement,
    ): void => {
      control.setAttribute('data-testid', `curves-${name}`);
      control.addEventListener('change', () => this.readForm());
      this.inputs.set(name, control);
      form.append(el('label', {}, [label, control]));
    };
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
        const pages = this.results?.[0]?.pages;
        if (pages !== undefined) this.host.onPickFrames(frames, pages);
      },
    });
    this.syncForm();
  }

  /** Shows or hides the panel; computing starts only when it is shown. */
  setActive(active: boolean): void {
    this.active = active;
    if (active && this.results === null && !this.client.busy) this.compute();
  }

  /** Settings from a link (back/forward, or a new link). */
  setSettings(settings: CurveSettings): void {
    const changed = JSON.stringify(settings) !== JSON.stringify(this.settings);
    this.settings = settings;
    this.syncForm();
    if (!changed) return;
    const hit = this.client.cached(settings);
    if (hit !== undefined) this.show(hit);
    else {
      this.results = null;
      if (this.active) this.compute();
    }
  }

  /** The animated scenario's frame count, scaled to the curves' run, marked on the chart. */
  markScenarioFrames(frames: number | null): void {
    this.scenarioFrames = frames;
    this.chart.highlightFrames(frames);
  }

  /** Pages of the computed run, or null before a result. */
  currentPages(): number | null {
    return this.results?.[0]?.pages ?? null;
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
    const items = parseIntInRange('curve items', value('items'), { min: 1, max: CURVES_MAX_ITEMS });
    if (items.ok) next.items = items.value;
    else
      errors.push(
        `${items.error} (the sweep runs in this browser; past 2^24 use the CLI); keeping ${this.settings.items}`,
      );
    const page = Number(value('page'));
    if (isValidItemsPerPage(page)) next.itemsPerPage = page;
    const io = parseNumberInRange('curve I/O ms', value('io'), 0, 1000);
    if (io.ok) next.ioMs = io.value;
    else errors.push(`${io.error}; keeping ${this.settings.ioMs}`);
    next.cpu = value('cpu') === 'measure' ? 'measure' : 'article';
    next.mode = value('mode') === 'transfers' ? 'transfers' : 'time';
    next.unit = value('unit') === 'pages' ? 'pages' : 'kb';
    // A change of display only (mode, unit, I/O) keeps the preset's zoom.
    const sameRun =
      next.items === this.settings.items &&
      next.itemsPerPage === this.settings.itemsPerPage &&
      next.cpu === this.settings.cpu;
    if (sameRun) {
      next.preset = this.settings.preset;
      next.from = this.settings.from;
      next.to = this.settings.to;
      if (next.preset !== 'custom' && next.ioMs !== PRESETS[next.preset].ioMs)
        next.preset = 'custom';
      if (next.preset === 'custom' && this.settings.preset !== 'custom' && this.results !== null) {
        [next.from, next.to] = visibleRange(this.settings, this.results[0].pages);
      }
    }
    if (errors.length > 0) this.host.onErrors(errors);
    this.change(next);
  }

  private syncForm(): void {
    const values: Record<string, string> = {
      items: String(this.settings.items),
      page: String(this.settings.itemsPerPage),
      io: String(this.settings.ioMs),
      cpu: this.settings.cpu,
      mode: this.settings.mode,
      unit: this.settings.unit,
    };
    for (const [name, input] of this.inputs) input.value = values[name];
    for (const [id, button] of this.presetButtons) {
      button.setAttribute('aria-pressed', String(this.settings.preset === id));
    }
  }

  private compute(): void {
    this.progressRow.hidden = false;
    this.progress.value = 0;
    setText(this.status, 'Computing every frame count in one pass, in two workers…');
    this.chart.setMessage('Computing…');
    this.client.compute(this.settings, {
      onProgress: (fraction) => {
        this.progress.value = fraction;
        this.chart.setMessage(`Computing… ${Math.floor(fraction * 100)}%`);
      },
      onDone: (results, fromCache) => {
        this.show(results);
        const seconds = Math.max(...results.map((result) => result.sweepSeconds));
        setText(
          this.status,
          fromCache ? 'From the cache.' : `Computed in ${seconds.toFixed(1)} s.`,
        );
      },
      onError: (message) => this.showIdle(`The sweep failed: ${message}`),
    });
  }

  private showIdle(message: string): void {
    this.progressRow.hidden = true;
    setText(this.status, message);
    if (this.results === null) this.chart.setMessage(message);
  }

  private show(results: CurveResult[]): void {
    const started = performance.now();
    this.draw(results);
    recordDuration('bheap:chart', started);
  }

  private draw(results: CurveResult[]): void {
    this.results = results;
    this.progressRow.hidden = true;
    const [binary, bheap] = results;
    const [from, to] = visibleRange(this.settings, binary.pages);
    this.chart.setMessage(null);
    const series = (result: CurveResult): CurveSeries => ({
      layout: result.layout,
      pages: result.pages,
      itemsPerPage: result.itemsPerPage,
      operations: result.operations,
      cpuSeconds: result.cpuSeconds,
      pageIns: result.pageIns,
      writebacks: result.writebacks,
    });
    this.chart.setData({
      series: [series(binary), series(bheap)],
      ioMs: this.settings.ioMs,
      mode: this.settings.mode,
      unit: this.settings.unit,
      fromFrames: from,
      toFrames: Math.max(to, from + 1 <= binary.pages ? from + 1 : to),
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
    const name = `bheap-${this.settings.preset}-${this.settings.items}x${this.settings.itemsPerPage}`;
    const save = (blob: Blob, extension: string): void => {
      const url = URL.createObjectURL(blob);
      const link = el('a', { href: url, download: `${name}.${extension}` });
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    };
    if (format === 'svg')
      save(new Blob([this.chart.toSvgString()], { type: 'image/svg+xml' }), 'svg');
    else if (format === 'png') {
      this.chart.toPngBlob(2).then(
        (blob) => save(blob, 'png'),
        () => setText(this.status, 'PNG export failed in this browser; try SVG.'),
      );
    } else if (results !== null && format === 'csv') {
      const text = toCsvReport(results, {
        ioMs: this.settings.ioMs,
        cpuSeconds: (result) => (result as CurveResult).cpuSeconds,
      });
      save(new Blob([text], { type: 'text/csv' }), 'csv');
    } else if (results !== null)
      save(new Blob([toJsonReport(results)], { type: 'application/json' }), 'json');
  }
}
