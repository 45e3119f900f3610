// Composition root: assembles the page, then hands the link to the session that shows it.

import { ARTICLE_TOUR } from '../core/scenario/articleTour';
import { formatScenario } from '../core/scenario/format';
import { parseScenario } from '../core/scenario/parse';
import type { ParsedScenario } from '../core/scenario/scenario';
import { firstFonts } from './browser/firstFonts';
import { FontWarmer } from './browser/fontWarmer';
import { LinkWriter, onHistoryMove, readLink } from './browser/link';
import { markBoot } from './browser/timing';
import type { Stage } from './frame/frameModel';
import { FramePainter } from './frame/framePainter';
import { stageForm, stageLayout } from './frame/stageLayout';
import { assemblePage, type Page } from './page/assemblePage';
import { listenForPlaybackKeys } from './playback/keyboard';
import { linkReader } from './session/linkReader';
import { ScenarioSession } from './session/scenarioSession';
import { TourController } from './tour/tourController';
import { restoreNamedKept } from './tour/tourStore';
import { activeTour, sceneLink, sceneParsed } from './tour/tours';

/** Views only draw what the timeline's event-fed states hold; the session decides what they get. */
export class App {
  // The page, its painter and its session are built in the constructor's second task; nothing
  // reads them before (nothing is in the document until start(), a task after).
  private page!: Page;
  private session!: ScenarioSession;
  private readonly tour: TourController;
  private painter!: FramePainter;
  /** The first screen's fonts, looked up in tasks of their own while the page is built. */
  private readonly fonts: FontWarmer;
  private viewport = { width: 0, height: 0 };
  /**
   * Back or Forward is reading its link ahead (a kept tour, packed values): the address is the
   * reader's already, and a write still due for the page on screen must not go over it.
   */
  private movingInHistory = false;

  /**
   * `settled` hears, once, that the page has drawn its link and has nothing under way (the
   * offline worker waits for that: offline.ts).
   */
  constructor(
    root: HTMLElement,
    private readonly settled: () => void = () => {},
  ) {
    this.measureViewport();
    // Started first: its tasks take turns with the page's building, which goes into the
    // document after the last of them (finish).
    this.fonts = new FontWarmer(firstFonts(stageForm(this.viewport), window.devicePixelRatio));
    // While a newer request is prepared, the link is its own to write when it lands (or
    // already names it, after Back or Forward): what is on screen writes nothing meanwhile.
    const link = new LinkWriter(() =>
      !this.movingInHistory && this.session.requested === this.session.scenario
        ? `?${formatScenario(this.session.scenario)}`
        : null,
    );
    this.tour = new TourController(
      {
        scenario: () => this.session.scenario,
        requested: () => this.session.requested,
        cancel: () => this.session.cancel(),
        show: (scene, source, history) => this.session.show(scene, source, history, false),
        applyView: () => this.applyView(),
        paint: () => this.painter.paint(),
        placeDialog: (dialog) => root.append(dialog),
        failed: (message) => this.page.errorBox.show([{ param: 'tour', message }], 'The tour'),
      },
      link,
    );
    const building = assemblePage(root, link, {
      session: () => this.session,
      tour: () => this.tour,
      painter: () => this.painter,
      presenterChanged: () => this.relayout(),
    });
    building.next();
    // The page's second part, then its painter and session, in a task of their own.
    setTimeout(() => this.finish(link, building), 0);
    markBoot('built');
  }

  /** The rest of the page, its painter and its session; then, a task later, the start. */
  private finish(link: LinkWriter, building: Generator<void, Page, void>): void {
    const built = building.next();
    if (built.done !== true) throw new Error('the page is built in two parts');
    this.page = built.value;
    this.painter = new FramePainter(this.page, {
      timeline: () => this.session.timeline,
      scenario: () => this.session.scenario,
      stage: () => this.stage(),
    });
    this.session = new ScenarioSession(
      { ...this.page, link },
      {
        applyView: () => this.applyView(),
        paint: () => this.painter.paint(),
        schedulePaint: () => this.painter.schedule(),
        paintLanding: (done) => this.painter.paintInParts(done),
        placed: () => this.tour.noteSceneOpened(),
        changed: () => this.tour.show(),
      },
    );
    // The page goes into the document and shows its link in a task of its own: built and shown
    // in one, the App's construction passed 50 ms on a laptop (docs/performance.md). The page
    // stays pending meanwhile, and nothing can be clicked before it is in the document. It goes
    // in once the fonts are looked up: frames of the page in the document while they were, its
    // sidebar not drawn yet, were painted, and the sidebar's drawing then moved them.
    markBoot('finished');
    this.fonts.whenWarm(() => {
      markBoot('fonts');
      setTimeout(() => this.start(), 0);
    });
  }

