// Saves a file the page made (a chart, a CSV, a tour, a video) through the browser's download.

import { el } from './dom';

export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; the blob is released a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
