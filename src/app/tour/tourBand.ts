// The tour's band above the stage: the scene's caption beside the live scene, Previous and
// Next, the scene index (click to jump), "back to the scene" once the visitor has changed it,
// and Close. Captions and titles are text (they may come from a teacher's file or a link).

import type { Tour } from '../../core/scenario/tourFormat';
import { el, setText } from '../browser/dom';

interface TourBandHost {
  /** Open scene `scene` (1-based). */
  go(scene: number): void;
  close(): void;
}

export class TourBand {
  readonly root: HTMLElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly index: HTMLButtonElement;
  private readonly menu: HTMLOListElement;
  private readonly title: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly source: HTMLElement;
  private readonly back: HTMLButtonElement;
  private scene = 1;
  private sceneCount = 1;
  private menuTour: Tour | null = null;

  constructor(private readonly host: TourBandHost) {
    this.prev = el('button', { type: 'button', class: 'tour-step', 'data-testid': 'tour-prev' }, [
      '◀ Previous',
    ]);
    this.prev.setAttribute('aria-keyshortcuts', 'PageUp P');
    this.prev.addEventListener('click', () => this.host.go(this.scene - 1));
    this.next = el('button', { type: 'button', class: 'tour-step', 'data-testid': 'tour-next' }, [
      'Next ▶',
    ]);
    this.next.setAttribute('aria-keyshortcuts', 'PageDown N');
    this.next.addEventListener('click', () => this.host.go(this.scene + 1));
    this.index = el(
      'button',
      {
        type: 'button',
        class: 'tour-index',
        'data-testid': 'tour-index',
        'aria-haspopup': 'true',
        'aria-expanded': 'false',
      },
      ['1 / 1'],
    );
    this.menu = el('ol', { class: 'tour-menu', 'data-testid': 'tour-menu', hidden: '' });
    this.index.addEventListener('click', () => this.toggleMenu());
    this.title = el('h2', { class: 'tour-title', 'data-testid': 'tour-title' });
    // dir=auto: a teacher's caption may be in a right-to-left language.
    this.caption = el('p', { class: 'tour-caption', 'data-testid': 'tour-caption', dir: 'auto' });
    this.source = el('p', { class: 'tour-source', dir: 'auto' });
    this.back = el(
      'button',
      { type: 'button', class: 'tour-back', 'data-testid': 'tour-back', hidden: '' },
      ['↺ Back to the scene'],
    );
    this.back.addEventListener('click', () => this.host.go(this.scene));
    const close = el(
      'button',
      {
        type: 'button',
        class: 'tour-close',
        'data-testid': 'tour-close',
        'aria-label': 'Close the tour',
        title: 'Close the tour (the bare lab)',
      },
      ['✕'],
    );
    close.addEventListener('click', () => this.host.close());
    // The caption spans the band's width; the title shares a row with the scene buttons.
    this.root = el('section', { class: 'tour-band', 'aria-label': 'Tour', hidden: '' }, [
      el('div', { class: 'tour-heading' }, [this.title, this.source]),
      el('div', { class: 'tour-nav' }, [
        this.back,
        this.prev,
        el('div', { class: 'tour-where' }, [this.index, this.menu]),
        this.next,
        close,
      ]),
      this.caption,
    ]);
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !this.menu.hidden) {
        this.toggleMenu(false);
        this.index.focus();
        event.stopPropagation();
      }
    });
  }

  /** Shows scene `scene` of `tour`; `changed` offers the way back to it. */
  show(tour: Tour, scene: number, changed: boolean): void {
    this.root.hidden = false;
    this.scene = scene;
    this.sceneCount = tour.scenes.length;
    const shown = tour.scenes[scene - 1];
    setText(this.index, `${scene} / ${tour.scenes.length}`);
    this.index.setAttribute(
      'aria-label',
      `Scene ${scene} of ${tour.scenes.length}: choose a scene`,
    );
    setText(this.title, shown.title);
    setText(this.caption, shown.caption);
    setText(this.source, shown.source);
    this.source.hidden = shown.source === '';
    this.prev.disabled = scene <= 1;
    this.next.disabled = scene >= tour.scenes.length;
    this.back.hidden = !changed;
    if (this.menuTour !== tour) this.fillMenu(tour);
    for (const [position, item] of [...this.menu.children].entries()) {
      item.querySelector('button')?.setAttribute('aria-current', String(position + 1 === scene));
    }
  }

  hide(): void {
    this.root.hidden = true;
    this.toggleMenu(false);
  }

  get currentScene(): number {
    return this.scene;
  }

  get scenes(): number {
    return this.sceneCount;
  }

  private fillMenu(tour: Tour): void {
    this.menuTour = tour;
    this.menu.replaceChildren(
      ...tour.scenes.map((scene, index) => {
        const button = el('button', { type: 'button', 'data-testid': `tour-scene-${index + 1}` }, [
          `${index + 1}. ${scene.title}`,
        ]);
        button.addEventListener('click', () => {
          this.toggleMenu(false);
          this.host.go(index + 1);
        });
        return el('li', {}, [button]);
      }),
    );
  }

  private toggleMenu(open = this.menu.hidden): void {
    this.menu.hidden = !open;
    this.index.setAttribute('aria-expanded', String(open));
    if (open) this.menu.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
  }
}
