// The tour on the page: which scene is open, moving between scenes, closing the tour, a teacher's
// own tour from the editor, and the band that shows the caption ("back to the scene" once the
// page differs from the scene as it opened).

import { ARTICLE_TOUR } from '../../core/scenario/articleTour';
import type { ParsedScenario, Scenario } from '../../core/scenario/scenario';
import type { Tour } from '../../core/scenario/tourFormat';
import { el } from '../browser/dom';
import type { HistoryMode, LinkWriter } from '../browser/link';
import { TourBand } from './tourBand';
import { TourEditorOpener } from './tourEditorOpener';
import { placeTour, tourValue } from './tourStore';
import { TourStory } from './tourStory';
import {
  activeTour,
  sceneLink,
  sceneParsed,
  sceneScenario,
  showsScene,
  viewAsSceneLink,
} from './tours';

/** What the tour needs of the page. */
interface TourHost {
  /** The scenario on screen. */
  scenario(): Scenario;
  /**
   * The scenario last asked for: on screen, or still being prepared (a large run records for
   * a while). The band and the clicker follow it, so a scene turns at once.
   */
  requested(): Scenario;
  /** Drops a request still being prepared (the tour closes meanwhile). */
  cancel(): void;
  /** Shows a scene's link as a link would be shown. */
  show(parsed: ParsedScenario, source: string, history: HistoryMode): void;
  /** Tree labels, the focused side, the controls: the view the scenario asks for. */
  applyView(): void;
  paint(): void;
  /** Puts the tour editor's dialog into the page, once built. */
  placeDialog(dialog: HTMLDialogElement): void;
  /** Something the tour could not do (load its editor), and why. */
  failed(message: string): void;
}

export class TourController {
  /** The caption, Previous/Next and the scene index above the stage. */
  readonly band: TourBand;
  /** "▶ Tour" in the top bar: hidden while a tour is on. */
  readonly opener: HTMLButtonElement;
  /** "✎ Tours": its dialog is loaded and built when first opened. */
  readonly editor: TourEditorOpener;
  /** The tour on a phone: every scene a section to scroll through under the figure. */
  readonly story: TourStory;
  /** The scene last opened, as it opened: "back to the scene" shows once the page differs. */
  private openedScene: Scenario | null = null;
  /** Counts tours put on: a tour still being placed when another is put on is dropped. */
  private usingTour = 0;

  constructor(
    private readonly host: TourHost,
    private readonly link: LinkWriter,
  ) {
    this.band = new TourBand({ go: (scene) => this.goToScene(scene), close: () => this.close() });
    this.editor = new TourEditorOpener(
      {
        tour: () => activeTour(this.host.scenario()),
        isArticleTour: () => this.host.scenario().tourPack === null,
        currentViewLink: () => viewAsSceneLink(this.host.scenario()),
        useTour: (tour, scene) => this.useTour(tour, scene),
        tourAddress: (tour) =>
          new URL(
            sceneLink(tour, 1, tour === ARTICLE_TOUR ? null : tourValue(tour)),
            window.location.href,
          ).href,
      },
      (dialog) => this.host.placeDialog(dialog),
      (message) => this.host.failed(message),
    );
    this.story = new TourStory({
      go: (scene) => this.goToScene(scene, 'replace'),
      close: () => this.close(),
    });
    this.opener = el('button', { type: 'button', 'data-testid': 'tour-open' }, ['▶ Tour']);
    this.opener.title = 'Kamp’s argument, scene by scene';
    this.opener.addEventListener('click', () => this.goToScene(1));
  }

  /**
   * Opens scene `scene` of the tour on screen, as its own link would; `history` says whether it
   * adds an entry (a click, a key) or replaces the one there (scrolling through the story).
   */
  goToScene(scene: number, history: HistoryMode = 'push'): void {
    const scenario = this.host.requested();
    const tour = activeTour(scenario);
    if (scene < 1 || scene > tour.scenes.length) return;
    this.openedScene = null;
    this.host.show(sceneParsed(tour, scene, scenario.tourPack), `Scene ${scene}`, history);
  }

  /** PageDown/PageUp, N/P: the next or previous scene; false when no tour is on. */
  stepScene(delta: 1 | -1): boolean {
    const at = this.host.requested().tour;
    if (typeof at !== 'number') return false;
    this.goToScene(at + delta);
    return true;
  }

  close(): void {
    this.host.cancel();
    const scenario = this.host.scenario();
    scenario.tour = 'off';
    scenario.view = { ...scenario.view, focus: 'both', highlight: 'none' };
    this.openedScene = null;
    this.link.now('push');
    this.host.applyView();
    this.host.paint();
  }

  /** Puts `tour` on (null: the article's) at `scene`; settles once its scene is asked for. */
  private useTour(tour: Tour | null, scene: number): Promise<void> {
    const using = ++this.usingTour;
    if (tour === null) {
      this.host.scenario().tourPack = null;
      this.goToScene(scene);
      return Promise.resolve();
    }
    // In its link, or kept in this browser when too large for one (tourStore.ts): the link
    // names it only once it is kept, so a reload at once still finds it.
    return placeTour(tour).then((value) => {
      if (using !== this.usingTour) return;
      this.host.scenario().tourPack = value;
      this.goToScene(scene);
    });
  }

  /** After a scene's link is shown, remembers it as the scene opened. */
  noteSceneOpened(): void {
    const scenario = this.host.scenario();
    const at = scenario.tour;
    if (typeof at !== 'number') return;
    const tour = activeTour(scenario);
    this.openedScene = sceneScenario(tour, Math.min(at, tour.scenes.length), scenario.tourPack);
    this.show();
  }

  /** The tour band: the scene's caption, and "back to the scene" once the page differs. */
  show(): void {
    const scenario = this.host.requested();
    // "Back to the scene" compares what is on screen with the scene as it opened.
    const settled = scenario === this.host.scenario();
    const at = scenario.tour;
    const touring = typeof at === 'number' && !scenario.embed.on;
    document.documentElement.classList.toggle('touring', touring);
    this.opener.hidden = touring || scenario.embed.on;
    const layout = document.documentElement.dataset.layout;
    const phone = layout === 'phone' || layout === 'phone-landscape';
    if (!touring) {
      this.band.hide();
      this.story.root.hidden = true;
      this.story.show(activeTour(scenario), 1, false);
      return;
    }
    const tour = activeTour(scenario);
    const scene = Math.min(at, tour.scenes.length);
    this.story.root.hidden = !phone;
    this.story.show(tour, scene, phone, layout === 'phone-landscape');
    const changed = settled && this.openedScene !== null && !showsScene(scenario, this.openedScene);
    this.band.show(tour, scene, changed);
  }
}
