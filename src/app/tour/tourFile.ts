// A tour file opened in the editor, read without holding the page: its form is checked at once,
// then each scene's link is read in full in a task of its own (a scene may carry a 20,000-
// operation script), so a file of 64 long scenes, or of hostile ones, never blocks the main
// thread for long. Any problem refuses the whole file; the tour on screen is kept.

import { quote } from '../../core/quote';
import { parseTourJson, type Tour } from '../../core/scenario/tourFormat';
import { sceneLinkProblem } from './tours';

/** The largest tour file read (a tour of 64 scenes with long scripts is a few MB). */
const TOUR_FILE_MAX_BYTES = 4 * 2 ** 20;
/** As many problems as a file's refusal names, as parseTourJson names. */
const PROBLEMS_NAMED = 5;

type TourFileRead = { ok: true; tour: Tour } | { ok: false; message: string };

/**
 * Reads and checks a tour file; null once `current` says the read is no longer wanted (another
 * file opened meanwhile). `checking` is told the scenes to read once the form is right.
 */
export async function readTourFile(
  file: File,
  checking: (scenes: number) => void,
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
  // Every link is read below, one a task (a file's 4 MB of links, even their names, take a while).
  const parsed = parseTourJson(text, () => null);
  if (!parsed.ok) return refused(parsed.errors);
  const { scenes } = parsed.tour;
  checking(scenes.length);
  const problems: string[] = [];
  for (let index = 0; index < scenes.length && problems.length < PROBLEMS_NAMED; index++) {
    // One scene a task: the page paints and answers between them.
    await nextTask();
    if (!current()) return null;
    const problem = sceneLinkProblem(scenes[index].link);
    if (problem !== null) problems.push(`scene ${index + 1}'s link: ${problem}`);
  }
  return problems.length > 0 ? refused(problems) : parsed;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}
