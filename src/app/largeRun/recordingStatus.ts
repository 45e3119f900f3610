// How the status line words a large run's recording under way (pure).

import { formatCount } from '../../core/explain/numbers';
import type { PartialRecording } from '../../core/replay/partialRecording';

/** "Recording the run of 1,000,000 items in two workers… 41% (operation 1,640,000 of 4,000,000)". */
export function recordingText(items: number, recording: PartialRecording | null): string {
  const run = `Recording the run of ${formatCount(items)} items in two workers…`;
  if (recording === null) return `${run} 0%`;
  const operations = recording.ops.length;
  const share = Math.floor((recording.counted / Math.max(1, operations)) * 100);
  return `${run} ${share}% (operation ${formatCount(recording.counted)} of ${formatCount(operations)})`;
}
