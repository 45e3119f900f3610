// Tiny DOM helpers for the app shell. Text always goes in through textContent: nothing from a
// link or a control is ever parsed as HTML.

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children)
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return element;
}

export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
