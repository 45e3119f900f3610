import { describe, expect, it } from 'vitest';
import { ARTICLE_PAGES } from '../../../src/core/experiments/article';
import {
  heldAgreement,
  kernelSeries,
  ratioRanges,
  timesRange,
} from '../../../src/core/experiments/osKernelSeries';
import { unpackCurve } from '../../../src/core/experiments/shipped';
import { SHIPPED_CURVES } from '../../../src/core/experiments/shippedCurves.generated';
import { shippedOsKernel } from '../../../src/core/experiments/shippedOsKernel';
import { formatCount } from '../../../src/core/explain/numbers';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { parseScenario } from '../../../src/core/scenario/parse';
import { scenarioPages } from '../../../src/core/scenario/scenario';
import { TOUR_LIMITS } from '../../../src/core/scenario/tourFormat';

describe("the article's tour", () => {
  const scenes = ARTICLE_TOUR.scenes.map((scene) => ({ scene, parsed: parseScenario(scene.link) }));

  it('has the thirteen scenes the lecture needs, in the article’s order, the real kernel last', () => {
    expect(scenes.map(({ scene }) => scene.source.split(':')[0])).toEqual([
      'The article',
      'Figure 5',
      'Figure 6',
      'The article',
      'The article',
      'The article',
      'Figure 1',
      'Figure 2',
      'Figure 3',
      'Figure 4',
      'The Asterisk review (Review Request #160)',
      'The article',
      'Measured on this project’s machine (docs/kernel.md)',
    ]);
  });

  it('every scene is a link the page reads with no message, and a caption of one to three sentences', () => {
    for (const { scene, parsed } of scenes) {
      expect(parsed.errors, scene.title).toEqual([]);
      expect(scene.caption.length).toBeLessThanOrEqual(TOUR_LIMITS.captionChars);
      const sentences = scene.caption.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
      expect(sentences, scene.title).toBeGreaterThanOrEqual(1);
      expect(sentences, scene.title).toBeLessThanOrEqual(3);
    }
  });

  it('says what its scenes show: 48 items in 7 pages, 3 resident under pressure, the readouts where the figures point', () => {
    const animated = scenes[1].parsed.scenario;
    expect(animated.items).toBe(48);
    expect(scenarioPages(animated)).toBe(7);
    expect(scenes[5].parsed.scenario.frames).toBe(3);
    expect(scenes[5].scene.caption).toContain('3 of the 7 pages');
    // Figure 2 and the claim read at 9 resident pages; Figures 3 and 4 four and one pages missing.
    expect(scenes[0].parsed.scenario.curves.readout).toBe(9);
    expect(scenes[7].parsed.scenario.curves.readout).toBe(9);
    expect(scenes[8].parsed.scenario.curves.readout).toBe(ARTICLE_PAGES - 4);
    expect(scenes[9].parsed.scenario.curves.readout).toBe(ARTICLE_PAGES - 1);
    expect(scenes[9].parsed.scenario.curves.ioMs).toBe(10);
    // The last scene is the article's own run, at a pop in the middle of it.
    const run = scenes[11].parsed.scenario;
    expect([run.items, run.itemsPerPage, run.frames, run.keys]).toEqual([
      1_000_000,
      512,
      9,
      2 ** 31,
    ]);
    expect(run.op).toBe(2_000_001);
  });

  it('ends on the real kernel: the machine tab with the shipped measurement first, its caption quoting it', () => {
    const { scene, parsed } = scenes[12];
    expect(scene.title).toBe('A real kernel agrees');
    expect(parsed.scenario.panel).toBe('machine');
    expect(parsed.scenario.machine.part).toBe('kernel');
    const report = shippedOsKernel();
    const { pagesRead, wallTime } = ratioRanges(report.ratios);
    expect(pagesRead).not.toBeNull();
    expect(wallTime).not.toBeNull();
    expect(scene.caption).toContain(`fewer pages`);
    expect(scene.caption).toContain(`${timesRange(pagesRead ?? [0, 0])} fewer pages`);
    expect(scene.caption).toContain(`finished ${timesRange(wallTime ?? [0, 0])} sooner`);
    const rooms = report.ratios.map((ratio) => ratio.memoryPages);
    expect(scene.caption).toContain(
      `${formatCount(Math.min(...rooms))} to ${formatCount(Math.max(...rooms))} pages of room`,
    );
    // "Within about 1%": the B-heap's reads against the model's LRU at the pages its array held.
    const curves = Object.fromEntries(
      SHIPPED_CURVES.map((curve) => [curve.layout, unpackCurve(curve).pageIns]),
    );
    const bheap = kernelSeries(report, curves).find((s) => s.layout === 'bheap');
    const held = bheap === undefined ? null : heldAgreement(bheap);
    expect(held).not.toBeNull();
    expect(held ?? 1).toBeLessThan(0.015);
    expect(scene.caption).toContain(
      'within about 1% of the model’s LRU at the pages the array held for the B-heap',
    );
  });
});
