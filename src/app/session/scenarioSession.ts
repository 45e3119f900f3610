// The scenario on screen: the link it came from, the timeline that shows it and the cursor on it.
// Every way of arriving at a scenario (a link, Back/Forward, the controls, a preset, a scene, the
// curves, the slider) comes through here.

import type { CurveSettings } from '../../core/experiments/curveSettings';
import { formatCount } from '../../core/explain/numbers';
import type { Replay } from '../../core/replay/replay';
import { SIDES } from '../../core/replay/side';
import { Timeline } from '../../core/replay/timeline';
import { animationKey } from '../../core/scenario/format';
import { isLargeRun } from '../../core/scenario/pageLimits';
import {
  ANIMATION_PARAMS,
  animatedRun,
  DEFAULT_SCENARIO,
  type ParsedScenario,
  type Scenario,
  type ScenarioError,
  scenarioPages,
  sidePages,
} from '../../core/scenario/scenario';
import { afterNextFrame } from '../browser/frames';
import type { HistoryMode, LinkWriter } from '../browser/link';
import type { ControlsForm } from '../controls/controlsForm';
import type { CurvesPanel } from '../curves/curvesPanel';
import type { MachinePanelHandle } from '../machine/machinePanel';
import type { ErrorBox } from '../page/errorBox';
import type { Sidebar } from '../page/sidebar';
import type { Playback } from '../playback/playback';
import type { PredictMode } from '../predict/predictMode';
import type { ScalingPanelHandle } from '../scaling/scalingPanel';
import type { LazyPanel } from '../series/lazyPanel';
import type { RacePanel } from '../side/race';
import type { SidePanel } from '../side/sidePanel';
import type { StepPanel } from '../step/stepPanel';
import { embedRange, landingStep, linkedStep, operationStep } from './cursor';
import { curveFramesAt, scenarioFramesAt } from './framePressure';
import type { TimelinePreparer } from './timelinePreparer';

/** How long the link waits after the slider or the curves' readout moves (they follow the pointer). */
const FOLLOW_LINK_DELAY_MS = 300;

/** Where to put the cursor: a step (or 'end'), the start of an operation, or the opening. */
type Cursor = number | 'end' | { op: number } | { legacyStep: number } | 'opening';

/** The parts of the page a scenario's arrival updates. */
interface SessionParts {
  link: LinkWriter;
  preparer: TimelinePreparer;
  playback: Playback;
  errorBox: ErrorBox;
  panels: readonly SidePanel[];
  stepPanel: StepPanel;
  predict: PredictMode;
  controls: ControlsForm;
  sidebar: Sidebar;
  curves: LazyPanel<CurveSettings, CurvesPanel>;
  scaling: ScalingPanelHandle;
  machine: MachinePanelHandle;
  race: RacePanel;
}

/** What the session asks of the rest of the page. */
interface SessionHost {
  /** Tree labels, the focused side, the tour band, the controls, embedding. */
  applyView(): void;
  /** Paints now, or in the next animation frame. */
  paint(): void;
  schedulePaint(): void;
  /** Paints a new scenario's first frame in a few tasks; `done` once it is all drawn. */
  paintLanding(done: () => void): void;
  /** A scenario has been placed: the tour remembers it if it is a scene's. */
  placed(): void;
  /** The page differs from what it was (the tour band offers "back to the scene"). */
  changed(): void;
}

export class ScenarioSession {
  scenario: Scenario = { ...DEFAULT_SCENARIO };
  /**
   * The scenario last asked for: the one on screen, or one still being prepared. One request is
   * current: whatever was asked before it is dropped (the preparer's generation) and never
   * draws, writes the link or moves the tour.
   */
  requested: Scenario = this.scenario;
  /** The scenario whose timeline is on screen (null before the first is ready). */
  private shown: Scenario | null = null;
  /**
   * A large run whose landing waits for its workers to serve it: until it is drawn, the sides
   * still hold the last scenario's drawing, which the placeholder covers (null: none waits).
   */
  private landingWaits: Replay | null = null;
  /** Called once the landing waiting now is drawn (or gives way to another). */
  private drawnWaiters: (() => void)[] = [];
  /** The landing being painted in parts (FramePainter.paintInParts), if one is. */
  private paintingLanding: Replay | null = null;
  // An empty placeholder until the linked scenario is prepared (a few ms for small ones).
  timeline: Replay = new Timeline({ ...DEFAULT_SCENARIO, workload: 'script', ops: 'i 1' });

