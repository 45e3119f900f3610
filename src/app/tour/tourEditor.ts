// The tour editor, a dialog: a teacher adds the current view as a scene with a caption,
// reorders and deletes scenes, and saves the tour as a JSON file or a link, or opens one. A
// file that cannot be read is named in a message and the tour on screen is kept whole; a tour
// too large for a link is kept in this browser, and the dialog says so and offers its file.
// Loaded and built when "✎ Tours" is first pressed (tourEditorOpener.ts).

import { quote } from '../../core/quote';
import { ARTICLE_TOUR } from '../../core/scenario/articleTour';
import { MAX_PACKED_CHARS, MAX_UNPACKED_BYTES } from '../../core/scenario/linkPacking';
import { TOUR_LIMITS, type Tour, type TourScene, tourToJson } from '../../core/scenario/tourFormat';
import { el, setText } from '../browser/dom';
import { saveFile } from '../browser/download';
import { readTourFile } from './tourFile';
import { isKeptTour, keptTourStored, tourValue } from './tourStore';

export interface TourEditorHost {
  /** The tour on screen (the article's, or the teacher's). */
  tour(): Tour;
  /** Whether that is the article's own tour (editing it starts a tour of one's own). */
  isArticleTour(): boolean;
  /** The page's state now, as a scene's link. */
  currentViewLink(): string;
  /** Puts `tour` on (null: the article's) at `scene` (1-based). */
  /** Settles once the tour is on and its scene asked for (a large one is kept first). */
  useTour(tour: Tour | null, scene: number): Promise<void>;
  /** The address of `tour` at its first scene, for "Copy the tour's link". */
  tourAddress(tour: Tour): string;
}

export class TourEditor {
  readonly dialog: HTMLDialogElement;
  private readonly status: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly titleInput: HTMLInputElement;
  private readonly captionInput: HTMLTextAreaElement;
  private readonly sourceInput: HTMLInputElement;
  private readonly message: HTMLElement;
  private readonly fileInput: HTMLInputElement;
  /** "Too large for a link": shown while the tour on screen is kept in this browser. */
  private readonly tooLarge: HTMLElement;
  private readonly tooLargeText: HTMLElement;
  /** The file being read: a newer one makes an older read stale. */
  private reading = 0;

