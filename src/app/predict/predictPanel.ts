// Predict mode: before an event the student is asked about is shown, the page asks (hit or
// fault, which child, swap or stop, left or right), checks the answer against the core's event,
// then shows the event with its explanation, keeping a score and a streak. Loaded and built when
// predict mode is first switched on (predictMode.ts owns its button and its bar until then).

import type { OpKind, SimEvent } from '../../core/events';
import {
  NO_SCORE,
  type Question,
  type QuestionContext,
  questionFor,
  type Score,
  scoreAfter,
  scoreText,
} from '../../core/explain/predict';
import { SIDES, type SideName } from '../../core/replay/side';
import { STRUCTURES, type StructureKind } from '../../core/structures/registry';
import { el, setText } from '../browser/dom';

/** What predict mode needs from the page. */
export interface PredictHost {
  /** What each side shows at `step`, without moving there. */
  peek(step: number): { events: (SimEvent | null)[]; distances: (number | null)[] };
  /** The structure on a side, the operation a step is in, and the resident pages shown. */
  kindOf(side: SideName): StructureKind;
  opKindAt(step: number): OpKind | null;
  frames(): number;
  /** Moves the cursor to `step` (the answered event then shows, narrated). */
  advance(step: number): void;
}

const SEARCH_TREES: ReadonlySet<StructureKind> = new Set(['treap', 'llrb', 'rb']);

export class PredictPanel {
  private readonly sideSelect: HTMLSelectElement;
  private readonly prompt: HTMLElement;
  private readonly choices: HTMLElement;
  private readonly feedback: HTMLElement;
  private readonly score: HTMLElement;
  /** Questions and verdicts for screen readers (the step's own region speaks the events). */
  private readonly live: HTMLElement;
  private on = false;
  private side: SideName = 'left';
  private pending: { step: number; question: Question } | null = null;
  /** The step whose question was answered: stepping onto it is allowed once. */
  private answered = -1;
  private tally: Score = NO_SCORE;

