// Counts with thousands separators (12,995,494), as Intl writes them in en-US: in the core's
// bottom layer, so the experiments' reports and the page's words group digits the same way.

/**
 * Intl's formatter for what the digits below do not cover. Made when first needed: making one
 * costs 10-12 ms of the page's first task (its locale data), and counts never need it.
 */
let grouped: Intl.NumberFormat | null = null;

/**
 * A count with thousands separators: 12,995,494. As `Intl.NumberFormat('en-US',
 * { maximumFractionDigits: 0 })` writes it (the tests hold it to that), without making one:
 * rounded half away from zero, a minus sign for anything below zero, "-0" included.
 */
export function formatCount(value: number): string {
  const size = Math.abs(value);
  // Past 2^53 the integers' toString turns exponential (1e21) before grouping could apply.
  if (!(size <= Number.MAX_SAFE_INTEGER)) {
    grouped ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return grouped.format(value);
  }
  // Math.round takes halves up; on the size that is away from zero, as Intl rounds.
  const digits = String(Math.round(size));
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = text.length; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}
