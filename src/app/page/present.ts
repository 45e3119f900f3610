// Presenter mode: one key or button hides the controls and lets the grids, counters, narration
// and caption fill the screen in large type (presenter.css), full screen where the browser
// allows it; Esc leaves it.

import { el, setText } from '../browser/dom';

interface PresenterHost {
  /** The page's layout changed: views that measure themselves redraw. */
  changed(presenting: boolean): void;
}

export class Presenter {
  readonly button: HTMLButtonElement;
  private on = false;

  constructor(private readonly host: PresenterHost) {
    this.button = el(
      'button',
      {
        type: 'button',
        'data-testid': 'present-toggle',
        'aria-pressed': 'false',
        'aria-keyshortcuts': 'F',
        title: 'Presenter mode: large type for a projector (F; Esc leaves)',
      },
      ['▣ Present'],
    );
    this.button.addEventListener('click', () => this.toggle());
    // Leaving full screen with the browser's own Esc leaves presenter mode too.
    document.addEventListener('fullscreenchange', () => {
      if (document.fullscreenElement === null && this.on) this.set(false);
    });
  }

  get presenting(): boolean {
    return this.on;
  }

  toggle(): void {
    this.set(!this.on);
  }

  set(on: boolean): void {
    if (on === this.on) return;
    this.on = on;
    document.documentElement.classList.toggle('presenting', on);
    this.button.setAttribute('aria-pressed', String(on));
    setText(this.button, on ? '▣ Leave presenter mode' : '▣ Present');
    if (on) {
      // Only a user's gesture may ask; a refusal (an iframe, a test browser) keeps the window.
      document.documentElement.requestFullscreen?.().catch(() => {});
    } else if (document.fullscreenElement !== null) {
      document.exitFullscreen().catch(() => {});
    }
    this.host.changed(on);
  }
}
