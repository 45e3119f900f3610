// Builds the native helper (src/native/*.c, *.h) with the system's C compiler on first use, and
// keeps it in node_modules/.cache/bheap-native/ under a hash of its sources, the compiler and the
// flags: an edited source, another compiler or other flags build anew; otherwise it is reused.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The flags every build uses: optimised as a release build would be, nothing machine-specific. */
export const NATIVE_FLAGS: readonly string[] = ['-O2', '-std=c11', '-Wall', '-Wextra'];

export const NATIVE_SOURCES_DIR = fileURLToPath(new URL('../../native/', import.meta.url));
export const NATIVE_CACHE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/bheap-native/', import.meta.url),
);

/** Why the helper cannot be had: no compiler, or it refused the source. */
export class NativeBuildError extends Error {}

export interface NativeHelper {
  /** The executable. */
  path: string;
  /** The compiler as it names itself (its --version's first line). */
  compiler: string;
  flags: readonly string[];
  /** Whether this call compiled it (false: it came from the cache). */
  built: boolean;
}

export interface BuildOptions {
  sourcesDir?: string;
  cacheDir?: string;
  /** Compiler names to try in turn (default: $CC, then cc, gcc, clang). */
  compilers?: readonly string[];
}

/** The first compiler that answers --version: its name and that first line; null if none does. */
export function findCompiler(
  candidates: readonly string[],
): { name: string; version: string } | null {
  for (const name of candidates) {
    try {
      const out = execFileSync(name, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 10_000,
      });
      return { name, version: out.split('\n')[0].trim() };
    } catch {
      // Not there, or not a compiler: try the next.
    }
  }
  return null;
}

export function defaultCompilers(): string[] {
  const fromEnv = process.env.CC?.trim();
  return [...(fromEnv ? [fromEnv] : []), 'cc', 'gcc', 'clang'];
}

/** The C sources, by name, in a fixed order. */
function sourcesOf(dir: string): { name: string; text: Buffer }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.c') || name.endsWith('.h'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name)) }));
}

/** The cache key: the sources, the compiler and the flags. */
export function buildKey(
  sources: readonly { name: string; text: Buffer }[],
  compiler: string,
  flags: readonly string[],
): string {
  const hash = createHash('sha256');
  hash.update(`${compiler}\n${flags.join(' ')}\n`);
  for (const source of sources) {
    hash.update(`${source.name}\n${source.text.length}\n`);
    hash.update(source.text);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The helper's executable, built if its sources, compiler or flags changed since the last build.
 * Several processes may build at once: each compiles to a name of its own and renames it into
 * place, so none ever runs a half-written file.
 */
export function nativeHelper(options: BuildOptions = {}): NativeHelper {
  const sourcesDir = options.sourcesDir ?? NATIVE_SOURCES_DIR;
  const cacheDir = options.cacheDir ?? NATIVE_CACHE_DIR;
  const compiler = findCompiler(options.compilers ?? defaultCompilers());
  if (compiler === null) {
    throw new NativeBuildError(
      'no C compiler found to build the native helper: install one (Debian or Ubuntu: apt-get install gcc) or name it in CC',
    );
  }
  const sources = sourcesOf(sourcesDir);
  const key = buildKey(sources, `${compiler.name} ${compiler.version}`, NATIVE_FLAGS);
  const dir = join(cacheDir, key);
  const path = join(dir, 'bheap-native');
  const helper = { path, compiler: compiler.version, flags: NATIVE_FLAGS };
  if (existsSync(path)) return { ...helper, built: false };
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  const cFiles = sources.filter((s) => s.name.endsWith('.c')).map((s) => join(sourcesDir, s.name));
  try {
    execFileSync(compiler.name, [...NATIVE_FLAGS, '-o', partial, ...cFiles], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 600_000,
    });
  } catch (error) {
    rmSync(partial, { force: true });
    const stderr = (error as { stderr?: string }).stderr ?? '';
    const first =
      stderr.split('\n').find((line) => line.includes('error')) ?? stderr.split('\n')[0];
    throw new NativeBuildError(
      `${compiler.name} could not build the native helper from ${sourcesDir}: ${first.trim() || String(error)}`,
    );
  }
  renameSync(partial, path);
  return { ...helper, built: true };
}
