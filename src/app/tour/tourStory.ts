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
    if (turned && active && this.active) this.observe();
    for (const section of this.list.children) {
      const current = Number((section as HTMLElement).dataset.scene) === scene;
      section.classList.toggle('current', current);
      if (current) section.setAttribute('aria-current', 'step');
      else section.removeAttribute('aria-current');
    }
    if (active !== this.active) {
      this.active = active;
      if (active) this.observe();
      else this.observer?.disconnect();
    }
    if (active && fromElsewhere) this.bringUp(scene);
  }

  /** Scrolls so that the scene's section sits on the reading line, without turning the page. */
  private bringUp(scene: number): void {
    const section = this.list.children[scene - 1];
    if (!(section instanceof HTMLElement)) return;
    this.quietUntil = performance.now() + 800;
    const top = section.getBoundingClientRect().top + window.scrollY;
    const line = this.readingLine + 0.02;
    window.scrollTo({ top: Math.max(0, top - window.innerHeight * line), behavior: 'instant' });
  }

  /** Where the reading line lies, as a share of the screen's height from its top. */
  private get readingLine(): number {
    return this.sideways ? 0.04 : 0.7;
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
   * The reading line: a thin band a little above the bottom of the screen, under the figure;
   * held sideways, near the top of the column beside it.
   */
  private observe(): void {
    const line = Math.round(this.readingLine * 100);
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
      { rootMargin: `-${line}% 0px -${95 - line}% 0px` },
    );
    for (const section of this.list.children) this.observer.observe(section);
  }
}
