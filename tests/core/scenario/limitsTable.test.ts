import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { limitsTable } from '../../../src/core/scenario/limitsTable';

const PAGE_GUIDE = readFileSync(new URL('../../../docs/page.md', import.meta.url), 'utf8');

describe('the limits table', () => {
  it('is in docs/page.md exactly as the code states it (npm run limits prints it)', () => {
    const start = PAGE_GUIDE.indexOf('<!-- limits:start -->');
    const end = PAGE_GUIDE.indexOf('<!-- limits:end -->');
    expect(start, 'docs/page.md marks where the table starts').toBeGreaterThan(0);
    expect(PAGE_GUIDE.slice(start + '<!-- limits:start -->\n'.length, end)).toBe(limitsTable());
  });
});
