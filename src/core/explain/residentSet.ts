// The resident set as a row of pages a room can read (pure): at 1,954 pages the grid's cells are
// specks, so the pages in memory are listed apart, most recently used first, with what the
// current step did to them: the page it referenced (a hit, a page-in, a zero-fill) and the page
// it evicted (written back or not). Scene 12's "12 page-ins against 2" is then seen, step by step.

import type { TouchOutcome } from '../events';

/** One resident page as the strip shows it. */
export interface ResidentChip {
  page: number;
  /** Its place in the order given (1 = most recently used, under LRU). */
  rank: number;
  dirty: boolean;
  /** What the current step did to it (null: nothing). */
  mark: TouchOutcome | null;
}

export interface ResidentRow {
  chips: ResidentChip[];
  /** Resident pages not shown (past `max`). */
  hidden: number;
  /** The page the current step evicted, and whether it was written back (null: none). */
  evicted: { page: number; writeBack: boolean } | null;
}

/** What the strip needs of the current step: a reference's page, outcome and eviction. */
export interface StepReference {
  page: number;
  outcome: TouchOutcome;
  evicted: number;
  writeBack: boolean;
}

/**
 * The row for `resident` (in the order to show), at most `max` chips; the referenced page is
 * always among them (it is first under LRU, and kept last in place of another otherwise).
 */
export function residentRow(
  resident: readonly number[],
  isDirty: (page: number) => boolean,
  reference: StepReference | null,
  max: number,
): ResidentRow {
  const limit = Math.max(1, Math.floor(max));
  let shown = resident.slice(0, limit);
  const touched = reference?.page ?? -1;
  if (touched >= 0 && !shown.includes(touched) && resident.includes(touched)) {
    shown = [...shown.slice(0, limit - 1), touched];
  }
  const chips = shown.map((page) => ({
    page,
    rank: resident.indexOf(page) + 1,
    dirty: isDirty(page),
    mark: page === touched && reference !== null ? reference.outcome : null,
  }));
  const evicted =
    reference !== null && reference.evicted >= 0
      ? { page: reference.evicted, writeBack: reference.writeBack }
      : null;
  return { chips, hidden: resident.length - chips.length, evicted };
}
