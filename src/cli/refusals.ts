// The CLI's refusal of a command line over the memory budget or a hard limit: one line naming
// the options involved, the numbers and what would make it fit (core/experiments/budget.ts finds
// the reason; this file words it).

import {
  type BudgetRemedy,
  budgetExcess,
  CLI_MEMORY_BUDGET_BYTES,
  type CommandPlan,
} from '../core/experiments/budget';
import { formatBytes, groupDigits } from '../core/experiments/byteUnits';
import { MAX_STRING_CHARS } from '../core/experiments/outputEstimate';
import { WORD_BYTES } from '../core/structures/pointer/arena';
import { isHeapKind } from '../core/structures/registry';
import { workloadCapacity } from '../core/workloads/workloads';

/** How the messages name each setting (the CLI's options by default). */
export interface SettingNames {
  items: string;
  ops: string;
  sizes: string;
  layout: string;
  nodeBytes: string;
  itemsPerPage: string;
  workload: string;
  format: string;
  /** Whose budget it is, e.g. "the command line's". */
  owner: string;
}

export const CLI_SETTING_NAMES: SettingNames = {
  items: '--items',
  ops: '--ops',
  sizes: '--sizes',
  layout: '--layout',
  nodeBytes: '--node-bytes',
  itemsPerPage: '--page-items',
  workload: '--workload',
  format: '--format',
  owner: "the command line's",
};

function listed(parts: readonly string[], last: 'and' | 'or'): string {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} ${last} ${parts[parts.length - 1]}`;
}

/** "--items 16777216 with --layout rb, --node-bytes 4096 and --page-items 4". */
function subject(plan: CommandPlan, names: SettingNames): string {
  const { workload } = plan;
  let size: string;
  if (plan.command === 'scaling') {
    const largest = Math.max(...plan.sizes);
    size = plan.sizes.length > 1 ? `${names.sizes} up to ${largest}` : `${names.sizes} ${largest}`;
  } else if (workload.kind === 'script') {
    size = `${names.ops} (up to ${workloadCapacity(workload)} items at once)`;
  } else size = `${names.items} ${workload.items}`;
  const settings = [`${names.layout} ${plan.layouts.join(',')}`];
  if (workload.kind === 'expiry') settings.push(`${names.workload} expiry`);
  if (plan.layouts.some((kind) => !isHeapKind(kind)))
    settings.push(`${names.nodeBytes} ${plan.nodeBytes}`);
  if (plan.command !== 'scaling') settings.push(`${names.itemsPerPage} ${plan.itemsPerPage}`);
  return `${size} with ${listed(settings, 'and')}`;
}

/** "fewer --items, larger --page-items or smaller --node-bytes". */
function remedies(plan: CommandPlan, names: SettingNames, fixes: readonly BudgetRemedy[]): string {
  const size =
    plan.command === 'scaling'
      ? `smaller ${names.sizes}`
      : plan.workload.kind === 'script'
        ? 'a script that holds fewer items'
        : `fewer ${names.items}`;
  const words: Record<BudgetRemedy, string> = {
    size,
    'page-items': `larger ${names.itemsPerPage}`,
    'node-bytes': `smaller ${names.nodeBytes}`,
    layouts: `fewer ${names.layout}`,
  };
  return listed(
    fixes.map((fix) => words[fix]),
    'or',
  );
}

/**
 * Why the command cannot run within `budget` bytes (or the hard limits of V8 and WebAssembly),
 * as one line naming the settings involved; null if it can.
 */
export function budgetProblem(
  plan: CommandPlan,
  budget: number = CLI_MEMORY_BUDGET_BYTES,
  names: SettingNames = CLI_SETTING_NAMES,
): string | null {
  const excess = budgetExcess(plan, budget);
  if (excess === null) return null;
  const what = subject(plan, names);
  const fixes = remedies(plan, names, excess.remedies);
  switch (excess.limit) {
    case 'memory': {
      const spans =
        plan.command === 'scaling' ? '' : ` spans ${groupDigits(excess.pages)} pages and`;
      return `${what}${spans} would need about ${formatBytes(excess.bytes)}; ${names.owner} budget is ${formatBytes(excess.budget)} (${fixes})`;
    }
    case 'kernel':
      return `${what} spans ${groupDigits(excess.pages)} pages: the stack-distance kernel would need about ${formatBytes(excess.kernelBytes)} of WebAssembly memory, which holds at most 4 GiB (${fixes})`;
    case 'string':
      return `${what} would print about ${groupDigits(excess.chars)} characters of ${names.format} ${plan.format} for one layout (a row per page); a JavaScript string holds at most ${groupDigits(MAX_STRING_CHARS)} (${fixes})`;
    case 'arena':
      return `${what} spans ${groupDigits(excess.words)} words of simulated memory; a node's words must have addresses below 2^31 (16 GiB of ${WORD_BYTES}-byte words) (${fixes})`;
  }
}
