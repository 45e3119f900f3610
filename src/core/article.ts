// The article's claims, as checks on a sweep of its own scenario (1M items, 512 per page):
// `npm run reproduce` prints them and a test asserts them.

import { ARTICLE_CALIBRATION, modelCpuSeconds, totalSeconds, transfers } from './cost';
import type { LayoutKind } from './layout';
import type { SweepResult } from './sweep';
import type { Workload } from './workloads';

export const ARTICLE_ITEMS = 1_000_000;
export const ARTICLE_ITEMS_PER_PAGE = 512;
export const ARTICLE_PAGES = 1954;

export function articleWorkload(seed = 1): Workload {
  return { kind: 'phk', items: ARTICLE_ITEMS, seed, keyRange: 2 ** 31 };
}

export interface Claim {
  claim: string;
  measured: string;
  ok: boolean;
}

function transfersAt(result: SweepResult, frames: number): number {
  return transfers(result.pageIns[frames - 1], result.writebacks[frames - 1]);
}

/** Total seconds with `missing` pages not resident, article CPU calibration. */
export function articleSeconds(result: SweepResult, missing: number, ioMs: number): number {
  const cpu = modelCpuSeconds(result.layout, result.items, result.operations, result.accesses);
  return totalSeconds(cpu, transfersAt(result, result.pages - missing), ioMs);
}

export function checkArticleClaims(results: Record<LayoutKind, SweepResult>): Claim[] {
  const binary = results.binary;
  const bheap = results.bheap;
  const claims: Claim[] = [];
  const fmt = (value: number, digits = 3): string => value.toFixed(digits);
  claims.push({
    claim: `both heaps span ${ARTICLE_PAGES} pages`,
    measured: `binary ${binary.pages}, B-heap ${bheap.pages}`,
    ok: binary.pages === ARTICLE_PAGES && bheap.pages === ARTICLE_PAGES,
  });
  const bheapAt9 = transfersAt(bheap, 9) / bheap.operations;
  claims.push({
    claim: 'B-heap at 9 resident pages: 1.14 ± 0.02 transfers per operation',
    measured: fmt(bheapAt9),
    ok: Math.abs(bheapAt9 - 1.14) <= 0.02,
  });
  const binaryAt9 = transfersAt(binary, 9) / binary.operations;
  claims.push({
    claim: 'binary heap at 9 resident pages: 11 to 12.5 transfers per operation (article: 11.5)',
    measured: fmt(binaryAt9),
    ok: binaryAt9 >= 11 && binaryAt9 <= 12.5,
  });
  const extra = bheap.comparisons / binary.comparisons - 1;
  claims.push({
    claim: 'B-heap makes 20-30% more comparisons',
    measured: `${fmt(extra * 100, 1)}% (${bheap.comparisons} vs ${binary.comparisons})`,
    ok: extra >= 0.2 && extra <= 0.3,
  });
  const secondsAt = (missing: number, ioMs: number): [number, number] => [
    articleSeconds(binary, missing, ioMs),
    articleSeconds(bheap, missing, ioMs),
  ];
  const [binary0, bheap0] = secondsAt(0, 1);
  claims.push({
    claim: `no page missing, 1 ms: B-heap slower (${ARTICLE_CALIBRATION.seconds.bheap} s vs ${ARTICLE_CALIBRATION.seconds.binary} s)`,
    measured: `binary ${fmt(binary0, 2)} s, B-heap ${fmt(bheap0, 2)} s`,
    ok: bheap0 > binary0,
  });
  const [binary5, bheap5] = secondsAt(5, 1);
  claims.push({
    claim: '5 pages missing, 1 ms: B-heap faster',
    measured: `binary ${fmt(binary5, 2)} s, B-heap ${fmt(bheap5, 2)} s`,
    ok: bheap5 < binary5,
  });
  let crossover = -1;
  for (let missing = 0; missing <= 10; missing++) {
    const [b, h] = secondsAt(missing, 1);
    if (h < b) {
      crossover = missing;
      break;
    }
  }
  claims.push({
    claim:
      '1 ms: B-heap first ahead at 4 or 5 missing pages (crossover between 3 and 5; article: 4)',
    measured: crossover < 0 ? 'not within 10 missing pages' : `${crossover} missing pages`,
    ok: crossover >= 4 && crossover <= 5,
  });
  const [binary1, bheap1] = secondsAt(1, 10);
  claims.push({
    claim: '10 ms, one page missing: B-heap ahead (article: 10% faster)',
    measured: `binary ${fmt(binary1, 2)} s, B-heap ${fmt(bheap1, 2)} s (${fmt((1 - bheap1 / binary1) * 100, 1)}% faster)`,
    ok: bheap1 < binary1,
  });
  return claims;
}
