// Composition root: owns the scenario and the timeline on screen, and wires the page's parts.

import { highlightedSlots } from '../core/explain/highlights';
import type { Replay } from '../core/replay/replay';
import { SIDES } from '../core/replay/side';
import { Timeline } from '../core/replay/timeline';
import { ARTICLE_TOUR } from '../core/scenario/articleTour';
import { animationKey, formatScenario } from '../core/scenario/format';
import { parseScenario } from '../core/scenario/parse';
import {
  ANIMATION_PARAMS,
  DEFAULT_SCENARIO,
  type ParsedScenario,
  type Scenario,
  type ScenarioError,
  scenarioPages,
  sideSpec,
} from '../core/scenario/scenario';
import { packTour, type Tour } from '../core/scenario/tourFormat';
import { STRUCTURES } from '../core/structures/registry';
import { NORMAL_LABELS } from '../view/tree/labels';
import { ControlsForm } from './controls/controlsForm';
import { landingStep, linkedStep } from './cursor';
import { CurvesPanel } from './curves/curvesPanel';
import { el } from './dom';
import { EmbedChrome } from './embed';
import { ErrorBox } from './errorBox';
import { TraceExport } from './exports/traceExport';
import { type SideLook, VideoExport } from './exports/videoExport';
import { curveFramesAt, scenarioFramesAt } from './framePressure';
import { afterNextFrame } from './frames';
import { type HistoryMode, LinkWriter, onHistoryMove, readLink } from './link';
import { type MachinePanelHandle, mountMachinePanel } from './machine/machinePanel';
import { MemorySlider } from './memorySlider';
import { listenForPlaybackKeys } from './playback/keyboard';
import { Playback } from './playback/playback';
import { PredictPanel } from './predict/predictPanel';
import { Presenter } from './present';
import { RacePanel } from './race';
import { mountScalingPanel, type ScalingPanelHandle } from './scaling/scalingPanel';
import { Sidebar } from './sidebar';
import { sideNumbers } from './sideNumbers';
import { counterDigits, SidePanel } from './sidePanel';
import type { SideAtStep } from './step/listings';
import { StepPanel } from './step/stepPanel';
import { operationText } from './step/stepText';
import { TimelinePreparer } from './timelinePreparer';
import { recordDuration } from './timing';
import { buildTopActions, type TopActions } from './topActions';
import { TourBand } from './tour/tourBand';
import { TourEditor } from './tour/tourEditor';
import { activeTour, sceneLink, sceneScenario, showsScene, viewAsSceneLink } from './tour/tours';

/** Presenter mode's tree labels: nothing under 18 px on a projector. */
const PRESENTER_LABELS = { min: 18, max: 24 };
/** How long the link waits after the curves' readout moves (it follows the pointer). */
const READOUT_LINK_DELAY_MS = 300;

/** Views only draw what the timeline's event-fed states hold; this class decides what they get. */
export class App {
  private scenario: Scenario = { ...DEFAULT_SCENARIO };
  private timeline: Replay;
  private readonly errorBox = new ErrorBox();
  private readonly link = new LinkWriter(() => `?${formatScenario(this.scenario)}`);
  private readonly preparer = new TimelinePreparer();
  private readonly panels: SidePanel[];
  private readonly playback: Playback;
  private readonly controls: ControlsForm;
  private readonly controlsDrawer: HTMLElement;
  private readonly controlsToggle: HTMLButtonElement;
  private readonly stepPanel: StepPanel;
  private readonly sidebar: Sidebar;
  private readonly curves: CurvesPanel;
  private readonly scaling: ScalingPanelHandle;
  private readonly machine: MachinePanelHandle;
  private readonly race: RacePanel;
  private readonly memorySlider: MemorySlider;
  private readonly predict: PredictPanel;
  private readonly traceExport: TraceExport;
  private readonly videoExport: VideoExport;
  /** Each side's sentence at the last draw (the video's frames print them). */
  private lastSentences: string[] = ['', ''];
  private readonly tourBand: TourBand;
  private readonly tourEditor: TourEditor;
  private readonly tourOpener: HTMLButtonElement;
  private readonly presenter: Presenter;
  private readonly embed = new EmbedChrome();
  private readonly topActions: TopActions;
  /** The page under the pointer in a grid or tree, lit on both sides. */
  private hoverPage: number | null = null;
  private renderQueued = false;
  /** The scene last opened, as it opened: "back to the scene" shows once the page differs. */
  private openedScene: Scenario | null = null;

