// The page grid's cells grouped by fill style: buckets by state and LRU shade, in page order.

import { describe, expect, it } from 'vitest';
import {
  BUCKET_COUNT,
  BUCKET_OUT,
  BUCKET_RESIDENT,
  BUCKET_UNTOUCHED,
  FillOrder,
} from '../../../src/view/pages/fillOrder';
import { GridSnapshot } from '../../../src/view/pages/snapshot';
import { sampleView } from './sampleView';

describe('FillOrder', () => {
  it('groups pages by fill bucket, in page order within a bucket, and counts dirty and out', () => {
    const snapshot = new GridSnapshot();
    snapshot.update(sampleView());
    const fills = new FillOrder();
    fills.sort(snapshot, 6);
    expect(fills.dirty).toBe(1);
    expect(fills.out).toBe(1);
    const bucket = (b: number) => [...fills.order.subarray(fills.starts[b], fills.starts[b + 1])];
    expect(bucket(BUCKET_UNTOUCHED)).toEqual([3, 4, 5]);
    expect(bucket(BUCKET_OUT)).toEqual([1]);
    // Two resident pages: rank 1 takes the first shade, rank 2 the last.
    expect(bucket(BUCKET_RESIDENT)).toEqual([2]);
    expect(bucket(BUCKET_COUNT - 1)).toEqual([0]);
    expect(fills.starts[BUCKET_COUNT]).toBe(6);
  });

  it('classifies without sorting: the same buckets, starts and counts as sort', () => {
    const snapshot = new GridSnapshot();
    snapshot.update(sampleView());
    const sorted = new FillOrder();
    sorted.sort(snapshot, 6);
    const classified = new FillOrder();
    classified.classify(snapshot, 6);
    expect([...classified.buckets]).toEqual([...sorted.buckets]);
    expect([...classified.starts]).toEqual([...sorted.starts]);
    expect([classified.dirty, classified.out]).toEqual([sorted.dirty, sorted.out]);
    expect([...classified.buckets.subarray(0, 2)]).toEqual([BUCKET_COUNT - 1, BUCKET_OUT]);
  });
});