  constructor(
    private readonly parts: SessionParts,
    private readonly host: SessionHost,
  ) {}

  /**
   * Whether the scenario asked for is not on screen yet: its timeline is being prepared, and
   * what the sides hold belongs to another (or to none, before the first).
   */
  get pending(): boolean {
    return this.shown !== this.requested || this.landingWaits === this.timeline;
  }

  /**
   * Shows a parsed link: the same animation only moves its cursor and view; another one is
   * prepared first. `history` says how the link is recorded (null: it is the link already,
   * after Back or Forward); a link that named an operation is rewritten with its step.
   */
  show(
    parsed: ParsedScenario,
    source: string,
    history: HistoryMode | null,
    initial: boolean,
  ): void {
    const { curves, scaling, machine, playback, errorBox, link } = this.parts;
    const { scenario } = parsed;
    // A panel about to be hidden stops drawing now (opening one waits for the layout).
    if (scenario.panel !== 'curves') curves.deactivate();
    if (scenario.panel !== 'scaling') scaling.deactivate();
    if (scenario.panel !== 'machine') machine.deactivate();
    curves.setSettings(scenario.curves);
    scaling.setSettings(scenario.scaling);
    machine.setSettings(scenario.machine);
    const cursor = cursorOf(parsed);
    // A link that named an operation, or a step in an older numbering, is written back with
    // the step it lands on.
    const legacy = typeof cursor === 'object' && 'legacyStep' in cursor;
    const rewrite = history ?? (scenario.op !== null || legacy ? 'replace' : null);
    if (
      !initial &&
      !legacy &&
      animationKey(scenario) === animationKey(this.scenario) &&
      this.timeline.ready
    ) {
      // After Back or Forward the address names this scenario already: pausing must not write
      // the step that was playing over it (the link writes nothing while a request waits).
      if (history === null) this.requested = scenario;
      playback.pause();
      // After Back or Forward no entry is due: a cursor's write later must replace, not push.
      if (history === null) link.dropPush();
      // One current request: a scenario still being prepared for an earlier request (a large
      // run recording) must not take over the page when it is ready.
      this.parts.preparer.cancel();
      this.scenario = scenario;
      this.requested = scenario;
      this.shown = scenario;
      errorBox.show([...parsed.errors, ...this.placeCursor(cursor, false)], source);
      if (rewrite !== null) link.now(rewrite);
    } else this.load(scenario, cursor, parsed.errors, source, rewrite);
  }

  /**
   * A setting that needs no new timeline (a chart's settings, the open tab, the tree's labels)
   * changed: the scenario records it, and the link with it.
   */
  amend(patch: Partial<Scenario>, history: HistoryMode): void {
    Object.assign(this.scenario, patch);
    if (patch.curves !== undefined) this.markCurvesFrames();
    if (patch.view !== undefined) {
      this.host.applyView();
      this.host.paint();
    }
    if (patch.panel !== undefined) this.parts.sidebar.show(patch.panel);
    this.parts.link.now(history);
    this.host.changed();
  }

  /** The curves' readout follows the pointer: the link follows it shortly. */
  setReadout(frames: number | null): void {
    this.scenario.curves = { ...this.scenario.curves, readout: frames };
    this.parts.link.soon(FOLLOW_LINK_DELAY_MS);
  }

  /** Playback moved the cursor: the scenario records it, and the page paints next frame. */
  moved(step: number): void {
    // While a large run is recorded its last step so far is not its end (a shipped landing's is).
    const { stillRecording, totalSteps } = this.timeline;
    this.scenario.step = linkedStep(step, stillRecording ? Number.POSITIVE_INFINITY : totalSteps);
    // The landing the page waited for: painted in parts, and the placeholder goes once it is
    // all drawn. Any other move (one during those parts too) paints in the next frame.
    const waiting = this.landingWaits;
    if (waiting !== null && this.paintingLanding !== waiting) this.paintLanding(waiting);
    else this.host.schedulePaint();
  }

