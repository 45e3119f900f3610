// A Web Worker that runs the Asterisk add/delete benchmark for each (structure, N) a request asks,
// posting each point as soon as it exists so the chart fills in while the large N still run.
// Times are taken with this worker's performance.now(), in batches (see scalingTiming.ts).

import { NO_CALL_OVERHEAD, REVIEW_CALL_OVERHEAD } from '../core/experiments/cost';
import { scalingPoint } from '../core/experiments/scaling';
import { scalingPlan } from '../core/experiments/scalingSeries';
import { timeScalingPhases } from '../core/experiments/scalingTiming';
import { structureSpec } from '../core/structures/registry';
import type { ScalingReply, ScalingRequest } from './scalingProtocol';
import { workerScope } from './workerScope';

const scope = workerScope<ScalingRequest, ScalingReply>();

scope.listen(
  (request) => {
    const started = performance.now();
    const { skipped } = scalingPlan(request.kinds, request.sizes);
    const { jobs } = request;
    const overhead = request.overhead === 'review' ? REVIEW_CALL_OVERHEAD : NO_CALL_OVERHEAD;
    const now = (): number => performance.now();
    jobs.forEach((job, index) => {
      const spec = structureSpec(job.kind, request.itemsPerPage, request.nodeBytes);
      const options = { seed: request.seed, keyRange: request.keyRange };
      const point = scalingPoint(spec, job.items, { ...options, now: null, overhead });
      if (request.measure) {
        // Batched, not scalingPoint's single runs: this clock ticks every 100 µs in most browsers.
        const timed = timeScalingPhases(spec, job.items, { ...options, now });
        point.measuredAddSeconds = timed.addSeconds;
        point.measuredDeleteSeconds = timed.deleteSeconds;
      }
      scope.post({
        id: request.id,
        kind: 'progress',
        done: index + 1,
        total: jobs.length,
        point,
      });
    });
    scope.post({
      id: request.id,
      kind: 'done',
      skipped,
      seconds: (performance.now() - started) / 1000,
    });
  },
  (request, message) => ({ id: request.id, kind: 'error', message }),
);
