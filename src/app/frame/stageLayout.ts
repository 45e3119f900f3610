// The stage's layout (pure): from the screen, presenter mode and the scenario to what the page
// shows and how. The stage decides what fits, not the number of items: the subject of every
// view is the two structures side by side, and the controls serve them.

import type { Scenario } from '../../core/scenario/scenario';
import type { Stage } from './frameModel';

/**
 * - wide: a desktop screen (1440 px and more, 800 lines or more): everything, the controls open.
 * - laptop: a laptop or a projector (1024-1439 px, or fewer lines): the controls fold to a line.
 * - phone: a narrow screen held upright: one column, both sides stacked, a bottom transport.
 * - phone-landscape: a short, narrow screen held sideways: the sides side by side, compact.
 */
export type StageForm = 'wide' | 'laptop' | 'phone' | 'phone-landscape';

/** What a view is about: the trees, the pages under pressure (grids and race), or a chart. */
type Subject = 'trees' | 'pages' | 'chart';

export interface StageLayout {
  name: StageForm;
  presenting: boolean;
  subject: Subject;
  /** The scenario's settings fold to a one-line summary by default. */
  foldControls: boolean;
  /** The least text size (CSS px) of every label: tree nodes, grid cells, counters. */
  leastText: number;
  /** The memory strip under each grid (where each level lies in memory). */
  strip: boolean;
  /** The tree's legend along its bottom. */
  treeLegend: boolean;
}

/** Below this width the page is one column. */
const PHONE_WIDTH = 700;
/** At this width and more (with room in height too) the controls stay open. */
const WIDE_WIDTH = 1440;
const WIDE_HEIGHT = 800;
/** A screen this short and no wider than a large phone is a phone held sideways. */
const LANDSCAPE_HEIGHT = 500;
const LANDSCAPE_WIDTH = 1000;

export function stageForm(stage: Pick<Stage, 'width' | 'height'>): StageForm {
  if (stage.width < PHONE_WIDTH) return 'phone';
  if (stage.height < LANDSCAPE_HEIGHT && stage.width < LANDSCAPE_WIDTH) return 'phone-landscape';
  if (stage.width >= WIDE_WIDTH && stage.height >= WIDE_HEIGHT) return 'wide';
  return 'laptop';
}

/**
 * The scenario's subject: a chart tab's chart; the pages where the scene says so (subject=pages);
 * otherwise the trees (the structures themselves).
 */
function subjectOf(scenario: Scenario): Subject {
  if (scenario.panel !== 'step') return 'chart';
  return scenario.view.subject;
}

export function stageLayout(stage: Stage, scenario: Scenario): StageLayout {
  const name = stageForm(stage);
  const subject = subjectOf(scenario);
  const phone = name === 'phone' || name === 'phone-landscape';
  return {
    name,
    presenting: stage.presenting,
    subject,
    foldControls: name !== 'wide' || stage.presenting,
    leastText: stage.presenting ? 18 : 11,
    // On a phone and on a projector, the strip gives its rows to the tree unless pages are the
    // subject; on a screen with room it stays.
    strip: phone || stage.presenting ? subject === 'pages' : name === 'wide' || stage.height >= 700,
    treeLegend: !phone && !stage.presenting && stage.height >= 900,
  };
}
