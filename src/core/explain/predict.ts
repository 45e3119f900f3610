// Predict mode's questions (pure): which upcoming events a student is asked about, what the
// choices are, which one the core's event says is right, and the running score.
//
// A reference to another page than the last one asks "hit or fault?", a sift-down's comparison of the two children "which
// child is smaller?", a comparison that decides a sift "swap or stop?", and a search tree's
// descent "left or right?". Everything else just happens.

import type { OpKind, SimEvent } from '../events';
import { ordinal } from './narrate';

type QuestionKind = 'hit-fault' | 'which-child' | 'swap-stop' | 'left-right';

/** One answer: the key that gives it (lower case) and its label. */
export interface Choice {
  key: string;
  label: string;
}

export interface Question {
  kind: QuestionKind;
  /** The question in words, naming the slot, node or page and the keys it is about. */
  prompt: string;
  choices: readonly Choice[];
  /** The key of the right choice. */
  answer: string;
  /** Why, once answered: what the core did. */
  explanation: string;
}

const CHOICES: Record<QuestionKind, readonly Choice[]> = {
  'hit-fault': [
    { key: 'h', label: 'Hit' },
    { key: 'f', label: 'Fault' },
  ],
  'which-child': [
    { key: '1', label: 'First child' },
    { key: '2', label: 'Second child' },
  ],
  'swap-stop': [
    { key: 's', label: 'Swap' },
    { key: 't', label: 'Stop' },
  ],
  'left-right': [
    { key: 'l', label: 'Left' },
    { key: 'r', label: 'Right' },
  ],
};

/** What a question may need beyond the event. */
export interface QuestionContext {
  /** 'heap' names slots; 'pointer' names nodes and words (nodeWords per node). */
  family: 'heap' | 'pointer';
  /** A pointer structure's kind of walk: only a search tree's insert descends left or right. */
  tree: boolean;
  /** The operation the event belongs to. */
  op: OpKind | null;
  /** Resident pages shown, for a reference's question. */
  frames: number;
  /** The reference's LRU stack distance (0: first touch), or -1 when unknown. */
  distance: number;
}

function keyText(key: number): string {
  return Number.isInteger(key) ? String(key) : key.toFixed(2);
}

