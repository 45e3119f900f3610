// A kept large run is shown again only for a scenario its recording answers.
import { describe, expect, it } from 'vitest';
import { recordingKey } from '../../../src/app/largeRun/recordingKey';
import { parseScenario } from '../../../src/core/scenario/parse';

const key = (query: string): string => recordingKey(parseScenario(query).scenario);
const ARTICLE = 'items=1000000&page=512&keys=2147483648';

describe('recordingKey', () => {
  it('is the same whatever the step, operation, panel or, under LRU, frame count', () => {
    const base = key(`${ARTICLE}&frames=9`);
    expect(key(`${ARTICLE}&frames=9&op=2000001`)).toBe(base);
    expect(key(`${ARTICLE}&frames=9&step=end&panel=curves`)).toBe(base);
    expect(key(`${ARTICLE}&frames=40`)).toBe(base);
  });

  it('differs when the recording would: sizes, structures, workload, policy, and frames under CLOCK', () => {
    const base = key(`${ARTICLE}&frames=9`);
    const changes = [
      'items=1000000&page=256&keys=2147483648',
      'items=999999&page=512&keys=2147483648',
      'items=1000000&page=512&keys=1000',
    ];
    for (const query of changes) expect(key(`${query}&frames=9`), query).not.toBe(base);
    for (const change of ['&left=bheap-strict', '&seed=2', '&policy=clock', '&io=10']) {
      expect(key(`${ARTICLE}&frames=9${change}`), change).not.toBe(base);
    }
    expect(key(`${ARTICLE}&frames=9&policy=clock`)).not.toBe(
      key(`${ARTICLE}&frames=40&policy=clock`),
    );
  });
});
