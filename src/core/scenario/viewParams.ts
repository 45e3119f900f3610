// The link's parameters about how the page shows a scenario rather than what it runs: where the
// cursor opens (op), tree labels, the side a scene is about, a highlight, the tour and its
// scene, and embedding. Each falls back on its own, with a message naming it.

import { quote } from '../quote';
import { parseIntInRange } from '../ranges';
import { expectedOperations } from '../workloads/workloads';
import { ARTICLE_TOUR } from './articleTour';
import { isKeptTourValue, keptTourId, readLinkTour } from './linkTours';
import { choiceParam, err } from './params';
import { type Scenario, type ScenarioError, scenarioWorkload } from './scenario';

export function parseViewParams(
  get: (name: string) => string | null,
  scenario: Scenario,
  errors: ScenarioError[],
): void {
  const view = { ...scenario.view };
  choiceParam(get, errors, 'tree', ['keys', 'slots'] as const, 'keys', (value) => {
    view.tree = value;
  });
  choiceParam(get, errors, 'focus', ['both', 'left', 'right'] as const, 'both', (value) => {
    view.focus = value;
  });
  choiceParam(get, errors, 'hl', ['none', 'entry'] as const, 'none', (value) => {
    view.highlight = value;
  });
  choiceParam(get, errors, 'subject', ['trees', 'pages'] as const, 'trees', (value) => {
    view.subject = value;
  });
  scenario.view = view;

  const opText = get('op');
  if (opText !== null) {
    // An upper bound: expiry's operations depend on the run (the page clamps to the real count).
    const most = Math.max(1, expectedOperations(scenarioWorkload(scenario)));
    const parsed = parseIntInRange('op', opText, { min: 1, max: Number.MAX_SAFE_INTEGER });
    if (!parsed.ok) errors.push(err('op', `${parsed.error} (an operation number); ignored`));
    else if (get('step') !== null) {
      errors.push(err('op', 'op and step both place the cursor; step is used'));
    } else if (parsed.value > most) {
      // Past the last: named and clamped (docs/links.md), so the link written back opens clean.
      errors.push(
        err(
          'op',
          `op must be from 1 to ${most} for this scenario, got ${parsed.value}; using ${most}`,
        ),
      );
      scenario.op = most;
    } else scenario.op = parsed.value;
  }

  const packed = get('tourz');
  let scenes = ARTICLE_TOUR.scenes.length;
  if (packed !== null) {
    const tour = readLinkTour(packed);
    if (tour.ok) {
      // A kept tour's id is written as the page writes it, whatever case the link used.
      scenario.tourPack = isKeptTourValue(packed) ? keptTourId(packed) : packed;
      scenes = tour.tour.scenes.length;
    } else {
      errors.push(err('tourz', `tourz (a tour): ${tour.errors[0]}; using the article's tour`));
    }
  }
  const tourText = get('tour');
  if (tourText !== null) {
    if (tourText === 'off') scenario.tour = 'off';
    else {
      const parsed = parseIntInRange('tour', tourText, { min: 1, max: scenes });
      if (parsed.ok) scenario.tour = parsed.value;
      else
        errors.push(
          err('tour', `${parsed.error} (a scene of the tour) or "off"; starting at scene 1`),
        );
      if (!parsed.ok) scenario.tour = 1;
    }
  }

  const embed = { ...scenario.embed };
  choiceParam(get, errors, 'embed', ['0', '1'] as const, '0', (value) => {
    embed.on = value === '1';
  });
  if (!embed.on) {
    // The range and the loop belong to the embedded page only.
    for (const name of ['from', 'to', 'loop'] as const) {
      const text = get(name);
      if (text !== null) {
        errors.push(err(name, `${name} applies only with embed=1; ${quote(text, 12)} was ignored`));
      }
    }
    return;
  }
  choiceParam(get, errors, 'loop', ['0', '1'] as const, '0', (value) => {
    embed.loop = value === '1';
  });
  for (const name of ['from', 'to'] as const) {
    const text = get(name);
    if (text === null) continue;
    const parsed = parseIntInRange(name, text, { min: 0, max: Number.MAX_SAFE_INTEGER });
    if (parsed.ok) embed[name] = parsed.value;
    else errors.push(err(name, `${parsed.error} (a step of the embedded range); ignored`));
  }
  if (embed.from !== null && embed.to !== null && embed.from >= embed.to) {
    errors.push(
      err('to', `to must be larger than from (${embed.from}), got ${embed.to}; playing all steps`),
    );
    embed.from = null;
    embed.to = null;
  }
  scenario.embed = embed;
}