  /** The built page into the document, showing its link. */
  private start(): void {
    const parsed = linkToShow(readLink());
    this.session.scenario = parsed.scenario;
    this.session.requested = parsed.scenario;
    // The layout, the band and the placeholder before the first paint: nothing painted moves.
    this.page.mount();
    markBoot('mounted');
    this.applyView();
    this.session.show(parsed, 'This link', 'replace', true);
    this.session.whenSettled(this.settled);
    // Back or Forward: a link with packed values is read ahead in the link worker first; of
    // moves in quick succession only the last is shown.
    let moves = 0;
    // The page places its own scroll on Back and Forward (the story brings the scene's words
    // up): a position the browser restored, taken in another layout or scene, would land later
    // and read as the reader's scroll.
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    onHistoryMove(() => {
      const move = ++moves;
      const link = readLink();
      this.movingInHistory = true;
      // A kept tour the link names is read back first, as when the page loads (tourStore.ts).
      void Promise.all([linkReader.readAhead(link), restoreNamedKept(link)]).then(([current]) => {
        if (move !== moves) return;
        this.movingInHistory = false;
        if (current) this.session.show(linkToShow(link), 'This link', null, false);
      });
    });
    // The stage decides what fits: another size may take another layout. The observer hears
    // what a resize event does not (a scrollbar), after layout, when measuring costs nothing.
    window.addEventListener('resize', () => {
      this.measureViewport();
      this.relayout();
    });
    new ResizeObserver(() => {
      if (this.measureViewport()) this.relayout();
    }).observe(document.documentElement);
    const presenter = this.page.presenter;
    listenForPlaybackKeys(this.page.playback, {
      nextScene: () => this.tour.stepScene(1),
      previousScene: () => this.tour.stepScene(-1),
      togglePresenter: () => presenter.toggle(),
      leavePresenter: () => {
        if (!presenter.presenting) return false;
        presenter.set(false);
        return true;
      },
    });
  }

  /** The screen as the layout sees it. */
  private stage(): Stage {
    return { ...this.viewport, presenting: this.page.presenter.presenting };
  }

  /**
   * The layout viewport (what CSS lays out in), not innerWidth: a phone zoomed out to show a
   * page too wide would report that width and keep the page too wide. Measured when it may
   * have changed (a resize, a scrollbar coming or going), after the browser's own layout: read
   * on each draw, it made the page lay itself out again in the middle of a scene change.
   */
  private measureViewport(): boolean {
    const root = document.documentElement;
    const width = root.clientWidth || window.innerWidth;
    const height = root.clientHeight || window.innerHeight;
    if (width === this.viewport.width && height === this.viewport.height) return false;
    this.viewport = { width, height };
    return true;
  }

  /**
   * The layout, tree labels, the focused side, highlights, the tour band, the controls: all as
   * the scenario asked for last, at once, even while its timeline is still being prepared (the
   * sides then show a placeholder, not the previous scenario's figure).
   */
  private applyView(): void {
    const scenario = this.session.requested;
    this.page.chrome.applyLayout(stageLayout(this.stage(), scenario), this.page.panels);
    this.page.chrome.apply(scenario, this.page);
    this.page.chrome.setPending(this.session.pending);
    this.page.refreshSideSwitch();
    this.tour.show();
  }

  /** The screen or presenter mode changed: the layout is chosen again and the frame redrawn. */
  private relayout(): void {
    this.applyView();
    this.painter.schedule();
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
  return sceneParsed(activeTour(parsed.scenario), scene, parsed.scenario.tourPack);
}