  /**
   * Paints `timeline`'s landing in a few tasks while the page is pending (the sides hidden),
   * then lets the placeholder go: shown at once, the sides would show a half-drawn frame.
   */
  private paintLanding(timeline: Replay): void {
    this.paintingLanding = timeline;
    this.host.paintLanding(() => {
      if (this.paintingLanding === timeline) this.paintingLanding = null;
      if (this.landingWaits === timeline) this.landed();
    });
  }

  /** The waiting landing is drawn, or will never be (its workers failed): the placeholder goes. */
  landed(): void {
    if (this.landingWaits === null) return;
    this.landingWaits = null;
    this.landingDrawn();
    this.host.applyView();
  }

  /**
   * Calls `then` once the page has drawn the landing waiting now and nothing is under way (the
   * status line says nothing: no scenario being prepared, no large run recording).
   */
  whenSettled(then: () => void): void {
    this.whenLandingDrawn(() => this.parts.preparer.statusLine.whenSilent(then));
  }

  /** Calls `then` once the landing waiting now is drawn; at once if none waits. */
  private whenLandingDrawn(then: () => void): void {
    if (this.landingWaits === null) then();
    else this.drawnWaiters.push(then);
  }

  private landingDrawn(): void {
    const waiters = this.drawnWaiters;
    this.drawnWaiters = [];
    for (const then of waiters) then();
  }

  /** Drops a request still being prepared: the scenario on screen is the current one again. */
  cancel(): void {
    if (this.requested === this.scenario) return;
    this.parts.preparer.cancel();
    this.requested = this.scenario;
    this.parts.controls.sync(this.scenario);
    this.showStructures(this.scenario);
    this.host.applyView();
  }

  /**
   * The structures' names, policy and listings, for the scenario asked for (set as it is asked
   * for, so the sidebar's listings do not change size when its timeline comes).
   */
  private showStructures(scenario: Scenario): void {
    const { panels, stepPanel, predict } = this.parts;
    const kinds = SIDES.map((side) => scenario[side]);
    const large = isLargeRun(animatedRun(scenario));
    panels.forEach((panel, sideIndex) => {
      panel.setStructure(kinds[sideIndex]);
      panel.setPolicy(scenario.policy);
      panel.expectRun(sidePages(scenario, SIDES[sideIndex]), scenario.policy, large);
    });
    stepPanel.showStructures(kinds);
    predict.showStructures(kinds);
  }

  /** The controls' values, read against the scenario on screen. */
  applyControls(): void {
    const read = this.parts.controls.read(this.scenario);
    this.load(read.scenario, 0, read.errors, 'The controls', 'push');
  }

  /**
   * Shows `scenario` at `cursor` once its timeline is prepared; the current one stays on
   * screen (and playable) meanwhile. `history` says how the link records it (null: it is
   * already the link, after Back or Forward).
   */
  load(
    scenario: Scenario,
    cursor: Cursor,
    errors: ScenarioError[],
    source: string,
    history: HistoryMode | null,
  ): void {
    const { preparer, playback, errorBox, link, controls } = this.parts;
    // Pausing writes the link: before a new entry is pushed, the old one keeps its step; after
    // Back or Forward the address names the new scenario, and nothing is written over it.
    if (history === null) this.requested = scenario;
    playback.pause();
    link.flush();
    link.dropPush();
    // The controls say at once what is being prepared (a large run takes a while), not what
    // they said before; a refused value is already the previous one in `scenario`.
    controls.sync(scenario);
    this.requested = scenario;
    // The tour's band, the layout and the tab turn at once: a clicker never looks dead while a
    // run prepares, and the previous scene's figure gives way to the placeholder.
    this.host.changed();
    this.parts.sidebar.show(scenario.panel);
    this.showStructures(scenario);
    this.host.applyView();
    const legacySteps = typeof cursor === 'object' && 'legacyStep' in cursor;
    preparer.prepare(
      scenario,
      (timeline) => {
        this.scenario = scenario;
        this.shown = scenario;
        if (timeline !== this.timeline) preparer.retire(this.timeline);
        this.timeline = timeline;
        errorBox.show([...errors, ...this.placeCursor(cursor, true)], source);
        if (history !== null) {
          if (history === 'push') link.pushNext();
          // In a task of its own: a history entry is slow while a large run's workers hold both
          // cores, and the scene's own work is already in this task.
          window.setTimeout(() => {
            if (this.scenario === scenario && this.requested === scenario) link.now(history);
          }, 0);
        }
      },
      {
        legacySteps,
        whenDrawn: (then) => this.whenLandingDrawn(then),
        failed: (message) => {
          // Nothing changed after all: the controls and the band go back to the scenario on screen.
          this.requested = this.scenario;
          controls.sync(this.scenario);
          this.showStructures(this.scenario);
          this.host.changed();
          this.host.applyView();
          errorBox.show([...errors, { param: 'items', message }], source);
          // After Back or Forward the address already names the run that failed: it names the
          // one on screen again, so the link and the page agree.
          if (history === null) link.now('replace');
        },
      },
    );
  }

