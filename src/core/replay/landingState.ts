// A large run's landing as data: what the page draws at the first event of one operation deep in
// the run (each side's view before it and the operation's events, the steps before and through
// it), computed by the same recording and serving the workers do (sideRecorder.ts,
// sideServer.ts). The page ships the tour's own landing (shippedLanding.ts) and draws it before
// its recording reaches the operation (largeTimeline.ts, land); the heaps themselves (8 MB a
// side) are not in it, so a step out of the operation waits for the workers' state.

import { ArraySink, type SimEvent } from '../events';
import { type Scenario, scenarioWorkload, sidePages, sideSpec } from '../scenario/scenario';
import { workloadCapacity } from '../workloads/workloads';
import { scenarioPlan, sideRecorder, sideServer } from './largeRun';
import { OpList } from './opList';
import { opSource } from './opSource';
import { SIDES, Side } from './side';
import type { ViewSnapshot } from './viewState';

export interface LandingState {
  /** The operation (from 0) whose events the landing holds: a link's `op` minus one. */
  op: number;
  /** The operation itself, as the page's operations hold it. */
  kind: number;
  handle: number;
  key: number;
  /** Steps before the operation and through it (the timeline's stepStart[op] and [op + 1]). */
  stepsBefore: number;
  stepsThrough: number;
  /** Per side: the view before the operation, and the operation's events. */
  views: ViewSnapshot[];
  events: SimEvent[][];
}

/**
 * The landing at operation `op` (from 0) of a large heap run: each side recorded to just past it
 * (the replay kernel, as the recorders do), its state served before it from those checkpoints
 * (as the servers do), then the operation run with its events (as the page does).
 */
export function computeLanding(scenario: Scenario, op: number): LandingState {
  const source = opSource(scenarioWorkload(scenario));
  if (!(Number.isInteger(op) && op >= 0 && op < source.length)) {
    throw new RangeError(`operation ${op} is outside 0..${source.length - 1}`);
  }
  const ops = OpList.fromArrays(
    new Uint8Array(source.length),
    new Int32Array(source.length),
    new Float64Array(source.length),
    source.namesItems,
  );
  source.fillTo(ops, op + 1);
  const { items } = source;
  const plan = scenarioPlan(scenario);
  const capacity = workloadCapacity(scenarioWorkload(scenario));
  const views: ViewSnapshot[] = [];
  const events: SimEvent[][] = [];
  const counts: Uint32Array[] = [];
  for (const name of SIDES) {
    const recorder = sideRecorder(scenario, name, ops, items, plan);
    recorder.runFor(Number.POSITIVE_INFINITY, () => 0, op + 1);
    if (recorder.recorded < op + 1) throw new Error(`the ${name} side stopped before ${op + 1}`);
    counts.push(recorder.eventCounts);
    const state = sideServer(scenario, name, ops, items, recorder.store).stateAt(op);
    const side = new Side(
      sideSpec(scenario, name),
      capacity,
      items,
      scenario.frames,
      sidePages(scenario, name),
      scenario.policy,
      ops,
    );
    side.importState(state);
    views.push(side.view.snapshot());
    const sink = new ArraySink();
    side.run(ops, op, sink);
    events.push(sink.events);
  }
  // The lockstep rule (partialRecording.ts): an operation lasts as long as its longer side.
  let stepsBefore = 0;
  for (let k = 0; k < op; k++) stepsBefore += Math.max(counts[0][k], counts[1][k]);
  return {
    op,
    kind: ops.kinds[op],
    handle: ops.handles[op],
    key: ops.keys[op],
    stepsBefore,
    stepsThrough: stepsBefore + Math.max(counts[0][op], counts[1][op]),
    views,
    events,
  };
}

/** Typed arrays as the landing's text writes them: their constructor's name and their bytes. */
const TYPED = {
  Int32Array,
  Uint32Array,
  Uint8Array,
  Float64Array,
} as const;

type TypedName = keyof typeof TYPED;

interface TypedText {
  $typed: TypedName;
  base64: string;
}

function isTypedName(name: string): name is TypedName {
  return Object.hasOwn(TYPED, name);
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** A landing as text (JSON, typed arrays as their bytes in base64: every value exactly). */
export function encodeLanding(landing: LandingState): string {
  return JSON.stringify(landing, (_key, value: unknown) => {
    if (!ArrayBuffer.isView(value) || value instanceof DataView) return value;
    const name = value.constructor.name;
    if (!isTypedName(name)) throw new TypeError(`a landing holds no ${name}`);
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    const text: TypedText = { $typed: name, base64: bytesToBase64(bytes) };
    return text;
  });
}

/** The landing encodeLanding wrote. */
export function decodeLanding(text: string): LandingState {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || !('$typed' in value)) return value;
    const { $typed, base64 } = value as TypedText;
    if (!isTypedName($typed)) throw new TypeError(`a landing holds no ${String($typed)}`);
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TYPED[$typed](bytes.buffer);
  }) as LandingState;
}
