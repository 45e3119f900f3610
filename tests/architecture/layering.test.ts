import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/layering', import.meta.url));

/** The rules broken under `baseDir`'s src/, by name. */
async function violations(baseDir: string): Promise<string[]> {
  const result = await cruise(['src'], {
    baseDir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.generated\\.ts$' },
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result object');
  return result.output.summary.violations.map((violation) => violation.rule.name);
}

describe('the layering of src/', () => {
  it('holds: no import runs up a layer, out of the core, or in a circle', async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  it('fails on a deliberately wrong import (the rule can fail)', async () => {
    const broken = await violations(FIXTURE);
    expect(broken).toContain('core-layer-1-not-upward');
    expect(broken).toContain('core-stays-pure');
    expect(broken).toContain('no-circular');
  });
});
