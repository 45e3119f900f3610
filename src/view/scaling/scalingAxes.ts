// The scaling chart's words on its log-log axes: N, and time per add, delete or both.

import {
  formatItems,
  formatSecondsTick,
  QUANTITY_LABELS,
  type ScalingQuantity,
} from '../../core/experiments/scalingSeries';
import type { LogLogWords } from '../charts/logLogAxes';

export function scalingAxisWords(quantity: ScalingQuantity): LogLogWords {
  return {
    xTick: formatItems,
    yTick: formatSecondsTick,
    xLabel: 'N, items in the queue (log scale)',
    yLabel: `time per ${QUANTITY_LABELS[quantity]} (log scale)`,
  };
}
