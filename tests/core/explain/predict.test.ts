import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../src/core/events';
import {
  NO_SCORE,
  type QuestionContext,
  questionFor,
  scoreAfter,
  scoreText,
} from '../../../src/core/explain/predict';
import { Timeline } from '../../../src/core/replay/timeline';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { parseScenario } from '../../../src/core/scenario/parse';

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
    expect(questionFor(touch('hit'), { ...heap, distance: 3 })?.answer).toBe('h');
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

describe('predict asks what is worth predicting', () => {
  it('does not ask about a reference to the page just used: it always hits', () => {
    const question = questionFor(
      {
        kind: 'touch',
        slot: 3,
        page: 0,
        write: false,
        outcome: 'hit',
      } as SimEvent,
      { ...heap, distance: 1 },
    );
    expect(question).toBeNull();
  });

  it('gives answers that vary where a class first tries it (tour scene 4, the first pop)', () => {
    const scenario = parseScenario(ARTICLE_TOUR.scenes[3].link).scenario;
    const timeline = new Timeline(scenario);
    timeline.setFrames(scenario.frames);
    const start = timeline.stepStart[(scenario.op ?? 1) - 1] + 1;
    const answers: string[] = [];
    for (let step = start; step <= timeline.totalSteps && answers.length < 8; step++) {
      const seen = timeline.peek(step);
      const context: QuestionContext = {
        family: 'heap',
        tree: false,
        op: timeline.opKindAt(timeline.opAt(step)),
        frames: scenario.frames,
        distance: seen.distances[0] ?? -1,
      };
      const question = questionFor(seen.events[0], context);
      if (question !== null) answers.push(question.answer);
    }
    expect(answers.length).toBe(8);
    // Not one answer repeated: pressing the same key every time must not score 8 of 8.
    expect(new Set(answers).size).toBeGreaterThan(1);
    // No run of more than three identical answers in the first eight.
    let run = 1;
    for (let i = 1; i < answers.length; i++) {
      run = answers[i] === answers[i - 1] ? run + 1 : 1;
      expect(run, `answers ${answers.join(',')}`).toBeLessThanOrEqual(3);
    }
  });
});
