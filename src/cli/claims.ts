// How the reproduce commands report a checked claim list (article or review): one block per claim,
// a tally, and the exit code.

import type { Claim } from '../core/experiments/article';

/** Prints each claim with what was measured. */
export function printClaims(claims: readonly Claim[]): void {
  for (const claim of claims) {
    process.stdout.write(
      `${claim.ok ? 'PASS' : 'FAIL'}  ${claim.claim}\n      measured: ${claim.measured}\n`,
    );
  }
}

/** Prints how many claims passed; returns the exit code (1 if any claim failed). */
export function printTally(claims: readonly Claim[]): number {
  const failed = claims.filter((claim) => !claim.ok).length;
  process.stdout.write(`${claims.length - failed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

/** Prints each claim with what was measured; returns the exit code (1 if any claim failed). */
export function reportClaims(claims: readonly Claim[]): number {
  printClaims(claims);
  return printTally(claims);
}
