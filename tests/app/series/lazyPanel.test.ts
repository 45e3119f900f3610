import { describe, expect, it, vi } from 'vitest';
import { LazyPanel } from '../../../src/app/series/lazyPanel';
import type { SeriesPanelHandle } from '../../../src/app/series/panelHandle';

/** A panel that writes down what it was told. */
function fakePanel(): SeriesPanelHandle<number> & { told: string[] } {
  const told: string[] = [];
  return {
    told,
    activate: () => told.push('activate'),
    deactivate: () => told.push('deactivate'),
    setSettings: (settings) => told.push(`settings ${settings}`),
  };
}

/** Lets the panel's load (started in a task of its own) and its answer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('LazyPanel', () => {
  it('loads its code in a later task, not in the one that showed the tab', async () => {
    const panel = fakePanel();
    const load = vi.fn(async () => panel);
    const lazy = new LazyPanel(load, () => undefined);
    lazy.activate();
    expect(load).not.toHaveBeenCalled();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(lazy.built).toBe(panel);
  });

  it('tells the built panel the last settings and whether its tab is shown, once', async () => {
    const panel = fakePanel();
    const load = vi.fn(async () => panel);
    const lazy = new LazyPanel(load, () => undefined);
    lazy.setSettings(1);
    lazy.activate();
    lazy.setSettings(2);
    lazy.deactivate();
    lazy.activate();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(panel.told).toEqual(['settings 2', 'activate']);
  });

  it('a prefetched panel is built but not shown', async () => {
    const panel = fakePanel();
    const lazy = new LazyPanel(
      async () => panel,
      () => undefined,
    );
    lazy.prefetch();
    await settle();
    expect(lazy.built).toBe(panel);
    expect(panel.told).toEqual([]);
  });

  it('says why a load failed and tries again the next time the tab is shown', async () => {
    const panel = fakePanel();
    const load = vi
      .fn<() => Promise<typeof panel>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(panel);
    const failed = vi.fn();
    const lazy = new LazyPanel(load, failed);
    lazy.activate();
    await settle();
    expect(failed).toHaveBeenCalledWith(expect.stringContaining('offline'));
    expect(lazy.built).toBeNull();
    lazy.activate();
    await settle();
    expect(lazy.built).toBe(panel);
    expect(panel.told).toEqual(['activate']);
  });
});
