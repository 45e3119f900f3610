// The sidebar's parameters in a link: the fault-cost curves (c…) and the scaling chart (s…),
// each checked like the animation's and falling back on its own.

import { fitCurvesMemory } from '../experiments/curvePair';
import {
  CURVES_MAX_ITEMS,
  type CurveSettings,
  curvesPages,
  DEFAULT_CURVES,
  PRESET_IDS,
  PRESSURE_UNITS,
  presetSettings,
} from '../experiments/curveSettings';
import { LIST_MAX_ITEMS } from '../experiments/scaling';
import {
  DEFAULT_SCALING,
  parseScalingSizes,
  SCALING_QUANTITIES,
  type ScalingSettings,
} from '../experiments/scalingSeries';
import { POLICIES } from '../memory/pager';
import { quote } from '../quote';
import {
  KEY_RANGE_RANGE,
  MAX_IO_MS,
  parseIntInRange,
  parseNumberInRange,
  SEED_RANGE,
} from '../ranges';
import { DEFAULT_NODE_BYTES, pageSizeProblem, STRUCTURE_KINDS } from '../structures/registry';
import { choiceParam, err, parseItemsPerPageParam, parseNodeBytesParam } from './params';
import { PANEL_IDS, type Scenario, type ScenarioError } from './scenario';

/** The scaling tab's parameters: each checked like the rest, each falling back on its own. */
export function parseScaling(
  get: (name: string) => string | null,
  scenario: Scenario,
  errors: ScenarioError[],
): void {
  const scaling: ScalingSettings = {
    ...DEFAULT_SCALING,
    kinds: [...DEFAULT_SCALING.kinds],
    sizes: [...DEFAULT_SCALING.sizes],
  };
  const kindsText = get('skinds');
  if (kindsText !== null) {
    const names = kindsText.split(',').map((name) => name.trim());
    const unknown = names.find((name) => !STRUCTURE_KINDS.some((kind) => kind === name));
    if (unknown !== undefined || names.length === 0) {
      errors.push(
        err(
          'skinds',
          `skinds must list structures from ${STRUCTURE_KINDS.join(', ')}, got ${quote(unknown ?? kindsText, 24)}; using the default set`,
        ),
      );
    } else scaling.kinds = STRUCTURE_KINDS.filter((kind) => names.includes(kind));
  }
  const sizesText = get('ssizes');
  if (sizesText !== null) {
    const parsed = parseScalingSizes(sizesText);
    if (parsed.ok) scaling.sizes = parsed.value;
    else errors.push(err('ssizes', `ssizes: ${parsed.error}; using the review's sizes`));
  }
  const choice = <T extends string>(name: string, allowed: readonly T[], apply: (v: T) => void) =>
    choiceParam(get, errors, name, allowed, allowed[0], apply);
  choice('squant', ['total', ...SCALING_QUANTITIES.filter((q) => q !== 'total')], (value) => {
    scaling.quantity = value;
  });
  choice('sover', ['review', 'none'] as const, (value) => {
    scaling.overhead = value;
  });
  choice('smeasure', ['0', '1'] as const, (value) => {
    scaling.measure = value === '1';
  });
  scenario.scaling = scaling;
}

