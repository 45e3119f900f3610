import { describe, expect, it } from 'vitest';
import { activeTour, sceneLink, sceneParsed, sceneScenario } from '../../../src/app/tour/tours';
import { ARTICLE_TOUR } from '../../../src/core/scenario/articleTour';
import { sceneLinkProblem } from '../../../src/core/scenario/linkPrepass';
import { parseScenario } from '../../../src/core/scenario/parse';
import { packTour, type Tour } from '../../../src/core/scenario/tourFormat';

const own: Tour = {
  title: 'Mine',
  scenes: [
    { title: 'Fine', caption: 'Thirty items.', source: '', link: 'v=3&items=30&step=12' },
    { title: 'Odd', caption: 'A bad value.', source: '', link: 'v=3&items=abc&frames=2' },
  ],
};

describe('the tour on the page', () => {
  it('reads the link’s tour once: every redraw gets the same tour', () => {
    const { scenario } = parseScenario(`tour=1#tourz=${packTour(own)}`);
    const tour = activeTour(scenario);
    expect(tour).toEqual(own);
    expect(activeTour({ ...scenario })).toBe(tour);
    expect(activeTour(parseScenario('tour=2').scenario)).toBe(ARTICLE_TOUR);
  });

  it('a scene opens with the messages its own link gives, named when it is shown', () => {
    const pack = packTour(own);
    const tour = activeTour(parseScenario(`#tourz=${pack}`).scenario);
    expect(sceneParsed(tour, 1, pack).errors).toEqual([]);
    const odd = sceneParsed(tour, 2, pack);
    expect(odd.errors.map((error) => error.param)).toEqual(['items']);
    // A teacher's tour names the scene and the tour, so the one to mend is known.
    expect(odd.errors[0].message).toMatch(/^scene 2 \("Odd"\) of the tour "Mine" in tourz: items /);
    expect(odd.scenario).toMatchObject({ items: 48, frames: 2, tour: 2, tourPack: pack });
    expect(sceneLink(tour, 2, pack)).toMatch(/^\?v=3&.*tour=2.*#tourz=/);
  });

  it('a scene opens as the link the page writes for it would open', () => {
    const sparse: Tour = {
      title: 'Sparse',
      scenes: [
        { title: 'Old', caption: 'A version 2 link.', source: '', link: 'v=2&items=20&step=40' },
        { title: 'Bare', caption: 'Almost nothing.', source: '', link: 'panel=curves' },
        { title: 'Long', caption: 'A packed script.', source: '', link: own.scenes[0].link },
      ],
    };
    const pack = packTour(sparse);
    for (const [tour, tourPack] of [
      [ARTICLE_TOUR, null],
      [activeTour(parseScenario(`#tourz=${pack}`).scenario), pack],
    ] as const) {
      tour.scenes.forEach((_, index) => {
        const written = parseScenario(sceneLink(tour, index + 1, tourPack));
        expect(written.errors).toEqual([]);
        expect(sceneParsed(tour, index + 1, tourPack), `scene ${index + 1}`).toEqual(written);
      });
    }
  });

  it('each call gives a copy the page may change', () => {
    const first = sceneScenario(ARTICLE_TOUR, 2, null);
    first.frames = 99;
    first.view.focus = 'right';
    const second = sceneScenario(ARTICLE_TOUR, 2, null);
    expect(second.frames).not.toBe(99);
    expect(second).toEqual(parseScenario(sceneLink(ARTICLE_TOUR, 2, null)).scenario);
  });

  it('a file’s scenes are checked in full: values, and no tour of their own', () => {
    expect(sceneLinkProblem('v=3&items=30')).toBeNull();
    expect(sceneLinkProblem('items=abc')).toMatch(/^items must be an integer/);
    expect(sceneLinkProblem('items=30#tourz=AAAA')).toBe(
      'a scene must not carry a tour (tour, tourz) itself',
    );
  });
});