  /**
   * Puts the timeline at the cursor (`newTimeline`: one just prepared, the sides hidden); returns
   * a message if the step is beyond the scenario.
   */
  private placeCursor(cursor: Cursor, newTimeline: boolean): ScenarioError[] {
    const { playback, race, controls, sidebar } = this.parts;
    const timeline = this.timeline;
    const totalSteps = timeline.totalSteps;
    playback.transport.setOperations(timeline.ops.length);
    const embed = this.scenario.embed;
    const range = embedRange(embed.from, embed.to, totalSteps);
    let linked: number | 'end';
    // An embedded range opens at its first step, unless the link placed the cursor itself.
    if (embed.on && range.from !== null && (cursor === 'opening' || cursor === 0))
      linked = range.from;
    // A loop over the whole run starts where the run does, not at its opening step.
    else if (embed.on && embed.loop && cursor === 'opening') linked = 0;
    else if (cursor === 'opening') linked = timeline.stepStart[Math.floor(timeline.ops.length / 4)];
    else if (typeof cursor === 'object' && 'legacyStep' in cursor)
      linked = timeline.stepFromLegacy(cursor.legacyStep);
    else if (typeof cursor === 'object')
      linked = operationStep(timeline.stepStart, timeline.ops.length, cursor.op);
    else linked = cursor;
    const errors: ScenarioError[] = [];
    const operations = timeline.ops.length;
    if (typeof cursor === 'object' && 'op' in cursor && cursor.op > operations) {
      errors.push({
        param: 'op',
        message: `op must be from 1 to ${formatCount(operations)} for this scenario, got ${formatCount(cursor.op)}; using ${formatCount(operations)}`,
      });
    }
    const landing = landingStep(linked, totalSteps);
    timeline.setFrames(this.scenario.frames);
    timeline.seek(0);
    // A large run's step far from its start waits for the workers: Playback seeks and draws
    // once they have served it; until then the page shows what it showed. The workers then take
    // both cores, and any page work meanwhile (a task, a frame) stretches past 50 ms, so the
    // page's own comes first: this task and its frame, then the new run's race (laid out by
    // then) and its frame, then the request.
    const waits = !timeline.canSeek(landing.step);
    // Pending until a new timeline's landing is drawn: served by the workers first, or painted
    // in parts (the sides are hidden already). The same timeline's sides stay on screen, and a
    // move there paints at once.
    const inParts = !waits && newTimeline;
    // A landing still waiting gives way: what waited for its drawing goes on now.
    this.landingDrawn();
    this.landingWaits = waits || inParts ? timeline : null;
    if (waits) {
      // Said at once: until the landing is drawn, the sides still hold the last scenario's
      // drawing, under the placeholder (`pending`).
      this.showWaiting(timeline.opAt(landing.step) + 1);
      afterNextFrame(() => {
        if (this.timeline !== timeline) return;
        race.prepare(timeline);
        // The race's own frame too, before the request.
        afterNextFrame(() => {
          if (this.timeline === timeline) playback.seek(landing.step);
        });
      });
    } else timeline.seek(landing.step);
    this.scenario.step = linked === 'end' ? 'end' : landing.step;
    this.scenario.op = null;
    errors.push(...range.errors);
    // The link writes the range as it is played: a clamped end is not named again on reload.
    this.scenario.embed = { ...embed, from: range.from, to: range.to };
    playback.setRange(embed.on ? range.from : null, embed.on ? range.to : null, embed.loop);
    // A looping embed plays by itself, as a figure in a course page should; a reader who asked
    // for less motion gets it paused, with its play button.
    if (embed.on && embed.loop && !prefersLessMotion())
      window.setTimeout(() => playback.start(), 0);
    controls.sync(this.scenario);
    sidebar.show(this.scenario.panel);
    this.host.applyView();
    if (inParts) this.paintLanding(timeline);
    else if (!waits) this.host.paint();
    this.host.placed();
    return landing.error === null ? errors : [...errors, landing.error];
  }

