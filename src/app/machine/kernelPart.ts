// The machine tab's kernel part, "Under this machine's pager (Linux)": Kamp's experiment under
// the operating system's own pager (docs/kernel.md), the measurement shipped with the page or
// one a user opens, drawn as the kernel's pages read beside the model's LRU, with its conditions,
// its ratios and the command that makes such a file. Nothing from a file is parsed as HTML.

import type { OsKernelReport } from '../../core/experiments/osKernelReport';
import {
  kernelCommand,
  kernelSentences,
  kernelSeries,
  type LruCurves,
  memoryText,
  runText,
} from '../../core/experiments/osKernelSeries';
import { conditionsText } from '../../core/experiments/osKernelText';
import { shippedOsKernel } from '../../core/experiments/shippedOsKernel';
import { quote, visible } from '../../core/quote';
import { type KernelChart, kernelChart } from '../../view/machine/kernelChart';
import { kernelChartSeries } from '../../view/machine/kernelData';
import { KernelTables } from '../../view/machine/kernelTable';
import { el, setText } from '../browser/dom';
import { loadLruCurves } from './kernelCurves';
import { kernelFileTooLarge, readKernelFile } from './kernelFile';

interface Shown {
  report: OsKernelReport;
  /** The file's name, or null for the shipped measurement. */
  file: string | null;
}

export class KernelPart {
  readonly element: HTMLElement;
  private readonly chart: KernelChart;
  private readonly tables = new KernelTables();
  private readonly source: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly conditions: HTMLElement;
  private readonly command: HTMLElement;
  private readonly message: HTMLElement;
  private readonly fileInput: HTMLInputElement;
  private readonly shippedButton: HTMLButtonElement;
  private shown: Shown;
  /** Counts reads and draws: only the latest may change what is shown. */
  private generation = 0;

  constructor() {
    const heading = el('h3', { id: 'kernel-heading' }, ['Under this machine’s pager (Linux)']);
    const explain = el('p', { class: 'series-explain' }, [
      'Kamp’s experiment under the operating system’s own pager, not the model: the heap’s array is a file the process maps, the process runs in a memory cgroup that leaves the array room for so many pages, and Linux’s reclaim evicts the array’s pages and reads them back. Its pages read are the model’s page-ins.',
    ]);
    this.source = el('p', { class: 'kc-source', 'data-testid': 'kernel-source' });
    const chartBox = el('div', { class: 'kc-chart' });
    this.summary = el('ul', {
      class: 'machine-summary kc-summary',
      'data-testid': 'kernel-summary',
    });
    this.conditions = el('div', {
      class: 'series-note kc-conditions',
      'data-testid': 'kernel-conditions',
    });
    this.fileInput = el('input', {
      type: 'file',
      accept: '.json,application/json',
      'data-testid': 'kernel-file',
      class: 'visually-hidden',
      tabindex: '-1',
      'aria-hidden': 'true',
    });
    this.fileInput.addEventListener('change', () => this.openFile());
    const open = el('button', { type: 'button', 'data-testid': 'kernel-open' }, [
      'Open a measurement (JSON)…',
    ]);
    open.addEventListener('click', () => this.fileInput.click());
    this.shippedButton = el(
      'button',
      { type: 'button', 'data-testid': 'kernel-shipped', hidden: '' },
      ['Back to the shipped measurement'],
    );
    this.shippedButton.addEventListener('click', () => this.showShipped());
    this.message = el('p', {
      class: 'editor-message kc-message',
      'data-testid': 'kernel-message',
      role: 'alert',
      dir: 'ltr',
      hidden: '',
    });
    this.command = el('p', { class: 'series-note kc-command', 'data-testid': 'kernel-command' });
    this.element = el(
      'section',
      {
        class: 'machine-kernel',
        'aria-labelledby': 'kernel-heading',
        'data-testid': 'kernel-part',
      },
      [
        heading,
        explain,
        this.source,
        chartBox,
        this.summary,
        this.tables.element,
        this.conditions,
        el('div', { class: 'series-actions kc-files' }, [open, this.shippedButton, this.fileInput]),
        this.message,
        this.command,
      ],
    );
    this.chart = kernelChart(chartBox, {
      testId: 'kernel-chart',
      legendTestId: 'kernel-legend',
      readoutTestId: 'kernel-readout',
    });
    this.shown = { report: shippedOsKernel(), file: null };
    this.draw({});
    this.loadCurves();
  }

  private showShipped(): void {
    this.say(null);
    this.show({ report: shippedOsKernel(), file: null });
  }

  private show(shown: Shown): void {
    this.shown = shown;
    this.draw({});
    this.loadCurves();
  }

  /** The model's whole LRU curve, where the page ships it, adds the model at the held pages. */
  private loadCurves(): void {
    const generation = ++this.generation;
    void loadLruCurves(this.shown.report).then(
      (curves) => {
        if (generation === this.generation && Object.keys(curves).length > 0) this.draw(curves);
      },
      () => {
        // Offline before the curves' chunk was cached: the model at the rooms measured stays.
      },
    );
  }

  private draw(curves: LruCurves): void {
    const { report, file } = this.shown;
    const series = kernelSeries(report, curves);
    const date = report.conditions.date.slice(0, 10);
    this.chart.setData({
      series: kernelChartSeries(series),
      rooms: [...new Set(report.rows.map((row) => row.memoryPages))].sort((a, b) => a - b),
      title: 'Pages read under Linux’s pager, and the model’s LRU',
      caption: visible(`${runText(report)} · Linux ${report.conditions.kernelRelease}, ${date}`),
    });
    setText(
      this.source,
      file === null
        ? `Shown: the measurement shipped with the page, made on this project’s machine on ${date}.`
        : `Shown: your file ${quote(file)}, measured on ${visible(date)}.`,
    );
    this.shippedButton.hidden = file === null;
    this.summary.replaceChildren(
      ...kernelSentences(report, series).map((sentence) => el('li', {}, [sentence])),
    );
    this.tables.show(series, report.ratios);
    this.conditions.replaceChildren(
      ...[...conditionsText(report), memoryText(report)].map((line) =>
        el('p', {}, [visible(line)]),
      ),
    );
    setText(
      this.command,
      `Made by ${kernelCommand(report)} (Linux, as root or in a memory cgroup delegated by systemd; docs/kernel.md tells how). Its output opens here.`,
    );
  }

  private say(text: string | null): void {
    this.message.hidden = text === null;
    setText(this.message, text ?? '');
  }

  private openFile(): void {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = '';
    if (file === undefined) return;
    const generation = ++this.generation;
    const tooLarge = kernelFileTooLarge(file.name, file.size);
    if (tooLarge !== null) {
      this.say(tooLarge);
      return;
    }
    void file.text().then(
      (text) => {
        if (generation !== this.generation) return;
        const read = readKernelFile(file.name, text);
        if (!read.ok) {
          this.say(read.message);
          // The curves of what is drawn were cut short by this read: ask again.
          this.loadCurves();
          return;
        }
        this.say(null);
        this.show({ report: read.report, file: file.name });
      },
      () => {
        if (generation === this.generation) {
          this.say(`${quote(file.name)} could not be read. The measurement drawn is unchanged.`);
          this.loadCurves();
        }
      },
    );
  }
}
