// The page-reference trace: one CSV row per reference a side makes, numbered by the page's own
// steps, with what the pager did and the reference's LRU stack distance. Written as a stream of
// lines, operation by operation, so the command line can trace a million-item run without
// holding it (docs/trace.md describes the columns).

import { ArraySink, type OpKind, type SimEvent } from '../events';
import type { Policy } from '../memory/pager';
import { FIRST_TOUCH } from '../memory/recencyStack';
import { StackMemory } from '../memory/stackMemory';
import { STRUCTURES, type StructureSpec, structurePages } from '../structures/registry';
import { type Workload, workloadCapacity } from '../workloads/workloads';
import { lockstepLength } from './lockstep';
import { opKindOf } from './opList';
import { recordOps } from './recordOps';
import { Side } from './side';

/** The columns, in order (docs/trace.md). */
export const TRACE_COLUMNS = [
  'step',
  'side',
  'operation',
  'kind',
  'unit',
  'address',
  'page',
  'access',
  'outcome',
  'evicted',
  'write_back',
  'stack_distance',
] as const;

interface TraceRun {
  /** The structures traced, each under its side's name ("left", "right", or a layout name). */
  sides: { name: string; spec: StructureSpec }[];
  workload: Workload;
  /** Resident pages (each side caps it at the pages it spans). */
  frames: number;
  /** The sides' page replacement (default LRU); the stack distance column stays LRU's. */
  policy?: Policy;
}

/**
 * The trace's lines: the header, then one line per page reference in step order (at one step,
 * the sides in order).
 * `onOperation` hears each operation done (for progress).
 */
export function* traceLines(
  run: TraceRun,
  onOperation: (done: number, total: number) => void = () => {},
): Generator<string> {
  const capacity = workloadCapacity(run.workload);
  const recorded = recordOps(run.workload);
  const ops = recorded.ops;
  const sides = run.sides.map(({ name, spec }) => {
    const pages = structurePages(spec, capacity);
    const frames = Math.min(run.frames, pages);
    return {
      name,
      unit: STRUCTURES[spec.kind].family === 'heap' ? 'slot' : 'word',
      side: new Side(spec, capacity, recorded.items, frames, pages, run.policy ?? 'lru', ops),
      memory: new StackMemory(pages, frames),
    };
  });
  yield TRACE_COLUMNS.join(',');
  let stepStart = 0;
  for (let k = 0; k < ops.length; k++) {
    const events = sides.map(({ side }) => {
      const sink = new ArraySink();
      side.run(ops, k, sink);
      return sink.events;
    });
    const kind = opKindOf(ops.name(k));
    const length = lockstepLength(events.map((list) => list.length));
    // In step order; at one step, the sides in order.
    for (let i = 0; i < length; i++) {
      for (let s = 0; s < sides.length; s++) {
        const event = events[s][i];
        if (event === undefined || event.kind !== 'touch') continue;
        const { name, unit, memory } = sides[s];
        const distance = memory.reference(event.page, event.write);
        yield row(stepStart + i + 1, name, k + 1, kind, unit, event, distance);
      }
    }
    stepStart += length;
    onOperation(k + 1, ops.length);
  }
}

function row(
  step: number,
  side: string,
  operation: number,
  kind: OpKind,
  unit: string,
  event: Extract<SimEvent, { kind: 'touch' }>,
  distance: number,
): string {
  return [
    step,
    side,
    operation,
    kind,
    unit,
    event.slot,
    event.page,
    event.write ? 'write' : 'read',
    event.outcome,
    event.evicted < 0 ? '' : event.evicted,
    event.writeBack ? 1 : 0,
    distance === FIRST_TOUCH ? 0 : distance,
  ].join(',');
}