  /** A click on the curves sets the animated scenario's frames to the same pressure, scaled. */
  pickFrames(curveFrames: number, curvePages: number): void {
    const pages = scenarioPages(this.scenario);
    const frames = scenarioFramesAt(curveFrames, curvePages, pages);
    this.parts.curves.built?.setNote(
      `Resident pages of the animation set to ${frames} of ${pages}: the same share as ${curveFrames} of ${curvePages} in the curves’ run (scaled, since the animated heap is far smaller).`,
    );
    if (frames === this.scenario.frames) return;
    this.load({ ...this.scenario, frames, step: 0 }, 0, [], 'The curves', 'push');
  }

  /** The curves mark the pressure the animation runs at, on their own scale. */
  markCurvesFrames(): void {
    // Not built yet: the curves mark the frames when they are first shown (onShown).
    const curves = this.parts.curves.built;
    const curvePages = curves?.currentPages() ?? null;
    if (curves === null || curvePages === null) return;
    curves.markScenarioFrames(
      curveFramesAt(this.scenario.frames, scenarioPages(this.scenario), curvePages),
    );
  }

  /**
   * The slider moved: both sides re-answer from their recency stacks at once (the steps, the
   * cursor and the structures stay), and the link follows shortly.
   */
  slideFrames(frames: number): void {
    // Another policy's pager must run again: that waits until the slider is let go.
    if (this.scenario.policy !== 'lru') return;
    if (!this.timeline.ready || frames === this.scenario.frames) return;
    this.scenario.frames = frames;
    this.timeline.setFrames(frames);
    this.parts.controls.sync(this.scenario);
    this.markCurvesFrames();
    this.host.schedulePaint();
    this.parts.link.soon(FOLLOW_LINK_DELAY_MS);
    this.host.changed();
  }

  /** The slider let go: the link records it; another policy's sides run again with it. */
  settleFrames(frames: number): void {
    if (this.scenario.policy === 'lru') {
      this.parts.link.now('replace');
      return;
    }
    if (frames === this.scenario.frames) return;
    const step = this.timeline.step;
    this.load({ ...this.scenario, frames }, step, [], 'The slider', 'replace');
  }

  /** A jump waiting for the workers says so (the page stays usable meanwhile). */
  showWaiting(operation: number | null): void {
    this.parts.preparer.say(
      operation === null
        ? null
        : `Fetching operation ${operation.toLocaleString('en-US')} from the workers…`,
    );
  }
}

/**
 * Where a link puts the cursor: its step, or the start of its op; a link that says nothing
 * about the animation at all (?tour=off) opens after the first quarter of the operations,
 * where the two sides already differ: never on two empty structures and zero counters.
 */
function cursorOf(parsed: ParsedScenario): Cursor {
  if (parsed.scenario.op !== null) return { op: parsed.scenario.op };
  const step = parsed.scenario.step;
  if (parsed.legacySteps && typeof step === 'number' && step > 0) return { legacyStep: step };
  if (ANIMATION_PARAMS.some((name) => parsed.given.has(name))) return step;
  return 'opening';
}

/** The reader asked the system for less motion (prefers-reduced-motion). */
function prefersLessMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
