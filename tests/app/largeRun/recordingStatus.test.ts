import { describe, expect, it } from 'vitest';
import { recordingText } from '../../../src/app/largeRun/recordingStatus';
import type { PartialRecording } from '../../../src/core/replay/partialRecording';

const partial = (counted: number, operations: number) =>
  ({ counted, ops: { length: operations } }) as unknown as PartialRecording;

describe('recordingText', () => {
  it('says 0% before the recorders have begun', () => {
    expect(recordingText(1_000_000, null)).toBe(
      'Recording the run of 1,000,000 items in two workers… 0%',
    );
  });

  it('says the share recorded, rounded down, and the operation reached, grouped by thousands', () => {
    expect(recordingText(1_000_000, partial(1_639_999, 4_000_000))).toBe(
      'Recording the run of 1,000,000 items in two workers… 40% (operation 1,639,999 of 4,000,000)',
    );
  });
});
