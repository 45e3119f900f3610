import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../src/app/browser/loadOnce';

describe('loadOnce', () => {
  it('loads at the first ask and shares that load with every later ask', async () => {
    let loads = 0;
    const get = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get()]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('loads afresh at the next ask after a load failed, and keeps a load that succeeded', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return loads;
    });
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(loads).toBe(2);
  });

  it('shares a failing load with the asks made while it was under way', async () => {
    let loads = 0;
    let fail: (error: Error) => void = () => {};
    const get = loadOnce(() => {
      loads++;
      return new Promise<number>((_, reject) => {
        fail = reject;
      });
    });
    const first = get();
    const second = get();
    fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');
    expect(loads).toBe(1);
  });
});
