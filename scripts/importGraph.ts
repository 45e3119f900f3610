// The files a source imports by relative paths, followed to the end: what a generated module's
// stamp must cover (scripts/kernel.ts for the kernels, scripts/data.ts for the shipped data). Kept
// apart from kernel.ts so the data's build does not load the AssemblyScript compiler.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `import … from './x'` and `export … from '../y'`: the files a source imports (TypeScript or AssemblyScript). */
const RELATIVE_IMPORT = /\b(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Every source `source` imports by a relative path, and those they import, in the order first
 * met: read from the sources themselves, so a stamp cannot miss a file its module is built from
 * (a kernel's compiler library is covered by the compiler's version).
 */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const visit = (file: string): void => {
    for (const [, relative] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const imported = resolve(
        dirname(file),
        relative.endsWith('.ts') ? relative : `${relative}.ts`,
      );
      if (imported === source || found.includes(imported)) continue;
      found.push(imported);
      visit(imported);
    }
  };
  visit(source);
  return found;
}