/** The curve parameters: a preset fills what the link does not say; each is checked like the rest. */
export function parseCurves(
  get: (name: string) => string | null,
  scenario: Scenario,
  errors: ScenarioError[],
): void {
  const panel = get('panel');
  if (panel !== null) {
    const found = PANEL_IDS.find((id) => id === panel);
    if (found !== undefined) scenario.panel = found;
    else
      errors.push(
        err(
          'panel',
          `panel must be one of ${PANEL_IDS.join(', ')}, got ${quote(panel, 24)}; using step`,
        ),
      );
  }
  const presetText = get('preset');
  let curves: CurveSettings = { ...DEFAULT_CURVES };
  if (presetText !== null) {
    const preset = PRESET_IDS.find((id) => id === presetText);
    if (preset !== undefined) curves = presetSettings(preset);
    else if (presetText === 'custom') curves.preset = 'custom';
    else
      errors.push(
        err(
          'preset',
          `preset must be one of ${PRESET_IDS.join(', ')} or custom, got ${quote(presetText, 24)}; using fig1`,
        ),
      );
  }
  const int = (name: string, min: number, max: number, apply: (value: number) => void): void => {
    const text = get(name);
    if (text === null) return;
    const parsed = parseIntInRange(name, text, { min, max });
    if (parsed.ok) apply(parsed.value);
    else errors.push(err(name, `${parsed.error}; using the preset's value`));
  };
  const choice = <T extends string>(name: string, allowed: readonly T[], apply: (v: T) => void) =>
    choiceParam(get, errors, name, allowed, "the preset's value", apply);
  int('citems', 1, CURVES_MAX_ITEMS, (value) => {
    curves.items = value;
  });
  const page = parseItemsPerPageParam('cpage', get('cpage'), curves.itemsPerPage, errors);
  if (page !== null) curves.itemsPerPage = page;
  const ioText = get('cio');
  if (ioText !== null) {
    const parsed = parseNumberInRange('cio (ms per transfer)', ioText, 0, MAX_IO_MS);
    if (parsed.ok) curves.ioMs = parsed.value;
    else errors.push(err('cio', `${parsed.error}; using ${curves.ioMs}`));
  }
  int('cseed', SEED_RANGE.min, SEED_RANGE.max, (value) => {
    curves.seed = value;
  });
  int('ckeys', KEY_RANGE_RANGE.min, KEY_RANGE_RANGE.max, (value) => {
    curves.keys = value;
  });
  choice('cwork', ['phk', 'expiry'] as const, (value) => {
    curves.workload = value;
  });
  choice('ccpu', ['article', 'measure'] as const, (value) => {
    curves.cpu = value;
  });
  choice('cmode', ['time', 'transfers'] as const, (value) => {
    curves.mode = value;
  });
  choice('cpolicy', POLICIES, (value) => {
    curves.policy = value;
  });
  choice('cfloor', ['0', '1'] as const, (value) => {
    curves.floor = value === '1';
  });
  choice('cunit', PRESSURE_UNITS, (value) => {
    curves.unit = value;
  });
  choice('cleft', STRUCTURE_KINDS, (value) => {
    curves.left = value;
  });
  choice('cright', STRUCTURE_KINDS, (value) => {
    curves.right = value;
  });
  const cnodeText = get('cnode');
  if (cnodeText !== null) {
    const node = parseNodeBytesParam('cnode', cnodeText, curves.left, curves.right);
    if (node.ok) curves.nodeBytes = node.value;
    else errors.push(err('cnode', `${node.error}; using ${DEFAULT_NODE_BYTES}`));
  }
  if ((curves.left === 'list' || curves.right === 'list') && curves.items > LIST_MAX_ITEMS) {
    // Named by the parameter the link chose: the items, or the list side that made them too many.
    const param = get('citems') !== null ? 'citems' : curves.left === 'list' ? 'cleft' : 'cright';
    errors.push(
      err(
        param,
        `${param}: with a sorted list in the curves citems must be at most ${LIST_MAX_ITEMS} (its inserts walk the list), got ${curves.items}; using ${LIST_MAX_ITEMS}`,
      ),
    );
    curves.items = LIST_MAX_ITEMS;
  }
  // An 8-ary heap keeps its children on one page: a page too small for it falls back to the preset's.
  for (const side of ['left', 'right'] as const) {
    const problem = pageSizeProblem(curves[side], curves.itemsPerPage);
    if (problem !== null) {
      const fallback = presetSettings('fig1').itemsPerPage;
      const param = get('cpage') !== null ? 'cpage' : side === 'left' ? 'cleft' : 'cright';
      errors.push(err(param, `${param}: ${problem}; using cpage=${fallback}`));
      curves.itemsPerPage = fallback;
    }
  }
  const memory = fitCurvesMemory(curves);
  if (memory.message !== null) {
    const param =
      ['citems', 'cnode', 'cpage', 'cleft', 'cright'].find((name) => get(name) !== null) ??
      'citems';
    errors.push(err(param, `${param}: ${memory.message}`));
    curves.items = memory.value;
  }
  const pages = curvesPages(curves);
  int('cfrom', 1, pages, (value) => {
    curves.from = value;
  });
  int('cto', 1, pages, (value) => {
    curves.to = value;
  });
  int('cread', 1, pages, (value) => {
    curves.readout = value;
  });
  if (curves.from !== null && curves.to !== null && curves.from >= curves.to) {
    errors.push(
      err(
        'cto',
        `cto must be larger than cfrom (${curves.from}), got ${curves.to}; showing the whole range`,
      ),
    );
    curves.from = null;
    curves.to = null;
  }
  scenario.curves = curves;
}
