import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { animationKey, formatScenario } from '../../../src/core/scenario/format';
import { parseScenario } from '../../../src/core/scenario/parse';
import {
  checkScript,
  DEFAULT_SCENARIO,
  PAGE_MAX_HEAP_ITEMS,
  type Scenario,
  scenarioPages,
} from '../../../src/core/scenario/scenario';

const validScenario: fc.Arbitrary<Scenario> = fc
  .record({
    items: fc.integer({ min: 1, max: 3000 }),
    pageShift: fc.integer({ min: 2, max: 12 }),
    framesFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    ioMs: fc.constantFrom(0, 0.5, 1, 10, 250),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    workload: fc.constantFrom('phk' as const, 'expiry' as const),
    keys: fc.integer({ min: 2, max: 2 ** 31 }),
    step: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant('end' as const)),
    panel: fc.constantFrom('step' as const, 'curves' as const),
  })
  .map((r) => {
    const base: Scenario = {
      ...DEFAULT_SCENARIO,
      items: r.items,
      itemsPerPage: 2 ** r.pageShift,
      ioMs: r.ioMs,
      seed: r.seed,
      workload: r.workload,
      keys: r.keys,
      step: r.step,
      panel: r.panel,
    };
    const pages = scenarioPages(base);
    return { ...base, frames: 1 + Math.floor(r.framesFraction * (pages - 1)) };
  });

