// A Web Worker that times the heaps over real memory for every (layout, N) of a request, then
// traces the runs small enough to predict, posting each result as soon as it exists so the chart
// fills in. One thread, one run at a time: the page's other work stays on the main thread, and
// the prediction never runs beside a timing.

import { machinePlan, predictionPlan } from '../core/experiments/machine';
import { formatN } from '../core/experiments/machineReport';
import { MACHINE_LAYOUT_INFO } from '../core/measure/machineLayouts';
import { traceMisses } from '../core/measure/missCurves';
import { MachineTimer } from '../core/measure/timing';
import type { MeasureReply, MeasureRequest } from './measureProtocol';
import { workerScope } from './workerScope';

const scope = workerScope<MeasureRequest, MeasureReply>();

scope.listen(
  ({ id, settings, predictBytes }) => {
    const started = performance.now();
    const runs = machinePlan(settings);
    const traced = predictionPlan(settings, predictBytes);
    const total = runs.length * settings.reps + traced.length;
    let done = 0;
    let lastReport = Number.NEGATIVE_INFINITY;
    // At most four a second: each one is a little work for the page's main thread.
    const progress = (label: string): void => {
      const at = performance.now();
      if (at - lastReport < 250) return;
      lastReport = at;
      scope.post({ id, kind: 'progress', done, total, label });
    };
    const timer = new MachineTimer();
    const now = (): number => performance.now();
    for (const run of runs) {
      const label = `timing ${MACHINE_LAYOUT_INFO[run.layout].title} at N = ${formatN(run.items)}`;
      progress(label);
      const timed = timer.measure(run, {
        now,
        reps: settings.reps,
        onRep: () => {
          done++;
          progress(label);
        },
      });
      const nsPerOp = Float64Array.from(timed.nsPerOp);
      scope.post(
        {
          id,
          kind: 'point',
          run,
          operations: timed.operations,
          batchRuns: timed.batchRuns,
          nsPerOp,
        },
        [nsPerOp.buffer],
      );
    }
    for (const run of traced) {
      // Always told: a traced run takes seconds.
      lastReport = Number.NEGATIVE_INFINITY;
      progress(`modelling ${MACHINE_LAYOUT_INFO[run.layout].title} at N = ${formatN(run.items)}`);
      const result = traceMisses(run);
      done++;
      scope.post({ id, kind: 'prediction', run, ...result }, [
        result.lines.capacities.buffer,
        result.lines.misses.buffer,
        result.pages.capacities.buffer,
        result.pages.misses.buffer,
      ]);
    }
    scope.post({ id, kind: 'done', seconds: (performance.now() - started) / 1000 });
  },
  ({ id }, message) => ({ id, kind: 'error', message }),
);
