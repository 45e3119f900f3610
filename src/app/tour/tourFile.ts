// A tour file opened in the editor, read without holding the page: its form and each scene's
// link (a scene may carry a 20,000-operation script) are checked in the link worker, so a file
// of 64 long scenes, or of hostile ones, never blocks the main thread. Any problem refuses the
// whole file; the tour on screen is kept.

import { quote } from '../../core/quote';
import type { Tour } from '../../core/scenario/tourFormat';
import { linkReader } from '../session/linkReader';

/** The largest tour file read (a tour of 64 scenes with long scripts is a few MB). */
const TOUR_FILE_MAX_BYTES = 4 * 2 ** 20;
type TourFileRead = { ok: true; tour: Tour } | { ok: false; message: string };

/**
 * Reads and checks a tour file; null once `current` says the read is no longer wanted (another
 * file opened meanwhile). `checking` is told when the file is being checked.
 */
export async function readTourFile(
  file: File,
  checking: () => void,
  current: () => boolean,
): Promise<TourFileRead | null> {
  const unchanged = 'Your tour is unchanged.';
  if (file.size > TOUR_FILE_MAX_BYTES) {
    return {
      ok: false,
      message: `${quote(file.name)} is ${Math.round(file.size / 2 ** 20)} MB; a tour file is at most 4 MB. ${unchanged}`,
    };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: `${quote(file.name)} could not be read. ${unchanged}` };
  }
  if (!current()) return null;
  const refused = (errors: readonly string[]): TourFileRead => ({
    ok: false,
    message: `${quote(file.name)} is not a tour this page can open: ${errors.join('; ')}. ${unchanged}`,
  });
  checking();
  const reading = await linkReader.readTour(text, true);
  if (reading === null || !current()) return null;
  return reading.read.ok ? reading.read : refused(reading.read.errors);
}
