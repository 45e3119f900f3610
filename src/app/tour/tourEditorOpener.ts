// "✎ Tours" in the top bar. The editor's code is loaded, and its dialog built, the first time it
// is pressed: a first visit never opens it, so the page's first bundle and boot do without it.

import { errorText } from '../../core/errorText';
import { el } from '../browser/dom';
import { loadOnce } from '../browser/loadOnce';
import type { TourEditorHost } from './tourEditor';

export class TourEditorOpener {
  readonly button: HTMLButtonElement;
  private readonly editor = loadOnce(() =>
    import('./tourEditor').then(({ TourEditor }) => {
      const editor = new TourEditor(this.host);
      this.place(editor.dialog);
      return editor;
    }),
  );

  /**
   * `place` puts the built dialog into the page; `failed` hears why the editor could not be
   * loaded (offline before its code was cached, say): the next press tries again.
   */
  constructor(
    private readonly host: TourEditorHost,
    private readonly place: (dialog: HTMLDialogElement) => void,
    private readonly failed: (message: string) => void,
  ) {
    this.button = el('button', { type: 'button', 'data-testid': 'tour-edit' }, ['✎ Tours']);
    this.button.title = 'Write your own tour: add views as scenes, save it as a file or a link';
    this.button.addEventListener('click', () => void this.open());
  }

  /** Opens the editor, loading it first if this is the first time. */
  async open(): Promise<void> {
    try {
      const editor = await this.editor();
      if (!editor.dialog.open) editor.open();
    } catch (error) {
      this.failed(`The tour editor could not be loaded: ${errorText(error)}`);
    }
  }
}