  constructor(private readonly host: TourEditorHost) {
    this.status = el('p', { class: 'editor-status', 'data-testid': 'tour-editor-status' });
    this.list = el('ol', { class: 'editor-scenes', 'data-testid': 'tour-editor-scenes' });
    this.titleInput = el('input', {
      type: 'text',
      'data-testid': 'tour-new-title',
      maxlength: String(TOUR_LIMITS.titleChars),
      placeholder: 'e.g. Both heaps, full',
    });
    this.captionInput = el('textarea', {
      'data-testid': 'tour-new-caption',
      rows: '3',
      maxlength: String(TOUR_LIMITS.captionChars),
      placeholder: 'One to three sentences for this view',
    });
    this.sourceInput = el('input', {
      type: 'text',
      'data-testid': 'tour-new-source',
      maxlength: String(TOUR_LIMITS.sourceChars),
      placeholder: 'e.g. Figure 5 (optional)',
    });
    const add = el('button', { type: 'button', class: 'primary', 'data-testid': 'tour-add' }, [
      '＋ Add this view as a scene',
    ]);
    add.addEventListener('click', () => this.addScene());
    this.message = el('p', {
      class: 'editor-message',
      'data-testid': 'tour-editor-message',
      role: 'alert',
      dir: 'ltr',
      hidden: '',
    });
    const exportButton = el('button', { type: 'button', 'data-testid': 'tour-export' }, [
      'Save as a file (JSON)',
    ]);
    exportButton.addEventListener('click', () => this.exportFile());
    const linkButton = el('button', { type: 'button', 'data-testid': 'tour-copy-link' }, [
      'Copy the tour’s link',
    ]);
    linkButton.addEventListener('click', () => this.copyLink());
    this.fileInput = el('input', {
      type: 'file',
      accept: '.json,application/json',
      'data-testid': 'tour-import',
      class: 'visually-hidden',
    });
    this.fileInput.addEventListener('change', () => this.importFile());
    const saveKept = el('button', { type: 'button', 'data-testid': 'tour-too-large-save' }, [
      'Save it as a file (JSON)',
    ]);
    saveKept.addEventListener('click', () => this.exportFile());
    this.tooLargeText = el('p', {});
    this.tooLarge = el(
      'div',
      { class: 'editor-message note', 'data-testid': 'tour-too-large', role: 'status', hidden: '' },
      [this.tooLargeText, saveKept],
    );
    const importButton = el('button', { type: 'button' }, ['Open a tour file…']);
    importButton.addEventListener('click', () => this.fileInput.click());
    const article = el('button', { type: 'button', 'data-testid': 'tour-use-article' }, [
      'The article’s tour',
    ]);
    article.addEventListener('click', () => {
      void this.host.useTour(null, 1).then(() => this.refresh());
    });
    const copyArticle = el('button', { type: 'button', 'data-testid': 'tour-copy-article' }, [
      'Start from the article’s tour',
    ]);
    copyArticle.addEventListener('click', () => {
      this.apply(
        { title: 'My tour', scenes: ARTICLE_TOUR.scenes.map((scene) => ({ ...scene })) },
        1,
      );
    });
    const close = el('button', { type: 'button', 'data-testid': 'tour-editor-close' }, ['Close']);
    close.addEventListener('click', () => this.dialog.close());
    this.dialog = el('dialog', { class: 'tour-editor', 'aria-label': 'Tour editor' }, [
      el('header', { class: 'editor-head' }, [el('h2', {}, ['Tours']), close]),
      this.status,
      this.list,
      el('fieldset', { class: 'editor-add' }, [
        el('legend', {}, ['This view as a scene']),
        el('label', {}, ['Title', this.titleInput]),
        el('label', {}, ['Caption', this.captionInput]),
        el('label', {}, ['Source', this.sourceInput]),
        add,
      ]),
      el('div', { class: 'editor-files' }, [
        exportButton,
        linkButton,
        importButton,
        this.fileInput,
      ]),
      this.message,
      this.tooLarge,
      el('div', { class: 'editor-switch' }, [article, copyArticle]),
    ]);
  }

  open(): void {
    this.refresh();
    this.say(null);
    this.dialog.showModal();
  }

  /** Redraws the scene list for the tour on screen. */
  refresh(): void {
    const tour = this.host.tour();
    const own = !this.host.isArticleTour();
    const kept = own && isKeptTour(tourValue(tour));
    const where = kept
      ? 'It is too large for a link: save it as a file to share it.'
      : 'Changes go into its link at once.';
    setText(
      this.status,
      own
        ? `Your tour, “${tour.title}”: ${tour.scenes.length} scene${tour.scenes.length === 1 ? '' : 's'}. ${where}`
        : `The article’s tour is on (${tour.scenes.length} scenes). Adding a view starts a tour of your own.`,
    );
    this.showTooLarge(kept ? tourValue(tour) : null);
    this.list.replaceChildren(
      ...tour.scenes.map((scene, index) => this.sceneItem(tour, scene, index, own)),
    );
  }

  private sceneItem(tour: Tour, scene: TourScene, index: number, own: boolean): HTMLElement {
    const go = el('button', { type: 'button', class: 'editor-go' }, [
      `${index + 1}. ${scene.title}`,
    ]);
    go.addEventListener('click', () => {
      void this.host.useTour(own ? tour : null, index + 1);
      this.dialog.close();
    });
    const item = el('li', { 'data-testid': `tour-editor-scene-${index + 1}` }, [go]);
    if (!own) return item;
    const move = (delta: number, label: string, name: string): HTMLButtonElement => {
      const button = el('button', { type: 'button', 'aria-label': `${name} scene ${index + 1}` }, [
        label,
      ]);
      const target = index + delta;
      button.disabled = target < 0 || target >= tour.scenes.length;
      button.addEventListener('click', () => {
        const scenes = [...tour.scenes];
        [scenes[index], scenes[target]] = [scenes[target], scenes[index]];
        this.apply({ ...tour, scenes }, target + 1);
      });
      return button;
    };
    const remove = el('button', { type: 'button', 'aria-label': `Delete scene ${index + 1}` }, [
      '✕',
    ]);
    remove.disabled = tour.scenes.length <= 1;
    remove.addEventListener('click', () => {
      const scenes = tour.scenes.filter((_, position) => position !== index);
      this.apply({ ...tour, scenes }, Math.min(index + 1, scenes.length));
    });
    item.append(move(-1, '↑', 'Move up'), move(1, '↓', 'Move down'), remove);
    return item;
  }

