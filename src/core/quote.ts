// User text echoed in messages, made safe to show: clipped, control characters made visible,
// quoted. Every refusal in the CLI, the link parser and the controls quotes through here.

/** Keeps quoted user input short in messages (whole characters, never half a surrogate pair). */
export function clip(text: string, length = 40): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : text;
}

/**
 * Control and format characters (C0, C1, bidi overrides and isolates, zero-width joiners…)
 * shown as <U+XXXX>. An echoed right-to-left override would otherwise reverse the rest of the
 * message line ("using 1" reading "1 gnisu"); made visible, it can do nothing.
 */
export function visible(text: string): string {
  return text.replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (char) => `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

/** User input as a message echoes it: clipped, controls made visible, in double quotes. */
export function quote(text: string, length = 40): string {
  return `"${visible(clip(text, length))}"`;
}
