import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitCurvesMemory } from '../../../src/core/experiments/curvePair';
import { clip, visible } from '../../../src/core/quote';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { formatScenario } from '../../../src/core/scenario/format';
import { QUERY_TEXT_MAX_CHARS } from '../../../src/core/scenario/linkPacking';
import { runLimitProblem } from '../../../src/core/scenario/pageLimits';
import { parseScenario } from '../../../src/core/scenario/parse';
import { animatedRun, SCENARIO_PARAMS, scenarioPages } from '../../../src/core/scenario/scenario';
import { packTour } from '../../../src/core/scenario/tourFormat';
import { STRUCTURE_KINDS } from '../../../src/core/structures/registry';

/** A numeral a hostile link might carry: odd forms, huge ones, signs, separators. */
const oddNumeral = fc.oneof(
  fc.integer({ min: 0, max: 5000 }).map(String),
  fc.constantFrom('08', '04', '-0', ' 5', '5 ', '+5', '1_000', '1e3', '0x10', '5.', '.5', '4.0'),
  fc.constantFrom('9'.repeat(40), '4294967296', '-1', '16385', '2147483649', 'NaN', 'Infinity'),
  fc.integer({ min: 2, max: 12 }).map((shift) => String(2 ** shift)),
);

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u202E12345',
    '\u2066x\u2069',
    'a\u0000b',
    '<img src=x onerror=alert(1)>',
  ),
  fc.constantFrom('&', '=', '%', '#', '\n', '\u200F', 'end', 'null', 'undefined'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Scripts: valid ones of every size up to a few thousand operations, and broken ones. */
const script = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((key) => `i ${key}`),
        fc.constant('pop'),
        fc.integer({ min: 1, max: 40 }).map((slot) => `del ${slot}`),
        fc
          .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 99 }))
          .map(([slot, key]) => `re ${slot} ${key}`),
      ),
      { minLength: 1, maxLength: 60 },
    )
    .map((ops) => ops.join(', ')),
  fc
    .integer({ min: 500, max: 3000 })
    .map((n) => Array.from({ length: n }, (_, i) => `i ${(i * 7919) % 100_003}`).join(', ')),
  hostileText,
);

const valueFor = (name: string): fc.Arbitrary<string> => {
  switch (name) {
    case 'left':
    case 'right':
    case 'cleft':
    case 'cright':
      return fc.oneof(fc.constantFrom(...STRUCTURE_KINDS), hostileText);
    case 'workload':
      return fc.constantFrom('phk', 'expiry', 'asterisk', 'script', 'SCRIPT', '');
    case 'ops':
      return script;
    case 'node':
    case 'cnode':
      return fc.oneof(fc.constantFrom('7', '32', '40', '48', '4096', '4104'), oddNumeral);
    case 'page':
    case 'cpage':
      return fc.oneof(fc.constantFrom('4', '8', '4096', '3', '8192'), oddNumeral);
    case 'step':
      return fc.oneof(fc.constantFrom('end', '0', '999999999'), oddNumeral);
    case 'v':
      return fc.constantFrom('1', '2', '3', '', '02');
    case 'tour':
      return fc.oneof(fc.constantFrom('off', '1', '11', '12', '0', '64'), oddNumeral);
    case 'tourz':
      return fc.oneof(fc.constantFrom(packTour(ARTICLE_TOUR), 'AAAA', ''), hostileText);
    case 'tree':
      return fc.constantFrom('keys', 'slots', 'KEYS', '');
    case 'focus':
      return fc.constantFrom('both', 'left', 'right', 'middle');
    case 'hl':
      return fc.constantFrom('none', 'entry', 'exit');
    case 'embed':
    case 'loop':
      return fc.constantFrom('0', '1', 'yes', '');
    case 'op':
    case 'from':
    case 'to':
    case 'cread':
      return fc.oneof(fc.constantFrom('1', '49', '100', '1950', '0'), oddNumeral);
    default:
      return fc.oneof(oddNumeral, hostileText);
  }
};

