// What the phone's lab promises a student, as DOM measures: a side's sentence on the screen with
// its figure, and a chart tab's chart the width of the screen. Separate from layoutChecks.ts
// (the layout journey's), called by e2e/phone-lab.spec.ts.
import type { Page } from '@playwright/test';

type Box = { top: number; bottom: number; left: number; right: number; width: number };

/** What a side shows of its sentence and its figure, measured against the screen. */
export interface SentenceOnScreen {
  /** The side's own sentence (data-testid side-narration-<side>), as its text. */
  text: string;
  /** The sidebar's sentence for the same side (narration-<side>). */
  sidebarText: string;
  /** Its box, and whether it is shown at all. */
  shown: boolean;
  box: Box | null;
  /** The part of the screen the page's own bars leave (under the header, above the transport). */
  screen: { top: number; bottom: number; width: number };
  /** The side's tree or, failing that, its page grid: the figure the sentence explains. */
  figure: Box | null;
  /** Its computed font size, px. */
  fontSize: number;
}

/** Measures side `side`'s sentence and figure as the page lays them out now. */
export function sentenceOnScreen(page: Page, side: 'left' | 'right'): Promise<SentenceOnScreen> {
  return page.evaluate((name) => {
    const boxOf = (element: Element | null) => {
      if (element === null) return null;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      return {
        top: rect.top,
        bottom: rect.bottom,
        left: rect.left,
        right: rect.right,
        width: rect.width,
      };
    };
    const sentence = document.querySelector(`[data-testid="side-narration-${name}"]`);
    const style = sentence === null ? null : getComputedStyle(sentence);
    const shown =
      sentence !== null &&
      style !== null &&
      style.display !== 'none' &&
      style.visibility !== 'hidden' &&
      sentence.getClientRects().length > 0;
    // A fixed bar at the bottom (the phone's transport) covers what lies under it.
    let bottom = window.innerHeight;
    const transport = document.querySelector('.transport');
    if (transport !== null && getComputedStyle(transport).position === 'fixed') {
      const rect = transport.getBoundingClientRect();
      if (rect.height > 0) bottom = Math.min(bottom, rect.top);
    }
    const tree = boxOf(document.querySelector(`[data-testid="tree-${name}"]`));
    return {
      text: sentence?.textContent ?? '',
      sidebarText: document.querySelector(`[data-testid="narration-${name}"]`)?.textContent ?? '',
      shown,
      box: shown ? boxOf(sentence) : null,
      screen: { top: 0, bottom, width: window.innerWidth },
      figure: tree ?? boxOf(document.querySelector(`[data-testid="page-grid-${name}"]`)),
      fontSize: style === null ? 0 : Number.parseFloat(style.fontSize),
    };
  }, side);
}

/** What is wrong with a measured side: an empty list when sentence and figure share the screen. */
export function sentenceProblems(side: string, seen: SentenceOnScreen): string[] {
  const problems: string[] = [];
  const { box, figure, screen } = seen;
  if (!seen.shown || box === null) return [`${side}: its sentence is not shown`];
  if (seen.text.trim() === '') problems.push(`${side}: its sentence is empty`);
  if (seen.text !== seen.sidebarText)
    problems.push(`${side}: says "${seen.text}", the sidebar "${seen.sidebarText}"`);
  if (box.top < screen.top - 0.5 || box.bottom > screen.bottom + 0.5)
    problems.push(
      `${side}: its sentence (${Math.round(box.top)}–${Math.round(box.bottom)} px) is not on the screen (${screen.top}–${Math.round(screen.bottom)} px)`,
    );
  if (box.left < -0.5 || box.right > screen.width + 0.5)
    problems.push(`${side}: its sentence runs off the screen's side`);
  if (seen.fontSize < 11) problems.push(`${side}: its sentence is ${seen.fontSize} px`);
  if (figure === null) problems.push(`${side}: no tree or grid shown`);
  else if (figure.bottom <= screen.top || figure.top >= screen.bottom)
    problems.push(`${side}: no part of its figure is on the screen with its sentence`);
  return problems;
}

/** The open chart tab's chart (its svg or canvas) and readout, measured. */
export function chartOnScreen(
  page: Page,
  tab: 'curves' | 'scaling' | 'machine',
): Promise<{ chart: Box | null; readout: Box | null; screenWidth: number; overflow: number }> {
  return page.evaluate((name) => {
    const boxOf = (element: Element | null) => {
      if (element === null) return null;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      return {
        top: rect.top,
        bottom: rect.bottom,
        left: rect.left,
        right: rect.right,
        width: rect.width,
      };
    };
    const panel = document.querySelector(`#panel-${name}`);
    return {
      chart: boxOf(panel?.querySelector('.chart-plot :is(svg, canvas)') ?? null),
      readout: boxOf(panel?.querySelector('.chart-readout') ?? null),
      screenWidth: window.innerWidth,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  }, tab);
}