  /** `toggle` is the transport's "? Predict" and `root` the empty bar above the sides. */
  constructor(
    private readonly host: PredictHost,
    private readonly toggle: HTMLButtonElement,
    private readonly root: HTMLElement,
  ) {
    this.sideSelect = el('select', { 'data-testid': 'predict-side', 'aria-label': 'Ask about' });
    this.sideSelect.addEventListener('change', () => {
      this.side = this.sideSelect.value === 'right' ? 'right' : 'left';
      this.root.dataset.side = this.side;
      this.clearQuestion();
    });
    this.prompt = el('p', { class: 'predict-prompt', 'data-testid': 'predict-prompt' });
    this.choices = el('div', { class: 'predict-choices', role: 'group', 'aria-label': 'Answers' });
    this.feedback = el('p', { class: 'predict-feedback', 'data-testid': 'predict-feedback' });
    this.score = el('p', { class: 'predict-score', 'data-testid': 'predict-score' }, [
      scoreText(NO_SCORE),
    ]);
    this.live = el('div', {
      class: 'visually-hidden',
      role: 'status',
      'aria-live': 'assertive',
      'data-testid': 'predict-live',
    });
    this.root.append(
      el('div', { class: 'predict-head' }, [
        el('strong', {}, ['Predict']),
        el('label', {}, ['ask about ', this.sideSelect]),
        this.score,
      ]),
      this.prompt,
      this.choices,
      this.feedback,
      this.live,
    );
    // The bar's height, for a phone's sides to take what it leaves of the screen (phone.css): a
    // question with its answers, or a verdict with its reason, is two lines or six. On <body>,
    // not <html>: a style written on <html> reads as a theme change (watchPalette), and every
    // view read its colours again and redrew, the sidebar's legend included, during the boot.
    new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize[0];
      if (box === undefined) return;
      document.body.style.setProperty('--predict-bar-height', `${Math.ceil(box.blockSize)}px`);
    }).observe(this.root);
    // Before the playback keys: a pending question takes its own letters (F included).
    window.addEventListener('keydown', (event) => this.onKey(event), { capture: true });
  }

  get active(): boolean {
    return this.on;
  }

  /** The sides' structures changed: the selector names them. */
  showStructures(kinds: readonly StructureKind[]): void {
    this.sideSelect.replaceChildren(
      ...SIDES.map((side, index) =>
        el('option', { value: side }, [`${side}: ${STRUCTURES[kinds[index]].title}`]),
      ),
    );
    this.sideSelect.value = this.side;
    this.root.dataset.side = this.side;
    this.clearQuestion();
  }

  setOn(on: boolean): void {
    this.on = on;
    this.toggle.setAttribute('aria-pressed', String(on));
    this.toggle.classList.toggle('active', on);
    this.root.hidden = !on;
    this.clearQuestion();
    if (on) {
      setText(this.prompt, 'Step forward (→ or Play): the next question comes before its event.');
      this.announce('Predict mode on.');
    }
  }

  /**
   * May the cursor move onto `step`? False (and the question is asked) while the event there is
   * one the student should predict and has not answered yet.
   */
  allows(step: number): boolean {
    if (!this.on) return true;
    if (step === this.answered) return true;
    if (this.pending !== null) return this.pending.step !== step ? this.ask(step) : false;
    return this.ask(step);
  }

  /** Asks about `step` if its event is a question; true if it may be shown at once. */
  private ask(step: number): boolean {
    // A step answered before is asked again when the cursor comes back to it.
    this.answered = -1;
    const sideIndex = SIDES.indexOf(this.side);
    const seen = this.host.peek(step);
    const kind = this.host.kindOf(this.side);
    const context: QuestionContext = {
      family: STRUCTURES[kind].family,
      tree: SEARCH_TREES.has(kind),
      op: this.host.opKindAt(step),
      frames: this.host.frames(),
      distance: seen.distances[sideIndex] ?? -1,
    };
    const question = questionFor(seen.events[sideIndex], context);
    if (question === null) {
      this.pending = null;
      return true;
    }
    this.pending = { step, question };
    this.showQuestion(question);
    return false;
  }

  private showQuestion(question: Question): void {
    setText(this.prompt, `${STRUCTURES[this.host.kindOf(this.side)].title}: ${question.prompt}`);
    setText(this.feedback, '');
    this.feedback.className = 'predict-feedback';
    this.choices.replaceChildren(
      ...question.choices.map((choice) => {
        const button = el(
          'button',
          { type: 'button', 'data-testid': `predict-answer-${choice.key}` },
          [`${choice.label} (${choice.key.toUpperCase()})`],
        );
        button.addEventListener('click', () => this.answer(choice.key));
        return button;
      }),
    );
    this.announce(
      `${question.prompt} Answer with ${question.choices.map((c) => `${c.key.toUpperCase()} for ${c.label}`).join(' or ')}.`,
    );
  }

  private answer(key: string): void {
    const pending = this.pending;
    if (pending === null) return;
    const correct = key === pending.question.answer;
    this.tally = scoreAfter(this.tally, correct);
    const verdict = `${correct ? 'Right.' : 'Not quite.'} ${pending.question.explanation}`;
    setText(this.feedback, verdict);
    this.feedback.className = `predict-feedback ${correct ? 'right' : 'wrong'}`;
    setText(this.score, scoreText(this.tally));
    this.choices.replaceChildren();
    setText(this.prompt, 'Step forward for the next question.');
    this.pending = null;
    this.answered = pending.step;
    this.host.advance(pending.step);
    this.announce(`${verdict} ${scoreText(this.tally)}.`);
  }

  private announce(text: string): void {
    setText(this.live, text);
  }

  private clearQuestion(): void {
    this.pending = null;
    this.answered = -1;
    this.choices.replaceChildren();
    setText(this.prompt, '');
    setText(this.feedback, '');
  }

  private onKey(event: KeyboardEvent): void {
    const pending = this.pending;
    if (!this.on || pending === null) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
    )
      return;
    const key = event.key.toLowerCase();
    if (!pending.question.choices.some((choice) => choice.key === key)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.answer(key);
  }
}