describe('parseScenario', () => {
  it('fills in every default for an empty link', () => {
    const parsed = parseScenario('');
    expect(parsed.errors).toEqual([]);
    expect(parsed.scenario).toEqual(DEFAULT_SCENARIO);
  });

  it('reads back exactly what formatScenario wrote, for any valid scenario', () => {
    fc.assert(
      fc.property(validScenario, (scenario) => {
        const parsed = parseScenario(`?${formatScenario(scenario)}`);
        expect(parsed.errors).toEqual([]);
        expect(parsed.scenario).toEqual(scenario);
      }),
      { numRuns: 200 },
    );
  });

  it('names each bad parameter with its valid range and keeps the rest of the link', () => {
    const parsed = parseScenario(
      'items=abc&page=500&frames=0&seed=-4&io=fast&workload=nope&keys=1&seedling=3&step=x',
    );
    const byParam = new Map(parsed.errors.map((error) => [error.param, error.message]));
    expect(byParam.get('items')).toMatch(/items must be an integer from 1 to 1048576, got "abc"/);
    expect(byParam.get('page')).toMatch(/power of two from 4 to 4096, got "500"/);
    expect(byParam.get('frames')).toMatch(/frames must be an integer from 1 to \d+/);
    expect(byParam.get('seed')).toMatch(/seed must be an integer from 0 to 4294967295/);
    expect(byParam.get('io')).toMatch(/io \(ms per transfer\) must be a number from 0 to 1000/);
    expect(byParam.get('workload')).toMatch(
      /workload must be one of phk, expiry, asterisk, script/,
    );
    expect(byParam.get('keys')).toMatch(/keys must be an integer from 2 to 2147483648/);
    expect(byParam.get('seedling')).toMatch(/unknown parameter "seedling"/);
    expect(byParam.get('step')).toMatch(
      /step must be a whole number of steps \(plain digits\) or "end"/,
    );
    expect(parsed.scenario).toEqual(DEFAULT_SCENARIO);
  });

  it('applies the good parameters of a link that also has bad ones', () => {
    const parsed = parseScenario('items=30&page=16&frames=999&seed=5');
    expect(parsed.scenario.items).toBe(30);
    expect(parsed.scenario.itemsPerPage).toBe(16);
    expect(parsed.scenario.seed).toBe(5);
    expect(parsed.errors.map((error) => error.param)).toEqual(['frames']);
    expect(parsed.scenario.frames).toBeLessThanOrEqual(scenarioPages(parsed.scenario));
  });

  it('refuses heaps too large to animate instead of attempting them', () => {
    const parsed = parseScenario(`items=${PAGE_MAX_HEAP_ITEMS + 1}`);
    expect(parsed.errors[0].message).toContain('use the command line');
    expect(parsed.scenario.items).toBe(DEFAULT_SCENARIO.items);
  });

  it('takes the article’s own run for two heaps, and names OPT past its limit', () => {
    const article = parseScenario('items=1000000&page=512&frames=9&keys=2147483648');
    expect(article.errors).toEqual([]);
    expect(article.scenario.items).toBe(1_000_000);
    expect(parseScenario('items=100000&page=64&policy=clock').errors).toEqual([]);
    const opt = parseScenario('items=100000&page=64&policy=opt');
    expect(opt.errors.map((error) => error.message)).toEqual([
      "items=100000, policy=opt, left=binary, right=bheap: 100,000 items; the page animates at most 16,384 with these structures (up to 1,048,576 under LRU, FIFO or CLOCK: OPT keeps the whole run's future); using items=16384, the most that fit",
    ]);
    const mixed = parseScenario('items=100000&left=treap');
    expect(mixed.errors[0].message).toMatch(/^items must be an integer from 1 to 16384/);
    // Small pages: the grid draws the 250,001 pages a pixel each (or several to a cell).
    const small = parseScenario('items=1000000&page=4');
    expect(small.errors).toEqual([]);
    expect(small.scenario.items).toBe(1_000_000);
  });

  it('keeps markup in a parameter as plain text in its message', () => {
    const parsed = parseScenario('items=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(parsed.errors[0].message).toContain('"<img src=x onerror=alert(1)>"');
  });

  it('reports a repeated parameter and uses its first value', () => {
    const parsed = parseScenario('seed=3&seed=4');
    expect(parsed.scenario.seed).toBe(3);
    expect(parsed.errors[0].message).toContain('more than once');
  });

  it('takes step=end and a custom script', () => {
    const parsed = parseScenario('workload=script&ops=i%207,%20i%202,%20pop&step=end');
    expect(parsed.errors).toEqual([]);
    expect(parsed.scenario.step).toBe('end');
    expect(parsed.scenario.ops).toBe('i 7, i 2, pop');
  });

  it('refuses a script that deletes a slot the heap does not have', () => {
    const parsed = parseScenario('workload=script&ops=i%207,%20del%203');
    expect(parsed.errors[0].param).toBe('ops');
    expect(parsed.errors[0].message).toContain('slot must be from 1 to 1');
  });

  it('reads the curve parameters, with a preset filling what the link leaves out', () => {
    const parsed = parseScenario('preset=fig4&cunit=pages&cmode=transfers');
    expect(parsed.errors).toEqual([]);
    expect(parsed.scenario.curves).toMatchObject({
      preset: 'fig4',
      ioMs: 10,
      unit: 'pages',
      mode: 'transfers',
      items: 1_000_000,
    });
  });

  it('refuses curve parameters out of range', () => {
    const parsed = parseScenario('citems=99999999&cpage=3&ccpu=gpu&cfrom=50&cto=20');
    const params = parsed.errors.map((error) => error.param);
    expect(params).toEqual(expect.arrayContaining(['citems', 'cpage', 'ccpu', 'cto']));
    expect(parsed.errors.find((error) => error.param === 'citems')?.message).toContain(
      'from 1 to 16777216',
    );
    expect(parsed.scenario.curves.from).toBeNull();
  });

  it('names an operation past the last and clamps it, so the link written back opens clean', () => {
    const past = parseScenario('?items=48&op=100000');
    expect(past.scenario.op).toBe(192);
    expect(past.errors.map((error) => error.param)).toEqual(['op']);
    expect(past.errors[0].message).toContain('got 100000; using 192');
    const again = parseScenario(`?${formatScenario({ ...past.scenario, op: past.scenario.op })}`);
    expect(again.errors).toEqual([]);
    expect(again.scenario.op).toBe(192);
    const asterisk = parseScenario('?workload=asterisk&items=50&op=101');
    expect(asterisk.scenario.op).toBe(100);
    const article = parseScenario('?items=1000000&page=512&frames=9&keys=2147483648&op=4000001');
    expect(article.scenario.op).toBe(4_000_000);
    expect(parseScenario('?items=48&op=abc').scenario.op).toBeNull();
  });

  it('gives scenarios that differ only in cursor or curves the same animation key', () => {
    const a = parseScenario('items=30&step=5&preset=fig2').scenario;
    const b = parseScenario('items=30&step=90&panel=curves').scenario;
    const c = parseScenario('items=31').scenario;
    expect(animationKey(a)).toBe(animationKey(b));
    expect(animationKey(a)).not.toBe(animationKey(c));
  });
});

describe('structures on the sides', () => {
  it('reads left, right and node from a link and writes them back', () => {
    const { scenario, errors } = parseScenario('left=treap&right=list&node=64&items=30');
    expect(errors).toEqual([]);
    expect([scenario.left, scenario.right, scenario.nodeBytes]).toEqual(['treap', 'list', 64]);
    const again = parseScenario(formatScenario(scenario));
    expect(again.scenario).toEqual(scenario);
    expect(formatScenario(scenario)).toContain('left=treap&right=list&node=64');
  });

  it('puts the strict B-heap on either side of the curves', () => {
    const { scenario, errors } = parseScenario('cleft=bheap-strict&cright=bheap');
    expect(errors).toEqual([]);
    expect([scenario.curves.left, scenario.curves.right]).toEqual(['bheap-strict', 'bheap']);
    expect(parseScenario(formatScenario(scenario)).scenario).toEqual(scenario);
    expect(parseScenario('cright=bheap-strict').scenario.curves.right).toBe('bheap-strict');
  });

  it('reads the strict B-heap from a link, and writes it back the same', () => {
    const link = 'left=bheap-strict&right=bheap';
    const first = parseScenario(link);
    expect(first.errors).toEqual([]);
    expect([first.scenario.left, first.scenario.right]).toEqual(['bheap-strict', 'bheap']);
    const written = formatScenario(first.scenario);
    expect(written).toContain('left=bheap-strict');
    const again = parseScenario(written);
    expect(again.errors).toEqual([]);
    expect(again.scenario).toEqual(first.scenario);
    expect(parseScenario('right=bheap-strict').scenario.right).toBe('bheap-strict');
  });

  it('fits a strict B-heap too wide for the page grid under OPT to the most items that fit, and says so', () => {
    // Under LRU the grid takes it (a large run's page cap); OPT keeps a cell a page.
    expect(parseScenario('left=bheap-strict&right=bheap&page=4&items=16384').errors).toEqual([]);
    const { scenario, errors } = parseScenario(
      'left=bheap-strict&right=bheap&page=4&items=16384&policy=opt',
    );
    expect(scenario.items).toBe(8195);
    expect(errors.map((error) => error.message)).toEqual([
      "items=16384, page=4, left=bheap-strict, right=bheap: the left side's Strict B-heap spans 8,192 pages of 4 words; the page draws at most 4,097 per side; using items=8195, the most that fit",
    ]);
  });

  it('names a bad structure or node size with what is allowed, and falls back', () => {
    const { scenario, errors } = parseScenario('left=splay&right=rb&node=40');
    const byParam = new Map(errors.map((error) => [error.param, error.message]));
    expect(byParam.get('left')).toMatch(
      /left must be one of list, binary, bheap, bheap-strict, dary4/,
    );
    expect(byParam.get('node')).toMatch(
      /node \(bytes per node\) must be a multiple of 8 from 48 \(the Red-black tree's key, item and 4 links\) to 4096, got "40"/,
    );
    expect([scenario.left, scenario.right, scenario.nodeBytes]).toEqual(['binary', 'rb', 48]);
  });

  it('keeps a list side small and an 8-ary heap on pages of at least 8 slots', () => {
    const list = parseScenario('left=list&items=5000');
    expect(list.errors[0].message).toMatch(/items must be an integer from 1 to 2048/);
    const dary = parseScenario('right=dary8&page=4');
    expect(dary.scenario.itemsPerPage).toBe(8);
    expect(dary.errors[0].message).toMatch(/needs at least 8 items per page/);
  });

  it('refuses a script that names a node a pointer side has freed', () => {
    const base = parseScenario('workload=script&ops=i 5, i 3, i 9, pop, del 2').scenario;
    expect(checkScript(base)).toBeNull(); // two heaps: slot 2 holds an item
    const tree = { ...base, right: 'treap' as const };
    // pop freed node 2 (key 3): the treap holds nodes 1 and 3.
    expect(checkScript(tree)?.message).toMatch(
      /operation 5 \(del 2\) cannot run on the right side's Treap \(scripts name its nodes\)/,
    );
  });
});

describe('scaling tab parameters', () => {
  it('round-trip through a link, and leave the animation alone', () => {
    const query =
      'panel=scaling&skinds=list,rb,dary8&ssizes=100,2000,30000&squant=delete&sover=none&smeasure=1';
    const { scenario, errors } = parseScenario(query);
    expect(errors).toEqual([]);
    expect(scenario.scaling).toEqual({
      kinds: ['list', 'dary8', 'rb'],
      sizes: [100, 2000, 30_000],
      quantity: 'delete',
      overhead: 'none',
      measure: true,
    });
    expect(parseScenario(formatScenario(scenario)).scenario).toEqual(scenario);
    expect(animationKey(scenario)).toBe(
      animationKey({ ...scenario, scaling: DEFAULT_SCENARIO.scaling }),
    );
  });

  it('take the strict B-heap when asked, but leave it out of the default set', () => {
    const { scenario, errors } = parseScenario('panel=scaling&skinds=bheap-strict,bheap');
    expect(errors).toEqual([]);
    expect(scenario.scaling.kinds).toEqual(['bheap', 'bheap-strict']);
    expect(parseScenario(formatScenario(scenario)).scenario).toEqual(scenario);
    // The default stays every structure but the 8-ary heap (and the strict B-heap).
    expect(DEFAULT_SCENARIO.scaling.kinds).toEqual([
      'list',
      'binary',
      'bheap',
      'dary4',
      'treap',
      'llrb',
      'rb',
    ]);
  });

  it('name a bad structure, size list or choice with what is allowed, each falling back alone', () => {
    const { scenario, errors } = parseScenario(
      'skinds=list,splay&ssizes=10,x&squant=median&sover=review&smeasure=yes',
    );
    const byParam = new Map(errors.map((error) => [error.param, error.message]));
    expect(byParam.get('skinds')).toMatch(
      /skinds must list structures from list, binary.*got "splay"/,
    );
    expect(byParam.get('ssizes')).toMatch(/ssizes: each N must be an integer/);
    expect(byParam.get('squant')).toMatch(/squant must be one of total, add, delete/);
    expect(byParam.get('smeasure')).toMatch(/smeasure must be one of 0, 1/);
    expect(scenario.scaling).toEqual(DEFAULT_SCENARIO.scaling);
  });
});

describe('scripts a side cannot run', () => {
  it('are refused by the link parser, which falls back to the default script', () => {
    const { scenario, errors } = parseScenario(
      'left=binary&right=treap&workload=script&ops=i 5, i 3, i 9, pop, del 2',
    );
    expect(errors.map((error) => error.param)).toEqual(['ops']);
    expect(errors[0].message).toMatch(
      /operation 5 \(del 2\) cannot run on the right side's Treap.*; using the default script$/,
    );
    expect(scenario.ops).toBe(DEFAULT_SCENARIO.ops);
  });

  it('the default script, the first fallback, runs on every pair but the d-ary heaps', () => {
    const kinds = ['list', 'binary', 'bheap', 'bheap-strict', 'treap', 'llrb', 'rb'] as const;
    for (const left of kinds) {
      for (const right of kinds) {
        const scenario = { ...DEFAULT_SCENARIO, workload: 'script' as const, left, right };
        expect(checkScript(scenario), `${left}/${right}`).toBeNull();
      }
    }
    // A 4-ary heap's slots start at 3: "re 2 1" names none of them.
    const dary = { ...DEFAULT_SCENARIO, workload: 'script' as const, left: 'dary4' as const };
    expect(checkScript(dary)?.message).toMatch(
      /\(re 2 1\) cannot run on the left side's 4-ary heap/,
    );
  });

  it('fall back to the default workload where the default script does not fit either', () => {
    const { scenario, errors } = parseScenario('left=dary4&workload=script&ops=i 9, del 1');
    expect(errors.map((error) => error.param)).toEqual(['ops']);
    expect(errors[0].message).toMatch(
      /operation 2 \(del 1\) cannot run on the left side's 4-ary heap.*so using the phk workload$/,
    );
    expect(scenario.workload).toBe('phk');
  });
});
