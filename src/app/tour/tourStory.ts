// The tour on a phone, read by scrolling alone: every scene a section under the live figure,
// which stays in view above them (the pattern of scrolling explorable essays); the scene whose
// section reaches the reading line is the one the figure shows. Text only, from the tour: a
// teacher's tour is never rendered as HTML.

import type { Tour } from '../../core/scenario/tourFormat';
import { el, setText } from '../browser/dom';

interface TourStoryHost {
  /** Show scene `scene` (1-based); a scroll replaces the history entry rather than adding one. */
  go(scene: number): void;
  close(): void;
}

export class TourStory {
  readonly root: HTMLElement;
  private readonly list: HTMLElement;
  private readonly heading: HTMLElement;
  private tour: Tour | null = null;
  private scene = 1;
  private active = false;
  /** Held sideways the scenes read beside the figure, from the top; upright, under it. */
  private sideways = false;
  /** The reading line at the last placement (px from the screen's top; -1 before any). */
  private linePx = -1;
  /** The window's size at the last placement: another size is a turn of the phone. */
  private viewport = '';
  /** Where the page itself last scrolled to (px): a scroll event there is not a reader's. */
  private ownY = -1;
  /**
   * The story was just switched on and its words are placed by the observer's first report,
   * after the frame's own layout: placing them at once forced the whole page's first layout
   * inside the boot's task (50 ms on a phone's CPU, Lighthouse's 4x), a layout the frame does anyway.
   */
  private placeOnReport = false;
  /**
   * Watches the figure above (or beside) the words, whose height is where the line lies, and
   * the story itself, whose width a turn of the phone changes. Its callbacks come after layout.
   */
  private readonly figures: ResizeObserver | null =
    typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.figureResized()) : null;

  constructor(private readonly host: TourStoryHost) {
    this.heading = el('h2', { class: 'story-title' });
    const close = el('button', { type: 'button', 'data-testid': 'story-close' }, [
      'Close the tour',
    ]);
    close.addEventListener('click', () => host.close());
    this.list = el('div', { class: 'story-scenes' });
    this.root = el(
      'section',
      {
        class: 'tour-story',
        'data-testid': 'tour-story',
        'aria-label': 'The tour, scene by scene',
      },
      [el('header', { class: 'story-head' }, [this.heading, close]), this.list],
    );
    // Only a reader's scroll turns a scene. A turn of the phone, or a scene's figure of another
    // height, moves the words under a still finger: that keeps the scene and places its words
    // on the new reading line.
    window.addEventListener('scroll', () => this.scrolled(), { passive: true });
  }

  /**
   * Shows `tour` with `scene` current; `active` says whether the story is read (a phone, a tour
   * on). Sections are built again only for another tour.
   */
  show(tour: Tour, scene: number, active: boolean, sideways = false): void {
    if (tour !== this.tour) this.build(tour);
    // A scene that did not come from scrolling (a link, a key, Back, a turn of the phone)
    // brings its section up.
    const turned = sideways !== this.sideways;
    const fromElsewhere = scene !== this.scene || (active && !this.active) || turned;
    this.scene = scene;
    this.sideways = sideways;
    for (const section of this.list.children) {
      const current = Number((section as HTMLElement).dataset.scene) === scene;
      section.classList.toggle('current', current);
      if (current) section.setAttribute('aria-current', 'step');
      else section.removeAttribute('aria-current');
    }
    if (active !== this.active) {
      this.active = active;
      // Observing an element reports its size at the next frame, after layout: the words are
      // placed then, on the laid-out page, before it is painted.
      this.placeOnReport = active && this.figures !== null;
      if (active) this.watchFigures();
      else this.figures?.disconnect();
    }
    if (active && fromElsewhere && !this.placeOnReport) this.place();
  }

  /**
   * Places the current scene's words on the reading line, now: the layout a scene or a turn of
   * the phone asks for is applied before the story hears of it, and reading a box lays it out.
   * (Waiting frames for it once left a window in which a reader's scroll was dropped: a page in
   * the background, or a busy phone, draws a frame in hundreds of ms.) The scroll it makes is
   * the page's own (ownY), and a later change of the figure's height places the words again.
   */
  private place(): void {
    if (!this.active) return;
    this.placeOnReport = false;
    this.linePx = this.readingLinePx();
    this.viewport = screenSize();
    const section = this.list.children[this.scene - 1];
    if (!(section instanceof HTMLElement)) return;
    const top = section.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, top - this.linePx - 4), behavior: 'instant' });
    this.ownY = window.scrollY;
  }

  /**
   * A scroll: the reader's, unless the page made it or the screen turned. The section on
   * the reading line (a band 24 px deep under it) is the scene read. The line is measured now,
   * so a scroll made before the page's first placement is read where the reader saw it.
   */
  private scrolled(): void {
    // Before the first placement, a scroll is the page's own (its layout settling): the
    // placement sets where the reader starts.
    if (!this.active || this.placeOnReport) return;
    if (Math.abs(window.scrollY - this.ownY) < 2) return;
    // The browser's scroll after a turn of the phone, heard before the story's observer: the
    // scene stays, its words go to the new line.
    if (screenSize() !== this.viewport && this.viewport !== '') {
      this.place();
      return;
    }
    const line = this.readingLinePx();
    let read = 0;
    for (const section of this.list.children) {
      const box = section.getBoundingClientRect();
      if (box.top <= line + 24 && box.bottom > line)
        read = Number((section as HTMLElement).dataset.scene);
    }
    if (read > 0 && read !== this.scene) {
      this.scene = read;
      this.host.go(read);
    }
  }

  /** The figure changed size: where it moved the reading line, the scene's words follow it. */
  private figureResized(): void {
    if (!this.active) return;
    if (this.placeOnReport) {
      this.place();
      return;
    }
    const turned = screenSize() !== this.viewport;
    if (turned || Math.abs(this.readingLinePx() - this.linePx) > 2) this.place();
  }

  /** Watches the sizes of the story and of the sticky parts beside it (the sides, a chart). */
  private watchFigures(): void {
    if (this.figures === null) return;
    this.figures.disconnect();
    for (const element of this.root.parentElement?.children ?? []) this.figures.observe(element);
  }

  /**
   * Where the reading line lies (px from the screen's top): upright, just under the figure held
   * at the top, measured (a chart scene's figure is taller than a tree scene's; at a fixed share
   * of the screen the words started under it, or a third of a screen below it); sideways, near
   * the top of the column beside the figure.
   */
  private readingLinePx(): number {
    const height = window.innerHeight;
    if (this.sideways) return Math.round(height * 0.04);
    let bottom = 0;
    for (const element of this.root.parentElement?.children ?? []) {
      if (element === this.root || !(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      if (style.position !== 'sticky' || style.display === 'none') continue;
      bottom = Math.max(bottom, (Number.parseFloat(style.top) || 0) + element.offsetHeight);
    }
    return Math.round(bottom > 0 ? Math.min(bottom + 8, height * 0.8) : height * 0.7);
  }

  private build(tour: Tour): void {
    this.tour = tour;
    setText(this.heading, tour.title);
    const sections = tour.scenes.map((scene, index) =>
      el(
        'article',
        {
          class: 'story-scene',
          'data-scene': String(index + 1),
          'data-testid': `story-scene-${index + 1}`,
        },
        [
          el('p', { class: 'story-index' }, [`Scene ${index + 1} of ${tour.scenes.length}`]),
          el('h3', { class: 'story-scene-title' }, [scene.title]),
          el('p', { class: 'story-caption' }, [scene.caption]),
          ...(scene.source === '' ? [] : [el('p', { class: 'story-source' }, [scene.source])]),
        ],
      ),
    );
    this.list.replaceChildren(...sections);
  }
}

/** The window's size as a key: another size since a placement is a turn of the phone. */
function screenSize(): string {
  return `${window.innerWidth}x${window.innerHeight}`;
}
