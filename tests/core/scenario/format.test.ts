// The canonical link, the animation key and the CLI line of a scenario: what is written and
// when, and a CLI line the command line reads back as the scenario's own run.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { POLICIES } from '../../../src/core/memory/pager';
import {
  animationKey,
  cliArgsFor,
  cliCommandFor,
  formatScenario,
} from '../../../src/core/scenario/format';
import { parseScenario } from '../../../src/core/scenario/parse';
import {
  DEFAULT_SCENARIO,
  type Scenario,
  scenarioWorkload,
} from '../../../src/core/scenario/scenario';
import { isHeapKind, STRUCTURE_KINDS } from '../../../src/core/structures/registry';

/** Scenarios as links make them: any pair, workload, page size, frames and policy. */
const linkScenario: fc.Arbitrary<Scenario> = fc
  .record({
    left: fc.constantFrom(...STRUCTURE_KINDS),
    right: fc.constantFrom(...STRUCTURE_KINDS),
    node: fc.constantFrom('48', '64', '256'),
    items: fc.integer({ min: 1, max: 400 }).map(String),
    page: fc.constantFrom('8', '16', '64'),
    frames: fc.integer({ min: 1, max: 9 }).map(String),
    policy: fc.constantFrom(...POLICIES),
    workload: fc.constantFrom('phk', 'expiry', 'asterisk', 'script'),
    seed: fc.integer({ min: 0, max: 0xffffffff }).map(String),
    keys: fc.integer({ min: 2, max: 2 ** 31 }).map(String),
    io: fc.constantFrom('0', '0.5', '8'),
  })
  .map((params) => parseScenario(new URLSearchParams(params).toString()).scenario);

const link = (over: Partial<Scenario>): URLSearchParams => {
  const [query] = formatScenario({ ...DEFAULT_SCENARIO, ...over }).split('#');
  return new URLSearchParams(query);
};

describe('formatScenario', () => {
  it('writes the node size only when a side holds a pointer structure', () => {
    expect(link({}).has('node')).toBe(false);
    expect(link({ right: 'treap', nodeBytes: 64 }).get('node')).toBe('64');
    expect(link({}).has('cnode')).toBe(false);
  });

  it('writes a cursor waiting at an operation as op, else the step', () => {
    expect(link({ step: 12 }).get('step')).toBe('12');
    const atOp = link({ op: 49, step: 3 });
    expect(atOp.get('op')).toBe('49');
    expect(atOp.has('step')).toBe(false);
  });

  it('writes the embed’s range only when embedded, and the tour only when on', () => {
    const plain = link({});
    for (const name of ['embed', 'from', 'to', 'loop', 'tour']) expect(plain.has(name)).toBe(false);
    const embedded = link({ embed: { on: true, from: 3, to: null, loop: true }, tour: 2 });
    expect([embedded.get('embed'), embedded.get('from'), embedded.get('loop')]).toEqual([
      '1',
      '3',
      '1',
    ]);
    expect(embedded.has('to')).toBe(false);
    expect(embedded.get('tour')).toBe('2');
  });

  it('starts with the version and keeps the query free of the fragment’s packed texts', () => {
    const written = formatScenario({ ...DEFAULT_SCENARIO, tourPack: 'AAAA' });
    expect(written.startsWith('v=3&')).toBe(true);
    expect(written.endsWith('#tourz=AAAA')).toBe(true);
  });
});

describe('animationKey', () => {
  it('ignores the frame count under LRU, where one pass answers every count, but not under FIFO', () => {
    const lru = { ...DEFAULT_SCENARIO, frames: 2 };
    expect(animationKey(lru)).toBe(animationKey({ ...lru, frames: 5 }));
    const fifo = { ...DEFAULT_SCENARIO, policy: 'fifo' as const, frames: 2 };
    expect(animationKey(fifo)).not.toBe(animationKey({ ...fifo, frames: 5 }));
    expect(animationKey(fifo)).not.toBe(animationKey(lru));
  });

  it('ignores the view, the tour, the embed and the cursor', () => {
    const moved = {
      ...DEFAULT_SCENARIO,
      view: { ...DEFAULT_SCENARIO.view, tree: 'slots' as const },
      tour: 3,
      embed: { on: true, from: 1, to: 9, loop: true },
      op: 40,
    };
    expect(animationKey(moved)).toBe(animationKey(DEFAULT_SCENARIO));
  });
});

describe('cliArgsFor', () => {
  it('is a command line the CLI reads as the scenario’s own run', () => {
    fc.assert(
      fc.property(linkScenario, (scenario) => {
        const parsed = parseArgs(cliArgsFor(scenario, 'run'));
        if (parsed.kind !== 'ok') throw new Error(`${cliCommandFor(scenario)}: ${parsed.kind}`);
        const { options } = parsed;
        expect(options.command).toBe('run');
        expect(new Set(options.layouts)).toEqual(new Set([scenario.left, scenario.right]));
        expect(options.itemsPerPage).toBe(scenario.itemsPerPage);
        if (!isHeapKind(scenario.left) || !isHeapKind(scenario.right)) {
          expect(options.nodeBytes).toBe(scenario.nodeBytes);
        }
        expect(options.frames).toBe(scenario.frames);
        expect(options.ioMs).toBe(scenario.ioMs);
        expect(options.policies ?? ['lru']).toEqual([scenario.policy]);
        expect(options.workload).toEqual(scenarioWorkload(scenario));
      }),
      { numRuns: 80 },
    );
  });

  it('names both sides of a trace even when they run one structure', () => {
    const same = { ...DEFAULT_SCENARIO, right: 'binary' as const };
    expect(cliArgsFor(same, 'run').slice(0, 3)).toEqual(['run', '--layout', 'binary']);
    expect(cliArgsFor(same, 'trace').slice(0, 3)).toEqual(['trace', '--layout', 'binary,binary']);
    expect(cliArgsFor(same, 'trace')).not.toContain('--io-ms');
  });
});

describe('cliCommandFor', () => {
  it('quotes a script for a shell, escaping what a shell would expand', () => {
    const command = cliCommandFor({ ...DEFAULT_SCENARIO, workload: 'script', ops: 'i 5, pop' });
    expect(command).toContain('--ops "i 5, pop"');
    expect(command.startsWith('npm run sim -- run --layout binary,bheap ')).toBe(true);
    const odd = cliCommandFor({
      ...DEFAULT_SCENARIO,
      workload: 'script',
      ops: 'i $HOME, "x" `y` \\',
    });
    expect(odd).toContain('--ops "i \\$HOME, \\"x\\" \\`y\\` \\\\"');
  });
});