  constructor(private readonly root: HTMLElement) {
    this.panels = SIDES.map((side) => new SidePanel(side, (page) => this.setHover(page)));
    this.playback = new Playback(
      {
        timeline: () => this.timeline,
        moved: (step) => {
          this.scenario.step = linkedStep(step, this.timeline.totalSteps);
          this.scheduleRender();
        },
        draw: () => this.render(),
        waiting: (operation) => this.showWaiting(operation),
        failed: (message) => this.errorBox.show([{ param: 'step', message }], 'The workers'),
      },
      this.link,
    );
    const parsed = linkToShow(readLink());
    const scalingBox = el('div', { class: 'scaling-box', 'data-testid': 'scaling-panel' });
    this.scaling = mountScalingPanel(scalingBox, {
      initial: parsed.scenario.scaling,
      onSettings: (settings) => {
        this.scenario.scaling = settings;
        this.link.now('push');
        this.showTour();
      },
    });
    const machineBox = el('div', { class: 'machine-box', 'data-testid': 'machine-panel' });
    this.machine = mountMachinePanel(machineBox, {
      initial: parsed.scenario.machine,
      onSettings: (settings) => {
        this.scenario.machine = settings;
        this.link.now('push');
        this.showTour();
      },
    });
    this.curves = new CurvesPanel(parsed.scenario.curves, {
      onSettings: (settings) => {
        this.scenario.curves = settings;
        this.link.now('push');
        this.markCurvesFrames();
        this.showTour();
      },
      onPickFrames: (frames, pages) => this.pickFrames(frames, pages),
      onErrors: (messages) =>
        this.errorBox.show(
          messages.map((message) => ({ param: 'curves', message })),
          'The curve controls',
        ),
      onReadout: (frames) => {
        this.scenario.curves = { ...this.scenario.curves, readout: frames };
        this.link.soon(READOUT_LINK_DELAY_MS);
      },
    });

    this.controls = new ControlsForm(
      () => this.applyControls(),
      (preset) => this.show(parseScenario(preset.link), 'The preset', 'push', false),
    );
    this.controlsDrawer = el('div', { class: 'controls-drawer', id: 'scenario-controls' }, [
      this.controls.root,
    ]);
    this.controlsToggle = el(
      'button',
      {
        type: 'button',
        'data-testid': 'controls-toggle',
        'aria-controls': 'scenario-controls',
        'aria-expanded': 'true',
      },
      ['⚙ Scenario'],
    );
    this.controlsToggle.addEventListener('click', () => {
      const open = this.controlsDrawer.hidden;
      this.controlsFolded = !open;
      this.showControls(open);
    });
    this.tourBand = new TourBand({
      go: (scene) => this.goToScene(scene),
      close: () => this.closeTour(),
    });
    this.tourEditor = new TourEditor({
      tour: () => activeTour(this.scenario),
      isArticleTour: () => this.scenario.tourPack === null,
      currentViewLink: () => viewAsSceneLink(this.scenario),
      useTour: (tour, scene) => this.useTour(tour, scene),
      tourAddress: (tour) =>
        new URL(
          sceneLink(tour, 1, tour === ARTICLE_TOUR ? null : packTour(tour)),
          window.location.href,
        ).href,
    });
    this.tourOpener = el('button', { type: 'button', 'data-testid': 'tour-open' }, ['▶ Tour']);
    this.tourOpener.title = 'Kamp’s argument, scene by scene';
    this.tourOpener.addEventListener('click', () => this.goToScene(1));
    this.presenter = new Presenter({ changed: (on) => this.presenterChanged(on) });
    this.topActions = buildTopActions(
      {
        writeLink: () => this.link.now('replace'),
        setTreeLabels: (labels) => {
          this.scenario.view = { ...this.scenario.view, tree: labels };
          this.applyView();
          this.render();
          this.link.now('replace');
          this.showTour();
        },
        themeChanged: () => this.render(),
      },
      [this.tourOpener, this.tourEditor.opener, this.controlsToggle, this.presenter.button],
    );
    const header = el('header', { class: 'top' }, [
      el('div', { class: 'brand' }, [
        el('h1', {}, ['B-Heap Lab']),
        el('p', { class: 'tagline' }, [
          'Binary heap vs Kamp’s B-heap over LRU virtual memory (“You’re Doing It Wrong”, 2010)',
        ]),
      ]),
      this.topActions.root,
    ]);
    // After the top bar: the legend reads the palette of the theme it applied.
    this.traceExport = new TraceExport(() => this.scenario);
    this.videoExport = new VideoExport({
      step: () => this.timeline.step,
      totalSteps: () => this.timeline.totalSteps,
      speed: () => this.playback.transport.stepsPerSecond,
      showStep: (step) => {
        this.playback.pause();
        this.playback.seek(step);
        this.render();
      },
      look: () => this.look(),
    });
    this.stepPanel = new StepPanel([
      this.traceExport.button,
      this.traceExport.status,
      this.videoExport.root,
    ]);
    const stage = el('main', { class: 'stage' });
    this.sidebar = new Sidebar(
      {
        step: this.stepPanel.content,
        curves: this.curves,
        scalingBox,
        scaling: this.scaling,
        machineBox,
        machine: this.machine,
      },
      {
        tabClicked: (panel) => {
          this.scenario.panel = panel;
          this.sidebar.show(panel);
          this.link.now('replace');
          this.showTour();
        },
        openPanel: () => this.scenario.panel,
        chartTabOpen: (open) => stage.classList.toggle('curves-open', open),
        curvesShown: () => this.markCurvesFrames(),
      },
    );
    this.memorySlider = new MemorySlider({
      moved: (frames) => this.slideFrames(frames),
      settled: (frames) => this.settleFrames(frames),
    });
    this.predict = new PredictPanel({
      peek: (step) => this.timeline.peek(step),
      kindOf: (side) => this.scenario[side],
      opKindAt: (step) => this.timeline.opKindAt(this.timeline.opAt(step)),
      frames: () => this.scenario.frames,
      advance: (step) => {
        this.playback.seek(step);
        this.render();
      },
    });
    this.playback.setGate((step) => this.predict.allows(step));
    this.playback.transport.root.append(this.predict.toggle);
    const raceBox = el('div', { class: 'race-box' });
    this.race = new RacePanel(raceBox);
    stage.append(
      el('div', { class: 'main-column' }, [
        this.memorySlider.root,
        this.predict.root,
        el(
          'div',
          { class: 'sides' },
          this.panels.map((panel) => panel.root),
        ),
        raceBox,
      ]),
      this.sidebar.root,
    );
    this.playback.transport.root.append(this.embed.link);
    this.root.append(
      header,
      this.controlsDrawer,
      this.tourBand.root,
      this.errorBox.root,
      stage,
      this.playback.transport.root,
      this.stepPanel.live,
      this.preparer.status,
      this.tourEditor.dialog,
    );

    this.scenario = parsed.scenario;
    // An empty placeholder until the linked scenario is prepared (a few ms for small ones).
    this.timeline = new Timeline({ ...DEFAULT_SCENARIO, workload: 'script', ops: 'i 1' });
    this.show(parsed, 'This link', 'replace', true);
    onHistoryMove(() => this.show(linkToShow(readLink()), 'This link', null, false));
    listenForPlaybackKeys(this.playback, {
      nextScene: () => this.stepScene(1),
      previousScene: () => this.stepScene(-1),
      togglePresenter: () => this.presenter.toggle(),
      leavePresenter: () => {
        if (!this.presenter.presenting) return false;
        this.presenter.set(false);
        return true;
      },
    });
  }