  private addScene(): void {
    const caption = this.captionInput.value.trim();
    const title = this.titleInput.value.trim();
    if (title === '' || caption === '') {
      this.say('A scene needs a title and a caption (one to three sentences).');
      return;
    }
    const scene: TourScene = {
      title,
      caption,
      source: this.sourceInput.value.trim(),
      link: this.host.currentViewLink(),
    };
    const base = this.host.isArticleTour() ? { title: 'My tour', scenes: [] } : this.host.tour();
    if (base.scenes.length >= TOUR_LIMITS.scenes) {
      this.say(`A tour holds at most ${TOUR_LIMITS.scenes} scenes.`);
      return;
    }
    const tour = { ...base, scenes: [...base.scenes, scene] };
    this.titleInput.value = '';
    this.captionInput.value = '';
    this.sourceInput.value = '';
    this.apply(tour, tour.scenes.length);
  }

  /** Puts the edited tour on (in its link, or kept in this browser) and redraws the list. */
  private apply(tour: Tour, scene: number): void {
    this.say(null);
    // The list and the status follow the tour once it is on (a large one is kept first).
    void this.host.useTour(tour, scene).then(() => this.refresh());
  }

  /**
   * Says the tour on screen is too large for a link, and offers its file (null: hides it). The
   * page's link names the kept tour, so a reload here shows it; elsewhere only its file does.
   */
  private showTooLarge(value: string | null): void {
    this.tooLarge.hidden = value === null;
    if (value === null) return;
    const why = `This tour is too large for a link (one carries a tour of at most ${MAX_UNPACKED_BYTES / 2 ** 20} MiB, packed into ${MAX_PACKED_CHARS.toLocaleString('en-US')} characters): save it as a file to share it or to open it elsewhere.`;
    setText(this.tooLargeText, `${why} This browser keeps it, and the page’s link opens it here.`);
    void keptTourStored(value).then((stored) => {
      if (stored || this.tooLarge.hidden) return;
      setText(
        this.tooLargeText,
        `${why} This browser refused to keep it: it lasts until the page closes.`,
      );
    });
  }

  private exportFile(): void {
    const tour = this.host.tour();
    const blob = new Blob([tourToJson(tour)], { type: 'application/json' });
    saveFile(blob, `${fileName(tour.title)}.json`);
  }

  private copyLink(): void {
    const tour = this.host.tour();
    if (!this.host.isArticleTour() && isKeptTour(tourValue(tour))) {
      this.say('This tour is too large for a link: save it as a file to share it.');
      return;
    }
    const address = this.host.tourAddress(tour);
    const done = (text: string): void => this.say(text, 'note');
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(address).then(
        () => done('The tour’s link is on the clipboard.'),
        () => done(`Copy failed; the link is: ${address}`),
      );
    } else done(`The tour’s link: ${address}`);
  }

  private importFile(): void {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = '';
    if (file === undefined) return;
    const reading = ++this.reading;
    const current = (): boolean => reading === this.reading;
    this.say(`Reading ${quote(file.name)}…`, 'note');
    const checking = (): void => this.say(`Checking ${quote(file.name)}…`, 'note');
    void readTourFile(file, checking, current).then((read) => {
      if (read === null || !current()) return;
      if (!read.ok) {
        this.say(read.message);
        return;
      }
      this.apply(read.tour, 1);
      this.say(`Opened “${read.tour.title}” (${read.tour.scenes.length} scenes).`, 'note');
    });
  }

  private say(text: string | null, kind: 'error' | 'note' = 'error'): void {
    this.message.hidden = text === null;
    this.message.classList.toggle('note', kind === 'note');
    setText(this.message, text ?? '');
  }
}

/** A file name from a tour's title: letters, digits and dashes. */
function fileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? 'bheap-tour' : `bheap-tour-${slug.slice(0, 40)}`;
}
