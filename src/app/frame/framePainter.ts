// Paints the frame model onto the page's views, at most once per animation frame; also gives a
// video frame's contents (what the sides show now).

import type { Replay } from '../../core/replay/replay';
import { SIDES } from '../../core/replay/side';
import type { Scenario } from '../../core/scenario/scenario';
import { STRUCTURES } from '../../core/structures/registry';
import { recordDuration } from '../browser/timing';
import type { VideoContents, VideoExport, VideoSide } from '../exports/videoExport';
import type { Playback } from '../playback/playback';
import type { MemorySlider } from '../side/memorySlider';
import type { RacePanel } from '../side/race';
import type { SidePanel } from '../side/sidePanel';
import type { StepPanel } from '../step/stepPanel';
import { type FrameModel, frameModel, type Stage } from './frameModel';

/** The views a frame is painted on. */
interface FrameViews {
  panels: readonly SidePanel[];
  playback: Playback;
  memorySlider: MemorySlider;
  race: RacePanel;
  stepPanel: StepPanel;
  videoExport: VideoExport;
}

/** What is on screen: the timeline, its scenario, and the stage it is drawn on. */
interface FrameSource {
  timeline(): Replay;
  scenario(): Scenario;
  stage(): Stage;
}

export class FramePainter {
  /** The page under the pointer in a grid or tree, lit on both sides. */
  private hoverPage: number | null = null;
  private queued = false;
  /** Each side's sentence at the last paint (the video's frames print them). */
  private lastSentences: string[] = ['', ''];
  /** The landing being painted in parts, if one is (its `done` not called yet). */
  private parts: { done: () => void } | null = null;
  /** The cursor as last shown, while a large run was still being recorded (null: not). */
  private shownWhileRecording: {
    timeline: Replay;
    step: number;
    where: { operation: number; operations: number; event: number; events: number };
  } | null = null;

  constructor(
    private readonly views: FrameViews,
    private readonly source: FrameSource,
  ) {}

  setHover(page: number | null): void {
    if (page === this.hoverPage) return;
    this.hoverPage = page;
    this.schedule();
  }

  /** At most one paint per animation frame, however many seeks or hovers come in it. */
  schedule(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.paint();
    });
  }

  /**
   * A large run's recording grew: the step label's total ("step 0 / 7,538 so far") follows it,
   * and loses its "so far" when the recording ends, without painting the frame again.
   */
  recordingGrew(): void {
    const shown = this.shownWhileRecording;
    const timeline = this.source.timeline();
    if (shown === null || shown.timeline !== timeline) return;
    const recording = timeline.stillRecording;
    this.views.playback.transport.showStep(shown.step, timeline.totalSteps, shown.where, recording);
    if (!recording) this.shownWhileRecording = null;
  }

  /** Paints now. */
  paint(): void {
    // User Timing entries: the e2e performance report reads these.
    const started = performance.now();
    this.draw();
    recordDuration('bheap:render', started);
    // Everything is drawn: a landing being painted in parts is done.
    this.finishParts();
  }

  /**
   * Paints a landing (a new scenario's first frame, hidden while the page is pending) in three
   * tasks: each side, then the bars and the sidebar; calls `done` once all are drawn. In one
   * task, the first frame took 45-65 ms on a laptop, four times that on a phone's CPU (most
   * of Lighthouse's Total Blocking Time). A full paint meanwhile draws everything and ends it.
   */
  paintInParts(done: () => void): void {
    this.finishParts();
    const token = { done };
    this.parts = token;
    // Parts 0 and 1 are the sides' panels, the last everything else.
    const sides = this.views.panels.length;
    let next = 0;
    const run = (): void => {
      if (this.parts !== token) return;
      const started = performance.now();
      const timeline = this.source.timeline();
      const scenario = this.source.scenario();
      const model = frameModel(timeline, scenario, this.source.stage());
      if (next < sides) this.drawPanel(timeline, model, next);
      else this.drawBars(timeline, scenario, model);
      recordDuration('bheap:render', started);
      if (++next <= sides) window.setTimeout(run, 0);
      else this.finishParts();
    };
    // Not in the caller's task either: that one placed the cursor (a seek).
    window.setTimeout(run, 0);
  }

  private finishParts(): void {
    const parts = this.parts;
    this.parts = null;
    parts?.done();
  }

  private drawPanel(timeline: Replay, model: FrameModel, sideIndex: number): void {
    const panel = this.views.panels[sideIndex];
    const side = model.sides[sideIndex];
    panel.tree.setLabelRange(model.treeLabels);
    panel.tree.setPointed(side.pointed);
    panel.render(
      timeline.sides[sideIndex].view,
      side.event,
      side.numbers,
      model.opText,
      this.hoverPage,
      side.distance,
      model.counterSize,
    );
  }

  private draw(): void {
    const timeline = this.source.timeline();
    const scenario = this.source.scenario();
    const model = frameModel(timeline, scenario, this.source.stage());
    for (let sideIndex = 0; sideIndex < this.views.panels.length; sideIndex++)
      this.drawPanel(timeline, model, sideIndex);
    this.drawBars(timeline, scenario, model);
  }

  /** The transport, the memory slider, the race, the Step tab and the sides' sentences. */
  private drawBars(timeline: Replay, scenario: Scenario, model: FrameModel): void {
    const { panels, playback, memorySlider, race, stepPanel, videoExport } = this.views;
    const where = {
      operation: model.operation,
      operations: model.operations,
      event: model.event,
      events: model.events,
    };
    playback.transport.showStep(model.step, model.totalSteps, where, model.recording);
    this.shownWhileRecording = model.recording ? { timeline, step: model.step, where } : null;
    memorySlider.show(model.frames, model.pages);
    race.show(timeline);
    const sentences = stepPanel.render({
      step: model.step,
      sides: [model.sides[0].atStep, model.sides[1].atStep],
      numbers: [model.sides[0].numbers, model.sides[1].numbers],
      nodeBytes: scenario.nodeBytes,
      itemsPerPage: scenario.itemsPerPage,
      playing: playback.playing,
    });
    panels.forEach((panel, sideIndex) => {
      panel.say(sentences[sideIndex]);
    });
    this.lastSentences = sentences;
    videoExport.sync();
  }

  /** Both sides as the page draws them now, for a video frame. */
  videoContents(): VideoContents {
    const timeline = this.source.timeline();
    const scenario = this.source.scenario();
    const model = frameModel(timeline, scenario, this.source.stage());
    const sides = this.views.panels.map((panel, sideIndex): VideoSide => {
      const numbers = model.sides[sideIndex].numbers;
      return {
        title: STRUCTURES[scenario[SIDES[sideIndex]]].title,
        counters: `compares ${numbers.comparisons} · page-ins ${numbers.pageIns} · write-backs ${numbers.writeBacks}`,
        sentence: this.lastSentences[sideIndex] ?? '',
        grid: panel.root.querySelector<HTMLCanvasElement>('.pg-canvas'),
        strip: panel.root.querySelector<HTMLCanvasElement>('.array-strip canvas'),
        tree: panel.root.querySelector<SVGSVGElement>('.tree-box svg'),
      };
    });
    return { sides, operation: model.opText };
  }
}
