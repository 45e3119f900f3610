// Reads what the benchmark reports from one Lighthouse result (its LHR): the three category
// scores, TBT, LCP and CLS, the `layout-shifts` audit's culprits and the `long-tasks` audit's
// main-thread tasks. Only the fields read here are typed; anything missing reads as null or none.

/** The part of a Lighthouse result this file reads. */
export interface LighthouseResultLike {
  lighthouseVersion?: string;
  categories: Record<
    string,
    { score: number | null; auditRefs?: readonly { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { score?: number | null; title?: string; numericValue?: number; details?: unknown } | undefined
  >;
  runWarnings?: readonly string[];
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

export interface LayoutShift {
  /** The CSS selector Lighthouse gives for the element that moved the most, or "(no element)". */
  element: string;
  /** Lighthouse's label for it (its text, shortened), if any. */
  label: string;
  /** This shift's share of CLS. */
  score: number;
  /** The root causes Lighthouse names (unsized media, web font, injected iframe), if any. */
  causes: string[];
}

export interface LongTask {
  /** The script the task is attributed to, or "Unattributable". */
  url: string;
  /** From navigation start, in ms (simulated on the mobile preset, like the durations). */
  startMs: number;
  durationMs: number;
}

/** An audit that counts towards accessibility or best practices and did not pass. */
export interface FailedAudit {
  category: 'accessibility' | 'best-practices';
  id: string;
  title: string;
  /** The first few elements it names (CSS selectors), if any. */
  elements: string[];
}

/** How many elements of a failed audit are kept. */
export const FAILED_ELEMENTS_KEPT = 3;

/** The categories whose failed audits are listed: their budget is 100, so each one matters. */
const LISTED_CATEGORIES = ['accessibility', 'best-practices'] as const;

/** One Lighthouse run of one page with one preset. Scores are 0–100, as Lighthouse shows them. */
export interface RunSummary {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  tbtMs: number | null;
  lcpMs: number | null;
  cls: number | null;
  layoutShifts: LayoutShift[];
  longTasks: LongTask[];
  failedAudits: FailedAudit[];
  /** Lighthouse's estimate of this machine's speed (higher is faster), taken before the load. */
  benchmarkIndex: number | null;
  warnings: string[];
  /** Why the run gave no numbers (Lighthouse's runtime error, or what it threw). */
  error: string | null;
}

/** A summary of a run that failed before Lighthouse returned a result. */
export function failedRun(error: string): RunSummary {
  return {
    performance: null,
    accessibility: null,
    bestPractices: null,
    tbtMs: null,
    lcpMs: null,
    cls: null,
    layoutShifts: [],
    longTasks: [],
    failedAudits: [],
    benchmarkIndex: null,
    warnings: [],
    error,
  };
}

export function summarize(result: LighthouseResultLike): RunSummary {
  // Lighthouse's report shows a category as Math.round(score × 100).
  const score = (id: string): number | null => {
    const value = result.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const metric = (id: string): number | null => {
    const value = result.audits[id]?.numericValue;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    tbtMs: metric('total-blocking-time'),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    layoutShifts: tableItems(result.audits['layout-shifts']?.details).map(layoutShift),
    longTasks: tableItems(result.audits['long-tasks']?.details)
      .map(longTask)
      .filter((task): task is LongTask => task !== null)
      .sort((a, b) => b.durationMs - a.durationMs),
    failedAudits: failedAudits(result),
    benchmarkIndex: result.environment?.benchmarkIndex ?? null,
    warnings: [...(result.runWarnings ?? [])],
    error: result.runtimeError
      ? `${result.runtimeError.code}: ${result.runtimeError.message}`
      : null,
  };
}

type Item = Record<string, unknown>;

const isRecord = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function tableItems(details: unknown): Item[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  return details.items.filter(isRecord);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function layoutShift(item: Item): LayoutShift {
  const node = isRecord(item.node) ? item.node : {};
  const causes = isRecord(item.subItems) ? tableItems(item.subItems) : [];
  return {
    element: text(node.selector) || '(no element)',
    label: text(node.nodeLabel),
    score: number(item.score) ?? 0,
    causes: causes.map((cause) => {
      const extra = isRecord(cause.extra) ? cause.extra : {};
      const what = text(extra.selector) || text(extra.value);
      return what ? `${text(cause.cause)} (${what})` : text(cause.cause);
    }),
  };
}

function longTask(item: Item): LongTask | null {
  const durationMs = number(item.duration);
  if (durationMs === null) return null;
  return {
    url: text(item.url) || 'Unattributable',
    startMs: number(item.startTime) ?? 0,
    durationMs,
  };
}

/** The weighted audits of the listed categories scoring below 1 (informative ones have no score). */
function failedAudits(result: LighthouseResultLike): FailedAudit[] {
  return LISTED_CATEGORIES.flatMap((category) =>
    (result.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = result.audits[ref.id];
      const score = audit?.score;
      if (ref.weight <= 0 || typeof score !== 'number' || score >= 1) return [];
      const elements = tableItems(audit?.details)
        .map((item) => (isRecord(item.node) ? text(item.node.selector) : ''))
        .filter((selector) => selector !== '');
      const kept = [...new Set(elements)].slice(0, FAILED_ELEMENTS_KEPT);
      return [{ category, id: ref.id, title: audit?.title ?? ref.id, elements: kept }];
    }),
  );
}
