// The reproduce commands' report: a calibration line shows what fixes it and is never a passed
// check, so the exit code speaks for the checks alone.

import { describe, expect, it } from 'vitest';
import { claimsText, tally } from '../../src/cli/claims';
import type { Claim } from '../../src/core/experiments/article';

const pass: Claim = { kind: 'check', claim: 'a holds', measured: '1', ok: true };
const fail: Claim = { kind: 'check', claim: 'b holds', measured: '2', ok: false };
const calibration: Claim = {
  kind: 'calibration',
  claim: 'c holds',
  measured: '3',
  inputs: 'the figure the model was fitted to',
};

describe('claimsText', () => {
  it('writes PASS or FAIL for a check and CALIBRATION with its inputs for the rest', () => {
    expect(claimsText([pass, fail, calibration])).toBe(
      'PASS  a holds\n      measured: 1\n' +
        'FAIL  b holds\n      measured: 2\n' +
        'CALIBRATION (not a check)  c holds\n      measured: 3\n      fixed by: the figure the model was fitted to\n',
    );
  });
});

describe('tally', () => {
  it('counts checks only, and as before when there is no calibration line', () => {
    expect(tally([pass, pass])).toEqual({ line: '2 passed, 0 failed\n', code: 0 });
    expect(tally([pass, calibration])).toEqual({
      line: '1 passed, 0 failed (and 1 calibration line, not checked)\n',
      code: 0,
    });
    expect(tally([calibration, calibration])).toEqual({
      line: '0 passed, 0 failed (and 2 calibration lines, not checked)\n',
      code: 0,
    });
  });

  it('exits 1 when a check fails, whatever the calibration lines', () => {
    expect(tally([fail, calibration]).code).toBe(1);
    expect(tally([pass, fail]).code).toBe(1);
  });
});
