import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import {
  NO_SCORE,
  type QuestionContext,
  questionFor,
  scoreAfter,
  scoreText,
} from '../../../src/core/explain/predict';

const heap: QuestionContext = { family: 'heap', tree: false, op: 'popMin', frames: 3, distance: 5 };

function touch(outcome: 'hit' | 'zero-fill' | 'page-in'): SimEvent {
  return {
    kind: 'touch',
    slot: 14,
    page: 1,
    frame: -1,
    write: false,
    outcome,
    evicted: -1,
    writeBack: false,
  };
}

describe('predict: the questions', () => {
  it('asks hit or fault of a page reference, and explains it by the stack distance', () => {
    const fault = questionFor(touch('page-in'), heap);
    expect(fault?.kind).toBe('hit-fault');
    expect(fault?.answer).toBe('f');
    expect(fault?.prompt).toContain('slot 14, on page 1. With 3 resident pages');
    expect(fault?.explanation).toContain('5th most recently used page and 3 pages are resident');
    expect(questionFor(touch('hit'), { ...heap, distance: 2 })?.answer).toBe('h');
    expect(questionFor(touch('zero-fill'), { ...heap, distance: 0 })?.explanation).toContain(
      'never used before',
    );
  });

  it('asks which child is smaller: the second only when strictly smaller', () => {
    const compare = (less: boolean): SimEvent => ({
      kind: 'compare',
      sift: 'down',
      role: 'second-first',
      slot: 7,
      other: 6,
      slotKey: less ? 10 : 30,
      otherKey: 20,
      less,
    });
    expect(questionFor(compare(true), heap)?.answer).toBe('2');
    expect(questionFor(compare(false), heap)?.answer).toBe('1');
    expect(questionFor(compare(true), heap)?.prompt).toContain('slot 6 (key 20)');
  });

  it('asks swap or stop of the comparisons that decide a sift, each in its own sense', () => {
    const compare = (role: 'parent-child' | 'child-parent', less: boolean): SimEvent => ({
      kind: 'compare',
      sift: role === 'parent-child' ? 'down' : 'up',
      role,
      slot: 3,
      other: 7,
      slotKey: 5,
      otherKey: 9,
      less,
    });
    // Sift-down: a parent smaller than its child stops; sift-up: a smaller child swaps.
    expect(questionFor(compare('parent-child', true), heap)?.answer).toBe('t');
    expect(questionFor(compare('parent-child', false), heap)?.answer).toBe('s');
    expect(questionFor(compare('child-parent', true), heap)?.answer).toBe('s');
    expect(questionFor(compare('child-parent', false), heap)?.answer).toBe('t');
  });

  it('asks left or right of a search tree inserting, and nothing of other events', () => {
    const descend: SimEvent = {
      kind: 'node-compare',
      what: 'key',
      node: 0,
      other: 4,
      value: 12,
      otherValue: 30,
      less: true,
    };
    const tree: QuestionContext = {
      family: 'pointer',
      tree: true,
      op: 'insert',
      frames: 2,
      distance: 1,
    };
    expect(questionFor(descend, tree)?.answer).toBe('l');
    expect(questionFor({ ...descend, less: false }, tree)?.answer).toBe('r');
    expect(questionFor(descend, { ...tree, tree: false })).toBeNull();
    expect(questionFor(descend, { ...tree, op: 'popMin' })).toBeNull();
    expect(questionFor({ ...descend, what: 'priority' }, tree)).toBeNull();
    expect(questionFor({ kind: 'swap', sift: 'up', slot: 2, other: 1 }, heap)).toBeNull();
    expect(questionFor(null, heap)).toBeNull();
  });

  it('offers each question its keys, the right one among them', () => {
    for (const question of [questionFor(touch('hit'), heap)]) {
      expect(question?.choices.map((c) => c.key)).toContain(question?.answer);
    }
  });
});

describe('predict: the score', () => {
  it('counts right answers and streaks, and keeps the best streak', () => {
    let score = NO_SCORE;
    for (const correct of [true, true, false, true]) score = scoreAfter(score, correct);
    expect(score).toEqual({ asked: 4, right: 3, streak: 1, best: 2 });
    expect(scoreText(score)).toBe('3 of 4 right · streak 1 (best 2)');
  });
});
