// A plain static server for the built page, as a course site or any static host serves it:
// files under a base path (`/courses/os/bheap-lab/`), a folder answered with its index.html,
// the query ignored, anything else 404. It can put a script first in index.html's <head>
// (the engines' journeys record the page's errors with it: classic WebDriver has no console).
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

export interface StaticSite {
  /** The page's address: `http://127.0.0.1:<port><base>`. */
  readonly url: string;
  /** Requests answered so far (path and status), to see what came from the network. */
  readonly requests: string[];
  close(): Promise<void>;
}

export interface StaticOptions {
  /** The folder `vite build` wrote. */
  root: string;
  /** Where the site lives on the host; starts and ends with '/'. */
  base: string;
  /** 0 chooses a free port. */
  port: number;
  /** A script put first in index.html's <head>, or none. */
  headScript?: string;
}

export async function serveStatic(options: StaticOptions): Promise<StaticSite> {
  const { root, base } = options;
  if (!base.startsWith('/') || !base.endsWith('/'))
    throw new Error(`base ${base} needs / at both ends`);
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    void answer(request.url ?? '/').then(({ status, type, body }) => {
      requests.push(`${status} ${request.url}`);
      response.writeHead(status, {
        'Content-Type': type,
        // Revalidated on every load, as most static hosts do for HTML; the service worker,
        // not the HTTP cache, is what keeps the page offline.
        'Cache-Control': 'no-cache',
      });
      response.end(body);
    });
  });

  async function answer(
    rawUrl: string,
  ): Promise<{ status: number; type: string; body: Buffer | string }> {
    const path = decodeURIComponent(new URL(rawUrl, 'http://host').pathname);
    if (!path.startsWith(base)) return notFound();
    let file = normalize(join(root, path.slice(base.length)));
    if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) return notFound();
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (options.headScript !== undefined && file.endsWith('index.html')) {
        const html = body
          .toString('utf8')
          .replace('<head>', `<head><script>${options.headScript}</script>`);
        return { status: 200, type, body: html };
      }
      return { status: 200, type, body };
    } catch {
      return notFound();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound(): { status: number; type: string; body: string } {
  return { status: 404, type: 'text/plain; charset=utf-8', body: 'not found' };
}
