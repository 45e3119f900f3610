// A Web Worker that runs one structure's full-curve sweep (the core's one-pass computation) and
// transfers the curves back; progress at most every 100 ms so messages never flood the page.

import type { PolicyCurve } from '../core/experiments/policySweep';
import { denseCurve, sweepPolicies } from '../core/experiments/policySweep';
import { type SweepResult, sweepLayout, timeBareWorkload } from '../core/experiments/sweep';
import type { SweepReply, SweepRequest } from './sweepProtocol';
import { workerScope } from './workerScope';

const scope = workerScope<SweepRequest, SweepReply>();

scope.listen(
  (request) => {
    let lastReport = 0;
    const started = performance.now();
    const progress = (done: number, total: number): void => {
      const now = performance.now();
      if (now - lastReport < 100) return;
      lastReport = now;
      scope.post({ id: request.id, kind: 'progress', done, total });
    };
    const lruAlone = request.policies.length === 1 && request.policies[0] === 'lru';
    let result: SweepResult;
    let curves: PolicyCurve[] | null = null;
    if (lruAlone) result = sweepLayout(request.structure, request.workload, progress);
    else {
      const swept = sweepPolicies(request.structure, request.workload, request.policies, {
        onProgress: progress,
      });
      curves = swept.curves;
      const { curves: _curves, ...run } = swept;
      const shown = denseCurve(swept.curves[0], swept.pages);
      result = { ...run, layout: request.structure.kind, ...shown };
    }
    const sweepSeconds = (performance.now() - started) / 1000;
    const bareSeconds = request.measureCpu
      ? timeBareWorkload(request.structure, request.workload, () => performance.now()).seconds
      : null;
    scope.post(
      {
        id: request.id,
        kind: 'done',
        ...result,
        sweepSeconds,
        bareSeconds,
        curves,
      },
      [result.pageIns.buffer, result.writeBacks.buffer],
    );
  },
  (request, message) => ({ id: request.id, kind: 'error', message }),
);
