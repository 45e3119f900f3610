// How the reproduce commands report a claim list (article or review): one block per claim, a
// tally, and the exit code. A calibration line shows the inputs that fix its outcome: it can
// neither pass nor fail, so it is left out of the count of checks and of the exit code.

import { type Claim, checkedClaims } from '../core/experiments/article';

/** Each claim with what was measured, and for a calibration line what fixes it. */
export function claimsText(claims: readonly Claim[]): string {
  return claims
    .map((claim) =>
      claim.kind === 'check'
        ? `${claim.ok ? 'PASS' : 'FAIL'}  ${claim.claim}\n      measured: ${claim.measured}\n`
        : `CALIBRATION (not a check)  ${claim.claim}\n      measured: ${claim.measured}\n      fixed by: ${claim.inputs}\n`,
    )
    .join('');
}

/** The tally line of the checks, and the exit code: 1 if any check failed. */
export function tally(claims: readonly Claim[]): { line: string; code: number } {
  const checks = checkedClaims(claims);
  const failed = checks.filter((claim) => !claim.ok).length;
  const calibrations = claims.length - checks.length;
  const aside =
    calibrations === 0
      ? ''
      : ` (and ${calibrations} calibration ${calibrations === 1 ? 'line' : 'lines'}, not checked)`;
  return {
    line: `${checks.length - failed} passed, ${failed} failed${aside}\n`,
    code: failed === 0 ? 0 : 1,
  };
}

/** Prints each claim with what was measured. */
export function printClaims(claims: readonly Claim[]): void {
  process.stdout.write(claimsText(claims));
}

/** Prints how many checks passed; returns the exit code (1 if any check failed). */
export function printTally(claims: readonly Claim[]): number {
  const { line, code } = tally(claims);
  process.stdout.write(line);
  return code;
}

/** Prints each claim and the tally; returns the exit code (1 if any check failed). */
export function reportClaims(claims: readonly Claim[]): number {
  printClaims(claims);
  return printTally(claims);
}