  // ---- scenarios ----------------------------------------------------------------------------

  private applyControls(): void {
    const read = this.controls.read(this.scenario);
    this.loadScenario(read.scenario, 0, read.errors, 'The controls', 'push');
  }

  /** A click on the curves sets the animated scenario's frames to the same pressure, scaled. */
  private pickFrames(curveFrames: number, curvePages: number): void {
    const pages = scenarioPages(this.scenario);
    const frames = scenarioFramesAt(curveFrames, curvePages, pages);
    this.curves.setNote(
      `Resident pages of the animation set to ${frames} of ${pages}: the same share as ${curveFrames} of ${curvePages} in the curves’ run (scaled, since the animated heap is far smaller).`,
    );
    if (frames === this.scenario.frames) return;
    this.loadScenario({ ...this.scenario, frames, step: 0 }, 0, [], 'The curves', 'push');
  }

  private markCurvesFrames(): void {
    const curvePages = this.curves.currentPages();
    if (curvePages === null) return;
    this.curves.markScenarioFrames(
      curveFramesAt(this.scenario.frames, scenarioPages(this.scenario), curvePages),
    );
  }

  /**
   * Shows a parsed link: the same animation only moves its cursor and view; another one is
   * prepared first. `history` says how the link is recorded (null: it is the link already,
   * after Back or Forward); a link that named an operation is rewritten with its step.
   */
  private show(
    parsed: ParsedScenario,
    source: string,
    history: HistoryMode | null,
    initial: boolean,
  ): void {
    const { scenario } = parsed;
    // A panel about to be hidden stops drawing now (opening one waits for the layout).
    if (scenario.panel !== 'curves') this.curves.setActive(false);
    if (scenario.panel !== 'scaling') this.scaling.deactivate();
    if (scenario.panel !== 'machine') this.machine.deactivate();
    this.curves.setSettings(scenario.curves);
    this.scaling.setSettings(scenario.scaling);
    this.machine.setSettings(scenario.machine);
    const cursor = this.cursorOf(parsed);
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
      this.playback.pause();
      this.scenario = scenario;
      this.errorBox.show([...parsed.errors, ...this.placeCursor(cursor)], source);
      if (rewrite !== null) this.link.now(rewrite);
    } else this.loadScenario(scenario, cursor, parsed.errors, source, rewrite);
  }

  /**
   * Where a link puts the cursor: its step, or the start of its op; a link that says nothing
   * about the animation at all (?tour=off) opens after the first quarter of the operations,
   * where the two sides already differ: never on two empty structures and zero counters.
   */
  private cursorOf(parsed: ParsedScenario): Cursor {
    if (parsed.scenario.op !== null) return { op: parsed.scenario.op };
    const step = parsed.scenario.step;
    if (parsed.legacySteps && typeof step === 'number' && step > 0) return { legacyStep: step };
    if (ANIMATION_PARAMS.some((name) => parsed.given.has(name))) return step;
    return 'opening';
  }

  /**
   * Shows `scenario` at `cursor` once its timeline is prepared; the current one stays on
   * screen (and playable) meanwhile. `history` says how the link records it (null: it is
   * already the link, after Back or Forward).
   */
  private loadScenario(
    scenario: Scenario,
    cursor: Cursor,
    errors: ScenarioError[],
    source: string,
    history: HistoryMode | null,
  ): void {
    this.playback.pause();
    const legacySteps = typeof cursor === 'object' && 'legacyStep' in cursor;
    this.preparer.prepare(
      scenario,
      (timeline) => {
        this.scenario = scenario;
        if (timeline !== this.timeline) this.preparer.retire(this.timeline);
        this.timeline = timeline;
        this.panels.forEach((panel, sideIndex) => {
          panel.setStructure(scenario[SIDES[sideIndex]]);
          panel.setPolicy(scenario.policy);
          panel.setLongRun(timeline.large);
        });
        this.stepPanel.showStructures(SIDES.map((side) => scenario[side]));
        this.predict.showStructures(SIDES.map((side) => scenario[side]));
        this.errorBox.show([...errors, ...this.placeCursor(cursor)], source);
        if (history !== null) {
          // In a task of its own: a history entry took 18-28 ms here while a large run's workers
          // held both cores, and with the scene's own work the task passed 50 ms.
          window.setTimeout(() => {
            if (this.scenario === scenario) this.link.now(history);
          }, 0);
        }
      },
      {
        legacySteps,
        failed: (message) => this.errorBox.show([...errors, { param: 'items', message }], source),
      },
    );
  }

  /** Puts the timeline at the cursor; returns a message if the step is beyond the scenario. */
  private placeCursor(cursor: Cursor): ScenarioError[] {
    const timeline = this.timeline;
    const totalSteps = timeline.totalSteps;
    this.playback.transport.setOperations(timeline.ops.length);
    let linked: number | 'end';
    if (cursor === 'opening') linked = timeline.stepStart[Math.floor(timeline.ops.length / 4)];
    else if (typeof cursor === 'object' && 'legacyStep' in cursor)
      linked = timeline.stepFromLegacy(cursor.legacyStep);
    else if (typeof cursor === 'object')
      linked = timeline.stepStart[Math.min(cursor.op, timeline.ops.length) - 1];
    else linked = cursor;
    const landing = landingStep(linked, totalSteps);
    timeline.setFrames(this.scenario.frames);
    timeline.seek(0);
    // A large run's step far from its start waits for the workers: Playback seeks and draws
    // once they have served it; until then the page shows what it showed. The workers then take
    // both cores, and any page work meanwhile (a task, a frame) stretches past 50 ms, so the
    // page's own comes first: this task and its frame, then the new run's race (laid out by
    // then) and its frame, then the request.
    const waits = !timeline.canSeek(landing.step);
    if (waits) {
      // Said at once: until the landing is drawn, the counters are still the last scenario's.
      this.showWaiting(timeline.opAt(landing.step) + 1);
      afterNextFrame(() => {
        if (this.timeline !== timeline) return;
        this.race.prepare(timeline);
        // The race's own frame too, before the request.
        afterNextFrame(() => {
          if (this.timeline === timeline) this.playback.seek(landing.step);
        });
      });
    } else timeline.seek(landing.step);
    this.scenario.step = linked === 'end' ? 'end' : landing.step;
    this.scenario.op = null;
    const embed = this.scenario.embed;
    this.playback.setRange(embed.on ? embed.from : null, embed.on ? embed.to : null, embed.loop);
    this.controls.sync(this.scenario);
    this.sidebar.show(this.scenario.panel);
    this.applyView();
    if (!waits) this.render();
    this.noteSceneOpened();
    return landing.error === null ? [] : [landing.error];
  }

  /**
   * The slider moved: both sides re-answer from their recency stacks at once (the steps, the
   * cursor and the structures stay), and the link follows shortly.
   */
  private slideFrames(frames: number): void {
    // Another policy's pager must run again: that waits until the slider is let go.
    if (this.scenario.policy !== 'lru') return;
    if (!this.timeline.ready || frames === this.scenario.frames) return;
    this.scenario.frames = frames;
    this.timeline.setFrames(frames);
    this.controls.sync(this.scenario);
    this.markCurvesFrames();
    this.scheduleRender();
    this.link.soon(READOUT_LINK_DELAY_MS);
    this.showTour();
  }

  /** The slider let go: the link records it; another policy's sides run again with it. */
  private settleFrames(frames: number): void {
    if (this.scenario.policy === 'lru') {
      this.link.now('replace');
      return;
    }
    if (frames === this.scenario.frames) return;
    const step = this.timeline.step;
    this.loadScenario({ ...this.scenario, frames }, step, [], 'The slider', 'replace');
  }

  /** A jump waiting for the workers says so (the page stays usable meanwhile). */
  private showWaiting(operation: number | null): void {
    this.preparer.say(
      operation === null
        ? null
        : `Fetching operation ${operation.toLocaleString('en-US')} from the workers…`,
    );
  }

  // ---- the tour -----------------------------------------------------------------------------

  /** Opens scene `scene` of the tour on screen, as its own link would. */
  private goToScene(scene: number): void {
    const tour = activeTour(this.scenario);
    if (scene < 1 || scene > tour.scenes.length) return;
    this.openedScene = null;
    this.show(
      parseScenario(sceneLink(tour, scene, this.scenario.tourPack)),
      `Scene ${scene}`,
      'push',
      false,
    );
  }

  /** PageDown/PageUp, N/P: the next or previous scene; false when no tour is on. */
  private stepScene(delta: 1 | -1): boolean {
    const at = this.scenario.tour;
    if (typeof at !== 'number') return false;
    this.goToScene(at + delta);
    return true;
  }

  private closeTour(): void {
    this.scenario.tour = 'off';
    this.scenario.view = { ...this.scenario.view, focus: 'both', highlight: 'none' };
    this.openedScene = null;
    this.link.now('push');
    this.applyView();
    this.render();
  }

  private useTour(tour: Tour | null, scene: number): void {
    this.scenario.tourPack = tour === null ? null : packTour(tour);
    this.goToScene(scene);
  }

  /** After a scene's link is shown, remembers it as the scene opened. */
  private noteSceneOpened(): void {
    const at = this.scenario.tour;
    if (typeof at !== 'number') return;
    const tour = activeTour(this.scenario);
    const opened = sceneScenario(tour, Math.min(at, tour.scenes.length), this.scenario.tourPack);
    this.openedScene = opened;
    this.showTour();
  }

  /** The tour band: the scene's caption, and "back to the scene" once the page differs. */
  private showTour(): void {
    const at = this.scenario.tour;
    const touring = typeof at === 'number' && !this.scenario.embed.on;
    document.documentElement.classList.toggle('touring', touring);
    this.tourOpener.hidden = touring || this.scenario.embed.on;
    if (!touring) {
      this.tourBand.hide();
      return;
    }
    const tour = activeTour(this.scenario);
    const scene = Math.min(at, tour.scenes.length);
    const changed = this.openedScene !== null && !showsScene(this.scenario, this.openedScene);
    this.tourBand.show(tour, scene, changed);
  }

  // ---- how the page shows the scenario -------------------------------------------------------

  /** Tree labels, the focused side, highlights, the tour band, the controls, embedding. */
  private applyView(): void {
    const { view } = this.scenario;
    this.topActions.showTreeLabels(view.tree);
    this.panels.forEach((panel, sideIndex) => {
      panel.tree.setMode(view.tree);
      const side = SIDES[sideIndex];
      panel.root.classList.toggle('dimmed', view.focus !== 'both' && view.focus !== side);
    });
    this.embed.apply(this.scenario);
    this.showTour();
    // The scenario's controls are for the bare lab; a scene opens with them folded away.
    const touring = typeof this.scenario.tour === 'number';
    this.showControls(!touring && !this.controlsFolded);
  }

  /** The visitor folded the controls away in the bare lab (they stay folded). */
  private controlsFolded = false;

  private showControls(open: boolean): void {
    this.controlsDrawer.hidden = !open;
    this.controlsToggle.setAttribute('aria-expanded', String(open));
    this.controlsToggle.classList.toggle('active', open);
  }

  private presenterChanged(on: boolean): void {
    for (const panel of this.panels)
      panel.tree.setLabelRange(on ? PRESENTER_LABELS : NORMAL_LABELS);
    this.render();
  }

  // ---- drawing ------------------------------------------------------------------------------

  private setHover(page: number | null): void {
    if (page === this.hoverPage) return;
    this.hoverPage = page;
    this.scheduleRender();
  }

  /** At most one draw per animation frame, however many seeks or hovers come in it. */
  private scheduleRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.render();
    });
  }

  private render(): void {
    // User Timing entries: the e2e performance report reads these.
    const started = performance.now();
    this.draw();
    recordDuration('bheap:render', started);
  }

  private draw(): void {
    const timeline = this.timeline;
    const events = timeline.currentEvents();
    // The stack distance explains a hit or fault under LRU only.
    const distances = timeline
      .currentDistances()
      .map((distance) => (this.scenario.policy === 'lru' ? distance : null));
    const step = timeline.step;
    const operation = timeline.opAt(step);
    const opText = operationText(
      operation,
      timeline.ops.length,
      operation < 0 ? null : timeline.opKindAt(operation),
    );
    const [left, right] = timeline.sides.map((side) =>
      sideNumbers(side, this.scenario, timeline.pages),
    );
    const numbers = [left, right] as const;
    const digits = counterDigits(numbers);
    this.panels.forEach((panel, sideIndex) => {
      const side = timeline.sides[sideIndex];
      panel.tree.setPointed(
        highlightedSlots(
          this.scenario.view.highlight,
          sideSpec(this.scenario, SIDES[sideIndex]),
          side.view.lastSlot,
        ),
      );
      panel.render(
        side.view,
        events[sideIndex],
        numbers[sideIndex],
        opText,
        this.hoverPage,
        distances[sideIndex],
        digits,
      );
    });
    const opStart = operation < 0 ? 0 : timeline.stepStart[operation];
    const opSteps = operation < 0 ? 0 : timeline.stepStart[operation + 1] - opStart;
    this.playback.transport.showStep(step, timeline.totalSteps, {
      operation,
      operations: timeline.ops.length,
      event: step - opStart,
      events: opSteps,
    });
    this.memorySlider.show(this.scenario.frames, timeline.pages);
    this.race.show(timeline);
    const [leftSide, rightSide] = timeline.sides.map(
      (side, sideIndex): SideAtStep => ({
        kind: side.kind,
        event: events[sideIndex],
        opKind: side.view.currentOp?.op ?? null,
        previousPage: side.view.previousTouchPage,
        distance: distances[sideIndex] ?? -1,
        policy: this.scenario.policy,
      }),
    );
    const sentences = this.stepPanel.render({
      step,
      sides: [leftSide, rightSide],
      numbers,
      nodeBytes: this.scenario.nodeBytes,
      itemsPerPage: this.scenario.itemsPerPage,
      playing: this.playback.playing,
    });
    this.panels.forEach((panel, sideIndex) => {
      panel.say(sentences[sideIndex]);
    });
    this.lastSentences = sentences;
    this.videoExport.sync();
  }

  /** Both sides as the page draws them now, for a video frame. */
  private look(): { sides: SideLook[]; operation: string } {
    const timeline = this.timeline;
    const sides = this.panels.map((panel, sideIndex): SideLook => {
      const numbers = sideNumbers(timeline.sides[sideIndex], this.scenario, timeline.pages);
      return {
        title: STRUCTURES[this.scenario[SIDES[sideIndex]]].title,
        counters: `compares ${numbers.comparisons} · page-ins ${numbers.pageins} · write-backs ${numbers.writebacks}`,
        sentence: this.lastSentences[sideIndex] ?? '',
        grid: panel.root.querySelector<HTMLCanvasElement>('.pg-canvas'),
        strip: panel.root.querySelector<HTMLCanvasElement>('.array-strip canvas'),
        tree: panel.root.querySelector<SVGSVGElement>('.tree-box svg'),
      };
    });
    const operation = timeline.opAt(timeline.step);
    return {
      sides,
      operation: operationText(
        operation,
        timeline.ops.length,
        operation < 0 ? null : timeline.opKindAt(operation),
      ),
    };
  }
}

/**
 * What a link opens: a first visit (no parameters at all) the article's tour at its first
 * scene; a link that names only a scene (?tour=3, maybe with its tour) that scene's state;
 * any other link itself.
 */
function linkToShow(link: string): ParsedScenario {
  if (link.replace(/^\?/, '') === '') return parseScenario(sceneLink(ARTICLE_TOUR, 1, null));
  const parsed = parseScenario(link);
  const onlyScene = [...parsed.given].every((name) => ['v', 'tour', 'tourz'].includes(name));
  const scene = parsed.scenario.tour;
  if (!onlyScene || typeof scene !== 'number' || parsed.errors.length > 0) return parsed;
  return parseScenario(sceneLink(activeTour(parsed.scenario), scene, parsed.scenario.tourPack));
}

/** Where to put the cursor: a step (or 'end'), the start of an operation, or the opening. */
type Cursor = number | 'end' | { op: number } | { legacyStep: number } | 'opening';
