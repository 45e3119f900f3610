// Builds scaling series for the chart's tests from plain [N, seconds] pairs.

import type { ScalingSeries, ScalingSource } from '../../../src/core/experiments/scalingSeries';
import type { StructureKind } from '../../../src/core/structures/registry';
import type { ScalingChartData } from '../../../src/view/scaling/scalingData';

export function line(
  kind: StructureKind,
  points: [number, number][],
  source: ScalingSource = 'model',
): ScalingSeries {
  return { kind, source, points: points.map(([items, seconds]) => ({ items, seconds })) };
}

export function chartData(
  model: ScalingSeries[],
  measured: ScalingSeries[] = [],
  showMeasured = measured.length > 0,
): ScalingChartData {
  return {
    model,
    measured,
    showMeasured,
    quantity: 'add',
    sizes: [100, 1000, 10000],
    title: 'Time per add against N',
    caption: 'N adds, then N deletes',
  };
}
