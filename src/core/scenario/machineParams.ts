// The "On this machine" tab's parameters in a link (m…): read, each checked like the rest and
// falling back on its own, and written back in canonical form.

import {
  DEFAULT_HIERARCHY,
  HIERARCHY_KB_RANGE,
  type Hierarchy,
  KIB,
  TLB_ENTRIES_RANGE,
} from '../experiments/hierarchy';
import {
  DEFAULT_MACHINE,
  MACHINE_PAGE_MAX_ITEMS,
  MACHINE_PAGE_MEMORY_BYTES,
  MACHINE_PARTS,
  MACHINE_REPS_RANGE,
  type MachineSettings,
  machineMemoryProblem,
  parseMachineLayouts,
  parseMachineSizes,
} from '../experiments/machine';
import { ITEM_FORMS, MACHINE_WORKLOADS } from '../measure/machineLayouts';
import { parseIntInRange } from '../ranges';
import { choiceParam, err } from './params';
import type { ScenarioError } from './scenario';

/** KB of a modelled cache level, and entries of the TLB. */

/** A copy of the defaults (arrays and the hierarchy not shared). */
function defaultMachine(): MachineSettings {
  return {
    ...DEFAULT_MACHINE,
    layouts: [...DEFAULT_MACHINE.layouts],
    sizes: [...DEFAULT_MACHINE.sizes],
    hierarchy: { ...DEFAULT_MACHINE.hierarchy },
  };
}

/** Reads the machine parameters of a link into settings; each refusal is named, with what is used. */
export function parseMachineParams(
  get: (name: string) => string | null,
  errors: ScenarioError[],
): MachineSettings {
  const machine = defaultMachine();
  const layoutsText = get('mlayouts');
  if (layoutsText !== null) {
    const parsed = parseMachineLayouts(layoutsText);
    if (parsed.ok) machine.layouts = parsed.value;
    else errors.push(err('mlayouts', `mlayouts ${parsed.error}; using all`));
  }
  const sizesText = get('msizes');
  if (sizesText !== null) {
    const parsed = parseMachineSizes(sizesText, MACHINE_PAGE_MAX_ITEMS);
    if (parsed.ok) machine.sizes = parsed.value;
    else
      errors.push(
        err('msizes', `msizes: ${parsed.error}; using ${DEFAULT_MACHINE.sizes.join(', ')}`),
      );
  }
  choiceParam(get, errors, 'mform', ITEM_FORMS, DEFAULT_MACHINE.form, (value) => {
    machine.form = value;
  });
  choiceParam(get, errors, 'mwork', MACHINE_WORKLOADS, DEFAULT_MACHINE.workload, (value) => {
    machine.workload = value;
  });
  // The timings are the tab's default part: left unsaid, so a link round-trips to the same settings.
  choiceParam(get, errors, 'mpart', MACHINE_PARTS, 'timing', (value) => {
    if (value === 'kernel') machine.part = value;
  });
  choiceParam(get, errors, 'mpredict', ['0', '1'] as const, '1', (value) => {
    machine.predict = value === '1';
  });
  const int = (
    name: string,
    range: { min: number; max: number },
    fallback: number,
    apply: (value: number) => void,
  ): void => {
    const text = get(name);
    if (text === null) return;
    const parsed = parseIntInRange(name, text, range);
    if (parsed.ok) apply(parsed.value);
    else errors.push(err(name, `${parsed.error}; using ${fallback}`));
  };
  int('mreps', MACHINE_REPS_RANGE, DEFAULT_MACHINE.reps, (value) => {
    machine.reps = value;
  });
  const kb = (name: string, field: 'l1Bytes' | 'l2Bytes' | 'l3Bytes'): void =>
    int(`${name}`, HIERARCHY_KB_RANGE, DEFAULT_HIERARCHY[field] / KIB, (value) => {
      machine.hierarchy[field] = value * KIB;
    });
  kb('ml1', 'l1Bytes');
  kb('ml2', 'l2Bytes');
  kb('ml3', 'l3Bytes');
  int('mtlb', TLB_ENTRIES_RANGE, DEFAULT_HIERARCHY.tlbEntries, (value) => {
    machine.hierarchy.tlbEntries = value;
  });
  // Every run the page allows fits its budget; should that change, the sizes fall back.
  const memory = machineMemoryProblem(machine, MACHINE_PAGE_MEMORY_BYTES, {
    sizes: 'msizes',
    form: 'mform',
    workload: 'mwork',
  });
  if (memory !== null) {
    const param = ['msizes', 'mform', 'mwork'].find((name) => get(name) !== null) ?? 'msizes';
    errors.push(err(param, `${param}: ${memory}; using ${DEFAULT_MACHINE.sizes.join(', ')}`));
    machine.sizes = [...DEFAULT_MACHINE.sizes];
  }
  return machine;
}

/** Writes the machine parameters (scenario.ts SCENARIO_PARAMS, m…), every one, in canonical form. */
export function writeMachineParams(params: URLSearchParams, machine: MachineSettings): void {
  const h: Hierarchy = machine.hierarchy;
  params.set('mlayouts', machine.layouts.join(','));
  params.set('msizes', machine.sizes.join(','));
  params.set('mform', machine.form);
  params.set('mwork', machine.workload);
  params.set('mreps', String(machine.reps));
  params.set('mpredict', machine.predict ? '1' : '0');
  params.set('ml1', String(h.l1Bytes / KIB));
  params.set('ml2', String(h.l2Bytes / KIB));
  params.set('ml3', String(h.l3Bytes / KIB));
  params.set('mtlb', String(h.tlbEntries));
  // Only when it is not the default: links to the timings stay as they were.
  if (machine.part === 'kernel') params.set('mpart', 'kernel');
}
