// "Export trace": the scenario's page references as CSV, the rows `npm run sim -- trace` prints
// for the same link. Written in short slices, so a long trace never freezes the page.

import { traceLines } from '../../core/replay/trace';
import { cliCommandFor } from '../../core/scenario/format';
import { type Scenario, scenarioWorkload, sideSpec } from '../../core/scenario/scenario';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';

/** Work per slice (ms): well under a long task's 50. */
const SLICE_MS = 10;
/** Beyond this many references the page sends the visitor to the command line. */
const PAGE_TRACE_MAX_ROWS = 2_000_000;

export class TraceExport {
  readonly button: HTMLButtonElement;
  readonly status: HTMLElement;
  private generation = 0;

  /** `scenario` gives the scenario on screen when the button is pressed. */
  constructor(private readonly scenario: () => Scenario) {
    this.button = el('button', { type: 'button', 'data-testid': 'export-trace' }, [
      'Page-reference trace (CSV)',
    ]);
    this.button.title =
      'One row per page reference: step, side, operation, slot or word, page, read or write, outcome, evicted page, write-back, stack distance';
    this.status = el('p', {
      class: 'export-status',
      role: 'status',
      'data-testid': 'trace-status',
    });
    this.button.addEventListener('click', () => this.start());
  }

  private start(): void {
    const scenario = this.scenario();
    const generation = ++this.generation;
    const lines = traceLines({
      sides: (['left', 'right'] as const).map((name) => ({ name, spec: sideSpec(scenario, name) })),
      workload: scenarioWorkload(scenario),
      frames: scenario.frames,
      policy: scenario.policy,
    });
    const parts: string[] = [];
    let rows = -1;
    const slice = (): void => {
      if (generation !== this.generation) return;
      const stop = performance.now() + SLICE_MS;
      while (performance.now() < stop) {
        for (let i = 0; i < 512; i++) {
          const next = lines.next();
          if (next.done) {
            saveFile(new Blob(parts, { type: 'text/csv' }), traceName(scenario));
            setText(this.status, `Saved ${rows.toLocaleString('en-US')} references.`);
            return;
          }
          parts.push(`${next.value}\n`);
          rows++;
          if (rows > PAGE_TRACE_MAX_ROWS) {
            setText(
              this.status,
              `This scenario makes more than ${PAGE_TRACE_MAX_ROWS.toLocaleString('en-US')} references: trace it from the command line, ${cliCommandFor(scenario, 'trace')} > trace.csv`,
            );
            return;
          }
        }
      }
      setText(this.status, `Tracing… ${rows.toLocaleString('en-US')} references`);
      window.setTimeout(slice, 0);
    };
    setText(this.status, 'Tracing…');
    slice();
  }
}

function traceName(scenario: Scenario): string {
  return `bheap-trace-${scenario.left}-${scenario.right}-${scenario.items}x${scenario.itemsPerPage}-f${scenario.frames}${scenario.policy === 'lru' ? '' : `-${scenario.policy}`}.csv`;
}