/** The question the next event asks, or null when it just happens. */
export function questionFor(event: SimEvent | null, context: QuestionContext): Question | null {
  if (event === null) return null;
  switch (event.kind) {
    case 'touch': {
      // Asked only where the answer turns on the memory's size: a page among the most recent
      // half of the resident ones (stack distance 1 to frames / 2) plainly hits, and a run of
      // those let pressing H every time score perfectly. A first touch, or a page further back
      // in the recency order, can go either way.
      if (!worthAsking(context)) return null;
      const what = context.family === 'heap' ? `slot ${event.slot}` : `word ${event.slot}`;
      const verb = event.write ? 'writes' : 'reads';
      const fault = event.outcome !== 'hit';
      const why =
        context.distance === 0
          ? `page ${event.page} was never used before: a zero-fill fault`
          : context.distance > 0
            ? `page ${event.page} was the ${context.distance === 1 ? 'most recently used page' : `${ordinal(context.distance)} most recently used page`} and ${context.frames} ${context.frames === 1 ? 'page is' : 'pages are'} resident, so ${fault ? 'it had been evicted' : 'it was still in memory'}`
            : fault
              ? 'a fault'
              : 'a hit';
      return {
        kind: 'hit-fault',
        prompt: `The next step ${verb} ${what}, on page ${event.page}. With ${context.frames} resident ${context.frames === 1 ? 'page' : 'pages'}: hit or fault?`,
        choices: CHOICES['hit-fault'],
        answer: fault ? 'f' : 'h',
        explanation: `${fault ? 'Fault' : 'Hit'}: ${why}.`,
      };
    }
    case 'compare': {
      if (event.role === 'second-first') {
        // Is the second child (slot) strictly smaller than the first (other)?
        return {
          kind: 'which-child',
          prompt: `Which child is smaller: the first, slot ${event.other} (key ${keyText(event.otherKey)}), or the second, slot ${event.slot} (key ${keyText(event.slotKey)})?`,
          choices: CHOICES['which-child'],
          answer: event.less ? '2' : '1',
          explanation: event.less
            ? `The second child, slot ${event.slot}: ${keyText(event.slotKey)} < ${keyText(event.otherKey)}.`
            : `The first child, slot ${event.other}: the second is taken only if strictly smaller.`,
        };
      }
      if (event.role === 'parent-child') {
        // Sift-down: the parent (slot) stays if it is smaller than its smaller child.
        return {
          kind: 'swap-stop',
          prompt: `Sift-down: slot ${event.slot} (key ${keyText(event.slotKey)}) against its smaller child, slot ${event.other} (key ${keyText(event.otherKey)}). Swap or stop?`,
          choices: CHOICES['swap-stop'],
          answer: event.less ? 't' : 's',
          explanation: event.less
            ? `Stop: the parent's key ${keyText(event.slotKey)} is smaller than the child's.`
            : `Swap: the child's key ${keyText(event.otherKey)} is not larger than the parent's.`,
        };
      }
      // Sift-up: the child (slot) moves up while it is smaller than its parent.
      return {
        kind: 'swap-stop',
        prompt: `Sift-up: slot ${event.slot} (key ${keyText(event.slotKey)}) against its parent, slot ${event.other} (key ${keyText(event.otherKey)}). Swap or stop?`,
        choices: CHOICES['swap-stop'],
        answer: event.less ? 's' : 't',
        explanation: event.less
          ? `Swap: ${keyText(event.slotKey)} is smaller than its parent's ${keyText(event.otherKey)}.`
          : `Stop: ${keyText(event.slotKey)} is not smaller than its parent's ${keyText(event.otherKey)}.`,
      };
    }
    case 'node-compare': {
      if (!context.tree || event.what !== 'key') return null;
      if (context.op !== 'insert' && context.op !== 'reorder') return null;
      const subject = event.node > 0 ? `node ${event.node}'s key` : 'the new key';
      return {
        kind: 'left-right',
        prompt: `Descending to place ${subject} ${keyText(event.value)}: at node ${event.other} (key ${keyText(event.otherValue)}), left or right?`,
        choices: CHOICES['left-right'],
        answer: event.less ? 'l' : 'r',
        explanation: event.less
          ? `Left: ${keyText(event.value)} comes before node ${event.other}'s ${keyText(event.otherValue)}.`
          : `Right: ${keyText(event.value)} does not come before node ${event.other}'s ${keyText(event.otherValue)} (equal keys go by node number).`,
      };
    }
    default:
      return null;
  }
}

/** The running score: answers given, right ones, the current and the best streak. */
export interface Score {
  asked: number;
  right: number;
  streak: number;
  best: number;
}

export const NO_SCORE: Score = { asked: 0, right: 0, streak: 0, best: 0 };

export function scoreAfter(score: Score, correct: boolean): Score {
  const streak = correct ? score.streak + 1 : 0;
  return {
    asked: score.asked + 1,
    right: score.right + (correct ? 1 : 0),
    streak,
    best: Math.max(score.best, streak),
  };
}

/** "3 of 4 right · streak 2 (best 3)". */
export function scoreText(score: Score): string {
  return `${score.right} of ${score.asked} right · streak ${score.streak} (best ${score.best})`;
}

/**
 * Whether a page reference is worth a question: a first touch (distance 0), a distance not
 * known (another policy's pager), or a page further back than the most recent half of the
 * resident pages. Under any policy the page just used (distance 1) is still resident.
 */
function worthAsking(context: Pick<QuestionContext, 'distance' | 'frames'>): boolean {
  if (context.distance <= 0) return true;
  return context.distance > Math.max(1, Math.ceil(context.frames / 2));
}
