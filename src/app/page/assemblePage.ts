// Page assembly: builds the page's DOM, mounts its views and wires each control to the session,
// the tour or the painter that answers it.

import type { CurveSettings } from '../../core/experiments/curveSettings';
import type { MachineSettings } from '../../core/experiments/machine';
import type { ScalingSettings } from '../../core/experiments/scalingSeries';
import { SIDES } from '../../core/replay/side';
import { parseScenario } from '../../core/scenario/parse';
import { STRUCTURES } from '../../core/structures/registry';
import { el } from '../browser/dom';
import { afterTask } from '../browser/frames';
import type { LinkWriter } from '../browser/link';
import { ControlsForm } from '../controls/controlsForm';
import type { CurvesPanel } from '../curves/curvesPanel';
import { TraceExport } from '../exports/traceExport';
import { VideoExport } from '../exports/videoExport';
import type { FramePainter } from '../frame/framePainter';
import { Playback } from '../playback/playback';
import { PredictMode } from '../predict/predictMode';
import { LazyPanel } from '../series/lazyPanel';
import type { SeriesPanelHandle } from '../series/panelHandle';
import type { ScenarioSession } from '../session/scenarioSession';
import { TimelinePreparer } from '../session/timelinePreparer';
import { MemorySlider } from '../side/memorySlider';
import { RacePanel } from '../side/race';
import { SidePanel } from '../side/sidePanel';
import { StepPanel } from '../step/stepPanel';
import type { TourController } from '../tour/tourController';
import { EmbedChrome } from './embed';
import { ErrorBox } from './errorBox';
import { Presenter } from './present';
import { Sidebar } from './sidebar';
import { buildTopActions, type TopActions } from './topActions';
import { headerMenu, sideSwitch, swipeToStep, treeZoom } from './touch';
import { ViewChrome } from './viewChrome';

/** The page's parts, as the session, the tour and the painter use them. */
export interface Page {
  /** Puts the built page into the document (a task after it is built: docs/performance.md). */
  mount: () => void;
  errorBox: ErrorBox;
  preparer: TimelinePreparer;
  panels: SidePanel[];
  playback: Playback;
  controls: ControlsForm;
  chrome: ViewChrome;
  stepPanel: StepPanel;
  sidebar: Sidebar;
  curves: LazyPanel<CurveSettings, CurvesPanel>;
  scaling: LazyPanel<ScalingSettings, SeriesPanelHandle<ScalingSettings>>;
  machine: LazyPanel<MachineSettings, SeriesPanelHandle<MachineSettings>>;
  race: RacePanel;
  memorySlider: MemorySlider;
  predict: PredictMode;
  videoExport: VideoExport;
  presenter: Presenter;
  embed: EmbedChrome;
  topActions: TopActions;
  /** Names the two sides on the phone's side switch (after a scenario with other structures). */
  refreshSideSwitch: () => void;
}

/** Who answers the page's controls; read when a control is used, not while building. */
interface PageWiring {
  session(): ScenarioSession;
  tour(): TourController;
  painter(): FramePainter;
  /** Presenter mode went on or off: the page's layout changed. */
  presenterChanged(on: boolean): void;
}

/**
 * Builds the page in two parts, a task each (the caller runs the generator on): the sides, the
 * transport and the controls, then the rest. In one task, building took 120-180 ms with a
 * phone's CPU, all of it blocking (docs/performance.md).
 */
