// The curves form read without a page: what a change asks for, and what it refuses.

import { describe, expect, it } from 'vitest';
import { readCurveForm } from '../../../src/app/curves/curvesRead';
import { type CurveSettings, presetSettings } from '../../../src/core/experiments/curveSettings';

/** The fields as the form shows `settings`, with `changes` typed over them. */
function fields(settings: CurveSettings, changes: Record<string, string>) {
  const shown: Record<string, string> = {
    left: settings.left,
    right: settings.right,
    node: String(settings.nodeBytes),
    items: String(settings.items),
    page: String(settings.itemsPerPage),
    io: String(settings.ioMs),
    cpu: settings.cpu,
    mode: settings.mode,
    unit: settings.unit,
    policy: settings.policy,
    floor: settings.floor ? '1' : '0',
    ...changes,
  };
  return (name: string): string => shown[name] ?? '';
}

describe('readCurveForm', () => {
  it('keeps a figure and its zoom when only the display changes', () => {
    const fig2 = presetSettings('fig2');
    const { next, errors } = readCurveForm(fields(fig2, { mode: 'transfers' }), fig2, 1954);
    expect(errors).toEqual([]);
    expect(next.preset).toBe('fig2');
    expect(next.mode).toBe('transfers');
  });

  it('turns a figure into a custom run, at the range it showed, when the I/O time changes', () => {
    const fig2 = presetSettings('fig2');
    const { next } = readCurveForm(fields(fig2, { io: '5' }), fig2, 1954);
    expect(next.preset).toBe('custom');
    expect([next.from, next.to]).toEqual([1, 64]);
    expect(next.ioMs).toBe(5);
  });

  it('names a refused item count and keeps the previous one', () => {
    const fig1 = presetSettings('fig1');
    const { next, errors } = readCurveForm(fields(fig1, { items: '1_000' }), fig1, null);
    expect(next.items).toBe(fig1.items);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`keeping ${fig1.items}`);
  });
});
