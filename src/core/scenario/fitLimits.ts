// Brings a scenario too big for the page (pages, steps, memory: pageLimits.ts) within its
// limits, with one message naming the parameters involved.

import { DEFAULT_NODE_BYTES, isHeapKind, STRUCTURES } from '../structures/registry';
import {
  type LimitProblem,
  largestFittingItems,
  PAGE_MAX_HEAP_ITEMS,
  runLimitProblem,
} from './pageLimits';
import { err } from './params';
import {
  animatedRun,
  checkScript,
  DEFAULT_SCENARIO,
  type Scenario,
  type ScenarioError,
  scenarioScript,
} from './scenario';

/**
 * Applies the page's size limits to the combination (items or script, structures, node and
 * page size): one too big is brought within them (fewer items, or the default script or
 * workload), with one message naming the parameters involved, so the link the page then
 * writes loads with no message at all.
 */
export function fitPageLimits(
  scenario: Scenario,
  errors: ScenarioError[],
  given: (name: string) => boolean,
): void {
  const problem = runLimitProblem(animatedRun(scenario));
  if (problem === null) return;
  const isScript = scenario.workload === 'script';
  const involved = involvedParams(scenario, problem);
  const what = describeProblem(scenario, problem);
  const param = involved.find(given) ?? involved[0];
  const named = involved.map((name) => `${name}=${scenarioValue(scenario, name)}`).join(', ');
  if (!isScript) {
    const fitted = largestFittingItems(animatedRun(scenario), scenario.items);
    if (fitted >= 1) {
      errors.push(err(param, `${named}: ${what}; using items=${fitted}, the most that fit`));
      scenario.items = fitted;
      return;
    }
  } else {
    const defaultScript = { ...scenario, ops: DEFAULT_SCENARIO.ops };
    if (
      runLimitProblem(animatedRun(defaultScript)) === null &&
      checkScript(defaultScript) === null
    ) {
      errors.push(err(param, `${named}: ${what}; using the default script`));
      scenario.ops = DEFAULT_SCENARIO.ops;
      return;
    }
  }
  // Not even one item (or the default script) fits this node and page size: the defaults do.
  errors.push(
    err(
      param,
      `${named}: ${what}; using page=${DEFAULT_SCENARIO.itemsPerPage}, node=${DEFAULT_NODE_BYTES} and the ${DEFAULT_SCENARIO.workload} workload with ${DEFAULT_SCENARIO.items} items`,
    ),
  );
  scenario.itemsPerPage = DEFAULT_SCENARIO.itemsPerPage;
  scenario.nodeBytes = DEFAULT_NODE_BYTES;
  scenario.workload = DEFAULT_SCENARIO.workload;
  scenario.items = DEFAULT_SCENARIO.items;
}

/** The parameters a limit depends on, the size first. */
function involvedParams(scenario: Scenario, problem: LimitProblem): string[] {
  const size = scenario.workload === 'script' ? 'ops' : 'items';
  const pointer = !isHeapKind(scenario.left) || !isHeapKind(scenario.right);
  switch (problem.limit) {
    case 'items':
    case 'ops':
      // Heaps on both sides go further under LRU: the policy is part of the combination.
      return pointer || scenario.policy !== 'opt'
        ? [size, 'left', 'right']
        : [size, 'policy', 'left', 'right'];
    case 'pages':
    case 'memory':
    case 'worker memory':
      return pointer ? [size, 'node', 'page', 'left', 'right'] : [size, 'page', 'left', 'right'];
    case 'steps':
      return [size, 'left', 'right', 'workload'];
  }
}

function scenarioValue(scenario: Scenario, name: string): string {
  switch (name) {
    case 'ops':
      return `(${scenarioScript(scenario).length} operations)`;
    case 'items':
      return String(scenario.items);
    case 'node':
      return String(scenario.nodeBytes);
    case 'page':
      return String(scenario.itemsPerPage);
    case 'left':
      return scenario.left;
    case 'right':
      return scenario.right;
    case 'policy':
      return scenario.policy;
    default:
      return scenario.workload;
  }
}

function describeProblem(scenario: Scenario, problem: LimitProblem): string {
  const count = (n: number) => n.toLocaleString('en-US');
  switch (problem.limit) {
    case 'items': {
      const what =
        scenario.workload === 'script'
          ? `the script holds up to ${count(problem.value)} items at once`
          : `${count(problem.value)} items`;
      const heaps = isHeapKind(scenario.left) && isHeapKind(scenario.right);
      const why =
        heaps && scenario.policy === 'opt'
          ? ` (up to ${count(PAGE_MAX_HEAP_ITEMS)} under LRU, FIFO or CLOCK: OPT keeps the whole run's future)`
          : '';
      return `${what}; the page animates at most ${count(problem.max)} with these structures${why}`;
    }
    case 'ops':
      return `the script has ${count(problem.value)} operations; the page takes at most ${count(problem.max)}`;
    case 'pages':
      return `the ${problem.side} side's ${STRUCTURES[scenario[problem.side]].title} spans ${count(problem.value)} pages of ${scenario.itemsPerPage} words; the page draws at most ${count(problem.max)} per side`;
    case 'steps':
      return `this can take up to ${count(problem.value)} steps; the page prepares at most ${count(problem.max)} (worst case, counted before starting)`;
    case 'memory':
      return `its timeline would need about ${Math.ceil(problem.value / 2 ** 20)} MB; the page allows ${Math.round(problem.max / 2 ** 20)} MB`;
    case 'worker memory':
      return `each of its two workers would need about ${Math.ceil(problem.value / 2 ** 20)} MB for its checkpoints; the page allows ${Math.round(problem.max / 2 ** 20)} MB`;
  }
}
