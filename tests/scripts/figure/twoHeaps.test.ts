// The README's picture is the code's layout: the file on disk is what the script draws now, and
// the two heaps differ as the article says (the binary heap crosses pages at every level below
// the first, the B-heap far less often).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { twoHeapsSvg } from '../../../scripts/figure/twoHeaps';

describe('docs/two-heaps.svg', () => {
  it('is what npm run figure draws from the current index maps (else: npm run figure)', () => {
    const onDisk = readFileSync(new URL('../../../docs/two-heaps.svg', import.meta.url), 'utf8');
    expect(onDisk).toBe(twoHeapsSvg());
  });

  it('shows the binary heap crossing pages more often than the B-heap', () => {
    const [binary, bheap] = twoHeapsSvg().split('<g transform=').slice(1);
    const crossings = (panel: string): number => panel.split('stroke-dasharray').length - 1;
    expect(crossings(binary)).toBe(24);
    expect(crossings(bheap)).toBeLessThan(crossings(binary) / 2);
  });
});
