import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { limitsTable } from '../../../src/core/scenario/limitsTable';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the limits table', () => {
  it('is in the README exactly as the code states it (npm run limits prints it)', () => {
    const start = README.indexOf('<!-- limits:start -->');
    const end = README.indexOf('<!-- limits:end -->');
    expect(start, 'the README marks where the table starts').toBeGreaterThan(0);
    expect(README.slice(start + '<!-- limits:start -->\n'.length, end)).toBe(limitsTable());
  });
});