/** A link: parameters from the grammar (valid or hostile values), repeats and unknown names. */
const hostileLink = fc
  .array(
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .constantFrom(...SCENARIO_PARAMS)
          .chain((name) => valueFor(name).map((value) => [name, value] as const)),
      },
      { weight: 1, arbitrary: fc.tuple(hostileText, hostileText) },
    ),
    { maxLength: 12 },
  )
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [name, value] of pairs) params.append(name, value);
    return params;
  });

/** Every pair of structures with the extreme node and page sizes. */
const extremePair = fc
  .record({
    left: fc.constantFrom(...STRUCTURE_KINDS),
    right: fc.constantFrom(...STRUCTURE_KINDS),
    node: fc.constantFrom('32', '40', '48', '4096'),
    page: fc.constantFrom('4', '8', '4096'),
    items: fc.constantFrom('1', '100', '2048', '16384'),
    workload: fc.constantFrom('phk', 'expiry', 'asterisk', 'script'),
  })
  .map((r) => new URLSearchParams(r));

describe('the link parser under attack', () => {
  it('never throws, names only parameters in the link, writes back a link it takes silently, and stays in every limit', () => {
    fc.assert(
      fc.property(fc.oneof(hostileLink, extremePair), (params) => {
        const link = params.toString();
        const parsed = parseScenario(link);
        const names = new Set(params.keys());
        for (const error of parsed.errors) {
          expect(names, error.message).toContain(error.param);
          // Named as it was written, its controls made visible and a long name clipped.
          expect(error.message).toContain(visible(clip(error.param, 24)));
          // Echoed input never carries a control or format character (bidi overrides…).
          expect(error.message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
        }
        const written = formatScenario(parsed.scenario);
        const again = parseScenario(written);
        expect(again.errors).toEqual([]);
        expect(formatScenario(again.scenario)).toBe(written);
        expect(runLimitProblem(animatedRun(parsed.scenario))).toBeNull();
        expect(fitCurvesMemory(parsed.scenario.curves).message).toBeNull();
        expect(parsed.scenario.frames).toBeLessThanOrEqual(scenarioPages(parsed.scenario));
        // A static host serves the query; only the fragment may be long.
        expect(written.split('#')[0].length).toBeLessThan(4000);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the holes the attack found', () => {
  it('1. a fallback that fits: too many pages names the parameters and picks the most items that fit', () => {
    const { scenario, errors } = parseScenario('left=treap&right=treap&node=4096&page=4&items=100');
    expect(errors).toHaveLength(1);
    expect(errors[0].param).toBe('items');
    expect(errors[0].message).toMatch(
      /items=100, node=4096, page=4.*spans 12,928 pages of 4 words; the page draws at most 4,097 per side; using items=31/,
    );
    expect(scenario.items).toBe(31);
    expect(parseScenario(formatScenario(scenario)).errors).toEqual([]);
  });

  it('2. scripts obey the page, size and step limits, checked before running them', () => {
    const inserts = (n: number) => Array.from({ length: n }, (_, i) => `i ${i}`).join(', ');
    const wide = parseScenario(
      `workload=script&left=treap&right=treap&node=4096&page=4&ops=${encodeURIComponent(inserts(1000))}`,
    );
    expect(wide.errors[0].message).toMatch(/spans 128,128 pages.*using the default script/);
    const list = parseScenario(
      `workload=script&left=list&right=list&ops=${encodeURIComponent(inserts(20_000))}`,
    );
    expect(list.errors[0].message).toMatch(
      /holds up to 20,000 items at once; the page animates at most 2,048/,
    );
    const heap = parseScenario(`workload=script&page=4&ops=${encodeURIComponent(inserts(20_000))}`);
    expect(heap.errors[0].message).toMatch(/at most 16,384/);
    for (const parsed of [wide, list, heap]) {
      expect(runLimitProblem(animatedRun(parsed.scenario))).toBeNull();
    }
  });

  it('3. a long script travels packed in the fragment, and reads back; old links still read', () => {
    const ops = Array.from({ length: 3000 }, (_, i) => `i ${(i * 7919) % 100_003}`).join(', ');
    const { scenario, errors } = parseScenario(`workload=script&ops=${encodeURIComponent(ops)}`);
    expect(errors).toEqual([]);
    const written = formatScenario(scenario);
    const [query, fragment] = written.split('#');
    expect(query.length).toBeLessThan(1000);
    expect(query).not.toContain('ops=');
    expect(fragment).toMatch(/^opsz=[A-Za-z0-9_-]+$/);
    expect(parseScenario(`?${written}`).scenario.ops).toBe(ops);
    // Short scripts stay readable in the query.
    const short = formatScenario({ ...scenario, ops: 'i 5, i 3, pop' });
    expect(short).toContain('ops=i+5%2C+i+3%2C+pop');
    expect(short).not.toContain('#');
    expect(ops.length).toBeGreaterThan(QUERY_TEXT_MAX_CHARS);
    // A version 1 link with its script in the query reads as it always did.
    expect(parseScenario(`v=1&workload=script&ops=${encodeURIComponent(ops)}`).errors).toEqual([]);
  });

  it('3b. a broken packed script is named and falls back', () => {
    for (const bad of ['!!!', 'AAAA', 'x'.repeat(5)]) {
      const { scenario, errors } = parseScenario(`workload=script#opsz=${bad}`);
      expect(errors[0].param).toBe('opsz');
      expect(scenario.ops).toBe(parseScenario('').scenario.ops);
    }
  });

  it('4. a right-to-left override in a value is shown, not obeyed', () => {
    const { errors } = parseScenario('seed=%E2%80%AE12345');
    expect(errors[0].message).toBe(
      'seed must be an integer from 0 to 4294967295, got "<U+202E>12345"; using 1',
    );
  });

  it('5. odd numerals are refused with the plain form, never read quietly', () => {
    const { scenario, errors } = parseScenario('items=08&page=04&seed=-0&keys=%205&ssizes=1_000');
    expect(errors.map((error) => error.param)).toEqual(['items', 'page', 'seed', 'keys', 'ssizes']);
    expect(errors[0].message).toContain('items must be written in plain digits, as 8');
    expect(errors[4].message).toContain('as 1000');
    expect(scenario.items).toBe(48);
  });

  it('the curves: a sweep that would not fit a worker names the parameters and runs the most items that fit', () => {
    const { scenario, errors } = parseScenario('cleft=treap&cnode=4096&cpage=4&citems=16777216');
    expect(errors.map((error) => error.param)).toEqual(['citems']);
    expect(errors[0].message).toMatch(
      /citems: 16777216 items, 4096-byte nodes at 4 per page would need about .* GiB in a sweep worker; the page allows 1 GiB; using \d+ items/,
    );
    expect(fitCurvesMemory(scenario.curves).message).toBeNull();
    expect(
      fitCurvesMemory({ ...scenario.curves, items: scenario.curves.items + 1 }).message,
    ).not.toBeNull();
    expect(parseScenario(formatScenario(scenario)).errors).toEqual([]);
    // The article's run and the largest heap sweep fit.
    expect(parseScenario('citems=16777216&cpage=4').errors).toEqual([]);
  });

  it('5b. the node range is the one stated everywhere, whichever structures are on the sides', () => {
    expect(parseScenario('node=7').errors[0].message).toMatch(
      /node \(bytes per node\) must be a multiple of 8 from 32 \(it applies only when a side holds a pointer structure\) to 4096/,
    );
    expect(parseScenario('left=llrb&node=32').errors[0].message).toMatch(
      /from 40 \(the Left-leaning RB tree's/,
    );
  });
});
