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
  /** The reading line the observer watches (px from the screen's top; -1 before any). */
  private linePx = -1;
  private observer: IntersectionObserver | null = null;
  /** Until then (ms), sections crossing the reading line are the page's own scroll: ignored. */
  private quietUntil = 0;

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
      if (!active) this.observer?.disconnect();
    }
    if (!active) return;
    // After the scene's layout is applied: a chart scene's figure is taller than a tree scene's,
    // and the reading line lies under it.
    requestAnimationFrame(() => {
      if (!this.active) return;
      if (this.observer === null || this.readingLinePx() !== this.linePx) this.observe();
      if (fromElsewhere) this.bringUp(this.scene);
    });
  }

  /** Scrolls so that the scene's section sits on the reading line, without turning the page. */
  private bringUp(scene: number): void {
    const section = this.list.children[scene - 1];
    if (!(section instanceof HTMLElement)) return;
    this.quietUntil = performance.now() + 800;
    const top = section.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, top - this.linePx - 4), behavior: 'instant' });
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
    if (this.active) this.observe();
  }

  /**
   * Watches the reading line (readingLinePx): the section that crosses it is the scene read.
   */
  private observe(): void {
    const line = this.readingLinePx();
    this.linePx = line;
    // A band 24 px deep: a section is read when its top passes the line.
    const below = Math.max(0, window.innerHeight - line - 24);
    this.observer?.disconnect();
    this.observer = new IntersectionObserver(
      (entries) => {
        if (performance.now() < this.quietUntil) return;
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const scene = Number((entry.target as HTMLElement).dataset.scene);
          if (scene !== this.scene) {
            this.scene = scene;
            this.host.go(scene);
          }
        }
      },
      { rootMargin: `-${line}px 0px -${below}px 0px` },
    );
    for (const section of this.list.children) this.observer.observe(section);
  }
}
