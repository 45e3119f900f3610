// Predict mode's button in the transport and its bar above the sides. The questions' code
// (predictPanel.ts and the core's predict.ts) is loaded, and the bar filled, the first time the
// button is pressed; until then every step is allowed and the bar stays hidden.

import { errorText } from '../../core/errorText';
import type { StructureKind } from '../../core/structures/registry';
import { el } from '../browser/dom';
import { loadOnce } from '../browser/loadOnce';
import type { PredictHost, PredictPanel } from './predictPanel';

export class PredictMode {
  readonly toggle: HTMLButtonElement;
  /** Empty and hidden until predict mode is first on (phone.css keys its layout on [hidden]). */
  readonly root: HTMLElement;
  private panel: PredictPanel | null = null;
  /** The panel, built with predict mode on (a second press meanwhile waits for the same). */
  private readonly load = loadOnce(() =>
    import('./predictPanel').then(({ PredictPanel }) => {
      const panel = new PredictPanel(this.host, this.toggle, this.root);
      panel.showStructures(this.kinds);
      panel.setOn(true);
      this.panel = panel;
    }),
  );
  /** The sides' structures, kept for the panel until it is built. */
  private kinds: readonly StructureKind[] = [];

  /** `failed` hears why the questions could not be loaded (offline before they were cached). */
  constructor(
    private readonly host: PredictHost,
    private readonly failed: (message: string) => void,
  ) {
    this.toggle = el(
      'button',
      { type: 'button', 'data-testid': 'predict-toggle', 'aria-pressed': 'false' },
      ['? Predict'],
    );
    this.toggle.title = 'Answer before each step is shown: hit or fault, which child, swap or stop';
    // data-side names the side asked about: a phone shows that side alone while predicting.
    this.root = el('section', {
      class: 'predict-bar',
      'aria-label': 'Predict',
      hidden: '',
      'data-side': 'left',
    });
    this.toggle.addEventListener('click', () => {
      if (this.panel !== null) this.panel.setOn(!this.panel.active);
      else
        this.load().catch((error: unknown) =>
          this.failed(`Predict mode could not be loaded: ${errorText(error)}`),
        );
    });
  }

  /** May the cursor move onto `step`? Always, until predict mode has been on. */
  allows(step: number): boolean {
    return this.panel === null || this.panel.allows(step);
  }

  /** The sides' structures changed: the panel's selector names them. */
  showStructures(kinds: readonly StructureKind[]): void {
    this.kinds = kinds;
    this.panel?.showStructures(kinds);
  }
}