export function* assemblePage(
  root: HTMLElement,
  link: LinkWriter,
  wiring: PageWiring,
): Generator<void, Page, void> {
  const { session, tour, painter } = wiring;
  const errorBox = new ErrorBox();
  const preparer = new TimelinePreparer(() => painter().recordingGrew());
  const panels = SIDES.map((side) => new SidePanel(side, (page) => painter().setHover(page)));
  const playback = new Playback(
    {
      timeline: () => session().timeline,
      moved: (step) => session().moved(step),
      draw: () => painter().paint(),
      waiting: (operation) => session().showWaiting(operation),
      failed: (message) => {
        errorBox.show([{ param: 'step', message }], 'The workers');
        session().landed();
      },
    },
    link,
  );
  // The chart tabs' code loads when a tab is first shown: the first frame needs none of it. A
  // panel is built a task after its module is evaluated: in one, a tour scene's tab took 60-90 ms.
  const tabFailed = (panel: string) => (message: string) =>
    errorBox.show([{ param: 'panel', message }], panel);
  const scalingBox = el('div', { class: 'scaling-box', 'data-testid': 'scaling-panel' });
  const scaling = new LazyPanel<ScalingSettings, SeriesPanelHandle<ScalingSettings>>(
    () =>
      import('../scaling/scalingPanel').then(afterTask).then(({ mountScalingPanel }) =>
        mountScalingPanel(scalingBox, {
          initial: session().scenario.scaling,
          onSettings: (settings) => session().amend({ scaling: settings }, 'push'),
        }),
      ),
    tabFailed('The scaling tab'),
  );
  const machineBox = el('div', { class: 'machine-box', 'data-testid': 'machine-panel' });
  const machine = new LazyPanel<MachineSettings, SeriesPanelHandle<MachineSettings>>(
    () =>
      import('../machine/machinePanel').then(afterTask).then(({ mountMachinePanel }) =>
        mountMachinePanel(machineBox, {
          initial: session().scenario.machine,
          onSettings: (settings) => session().amend({ machine: settings }, 'push'),
        }),
      ),
    tabFailed('The machine tab'),
  );
  const curvesBox = el('div', { class: 'curves-box' });
  const curves = new LazyPanel<CurveSettings, CurvesPanel>(
    () =>
      import('../curves/curvesPanel').then(afterTask).then(({ CurvesPanel }) => {
        const panel = new CurvesPanel(session().scenario.curves, {
          onSettings: (settings) => session().amend({ curves: settings }, 'push'),
          onPickFrames: (frames, pages) => session().pickFrames(frames, pages),
          onErrors: (messages) =>
            errorBox.show(
              messages.map((message) => ({ param: 'curves', message })),
              'The curve controls',
            ),
          onReadout: (frames) => session().setReadout(frames),
          onShown: () => session().markCurvesFrames(),
        });
        curvesBox.append(panel.root);
        return panel;
      }),
    tabFailed('The curves tab'),
  );
  const controls = new ControlsForm(
    () => session().applyControls(),
    (preset) => session().show(parseScenario(preset.link), 'The preset', 'push', false),
  );
  const chrome = new ViewChrome(controls.root);
  const presenter = new Presenter({ changed: (on) => wiring.presenterChanged(on) });
  yield;
  const tourUi = tour();
  const topActions = buildTopActions(
    {
      writeLink: () => link.now('replace'),
      setTreeLabels: (labels) =>
        session().amend({ view: { ...session().scenario.view, tree: labels } }, 'replace'),
      themeChanged: () => painter().paint(),
    },
    [tourUi.opener, tourUi.editor.button, chrome.toggle, presenter.button],
  );
  const header = el('header', { class: 'top' }, [
    el('div', { class: 'brand' }, [
      el('h1', {}, ['B-Heap Lab']),
      el('p', { class: 'tagline' }, [
        'Binary heap vs Kamp’s B-heap over LRU virtual memory (“You’re Doing It Wrong”, 2010)',
      ]),
    ]),
    chrome.summary,
    topActions.root,
  ]);
  header.insertBefore(headerMenu(header, topActions.root), topActions.root);
  // After the top bar: the legend reads the palette of the theme it applied.
  const traceExport = new TraceExport(() => session().scenario);
  const videoExport = new VideoExport({
    step: () => session().timeline.step,
    totalSteps: () => session().timeline.totalSteps,
    speed: () => playback.transport.stepsPerSecond,
    showStep: (step) => {
      playback.pause();
      playback.seek(step);
      painter().paint();
    },
    videoContents: () => painter().videoContents(),
  });
  const stepPanel = new StepPanel([traceExport.button, traceExport.status, videoExport.root]);
  const stage = el('main', { class: 'stage' });
  const sidebar = new Sidebar(
    { step: stepPanel.content, curvesBox, curves, scalingBox, scaling, machineBox, machine },
    {
      tabClicked: (panel) => session().amend({ panel }, 'replace'),
      chartTabOpen: (open) => stage.classList.toggle('curves-open', open),
    },
  );
  const memorySlider = new MemorySlider({
    moved: (frames) => session().slideFrames(frames),
    settled: (frames) => session().settleFrames(frames),
  });
  const predict = new PredictMode(
    {
      peek: (step) => session().timeline.peek(step),
      kindOf: (side) => session().scenario[side],
      opKindAt: (step) => session().timeline.opKindAt(session().timeline.opAt(step)),
      frames: () => session().scenario.frames,
      advance: (step) => {
        playback.seek(step);
        painter().paint();
      },
    },
    (message) => errorBox.show([{ param: 'predict', message }], 'Predict mode'),
  );
  playback.setGate((step) => predict.allows(step));
  playback.transport.root.append(predict.toggle);
  const raceBox = el('div', { class: 'race-box' });
  const race = new RacePanel(raceBox);
  const sides = el(
    'div',
    { class: 'sides' },
    panels.map((panel) => panel.root),
  );
  const switcher = sideSwitch(sides, () => {
    const scenario = session().scenario;
    return [STRUCTURES[scenario.left].short, STRUCTURES[scenario.right].short];
  });
  for (const panel of panels) treeZoom(panel);
  swipeToStep(sides, (delta) => playback.stepBy(delta));
  stage.append(
    el('div', { class: 'main-column' }, [
      memorySlider.root,
      predict.root,
      switcher.root,
      sides,
      raceBox,
      chrome.pendingNote,
    ]),
    tourUi.story.root,
    sidebar.root,
  );
  const embed = new EmbedChrome();
  playback.transport.root.append(embed.link);
  return {
    mount: () =>
      root.append(
        header,
        chrome.drawer,
        tourUi.band.root,
        errorBox.root,
        stage,
        playback.transport.root,
        stepPanel.live,
        preparer.status,
      ),
    errorBox,
    preparer,
    panels,
    playback,
    controls,
    chrome,
    stepPanel,
    sidebar,
    curves,
    scaling,
    machine,
    race,
    memorySlider,
    predict,
    videoExport,
    presenter,
    embed,
    topActions,
    refreshSideSwitch: switcher.refresh,
  };
}
