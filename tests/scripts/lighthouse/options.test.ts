// The benchmark's command line: defaults, choices, and a clear refusal of bad arguments.

import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNS, MAX_RUNS, parseOptions } from '../../../scripts/lighthouse/options';
import { lighthousePages } from '../../../scripts/lighthouse/pages';

const all = lighthousePages(12);

function options(argv: string[]) {
  const parsed = parseOptions(argv, all);
  if (!parsed.ok) throw new Error('error' in parsed ? parsed.error : 'help');
  return parsed.options;
}

function refusal(argv: string[]): string {
  const parsed = parseOptions(argv, all);
  if (parsed.ok || !('error' in parsed)) throw new Error(`accepted ${argv.join(' ')}`);
  return parsed.error;
}

describe('the Lighthouse benchmark’s options', () => {
  it('default to every page, both presets, one run, no file, not strict, a fresh build', () => {
    const chosen = options([]);
    expect(chosen.pages).toHaveLength(all.length);
    expect(chosen.presets).toEqual(['mobile', 'desktop']);
    expect(chosen.runs).toBe(DEFAULT_RUNS);
    expect(DEFAULT_RUNS).toBe(1);
    expect(chosen.json).toBeNull();
    expect(chosen.strict).toBe(false);
    expect(chosen.skipBuild).toBe(false);
  });

  it('take a subset of pages, a preset, a run count, a JSON file and --strict', () => {
    const chosen = options([
      '--pages',
      'first,tour3,embed',
      '--preset',
      'desktop',
      '--runs',
      '3',
      '--json',
      'out.json',
      '--strict',
      '--skip-build',
    ]);
    expect(chosen.pages.map((page) => page.id)).toEqual(['first', 'tour3', 'embed']);
    expect(chosen.presets).toEqual(['desktop']);
    expect(chosen.runs).toBe(3);
    expect(chosen.json).toBe('out.json');
    expect(chosen.strict).toBe(true);
    expect(chosen.skipBuild).toBe(true);
  });

  it('refuse a preset that is not mobile or desktop', () => {
    expect(refusal(['--preset', 'tablet'])).toBe(
      '--preset: "tablet" is not a preset; allowed: mobile, desktop',
    );
  });

  it.each(['0', '2.5', 'three', String(MAX_RUNS + 1)])('refuse --runs %s', (runs) => {
    expect(refusal(['--runs', runs])).toContain(`not a whole number from 1 to ${MAX_RUNS}`);
  });

  it('refuse an unknown page, an unknown option and an empty file name', () => {
    expect(refusal(['--pages', 'home'])).toContain('unknown page "home"');
    expect(refusal(['--fast'])).toContain("Unknown option '--fast'");
    expect(refusal(['--json', ' '])).toContain('--json: needs a file name');
  });

  it('answer --help with the usage', () => {
    expect(parseOptions(['--help'], all)).toEqual({ ok: false, help: true });
  });
});
