// The native helper is built on first use and cached under a hash of its sources, compiler and
// flags: a second call reuses it, an edited source builds anew, no compiler is refused with what
// to install, and a source the compiler refuses names the compiler's first error.

import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  defaultCompilers,
  findCompiler,
  NATIVE_SOURCES_DIR,
  NativeBuildError,
  nativeHelper,
} from '../../../src/cli/native/nativeBuild';

const work = mkdtempSync(join(tmpdir(), 'native-build-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const compiler = findCompiler(defaultCompilers());
if (compiler === null)
  console.log(
    'tests/cli/native/nativeBuild.test.ts: no C compiler here (cc, gcc, clang): the build tests are skipped',
  );

describe('the native helper build', () => {
  it.skipIf(compiler === null)(
    'builds once, reuses the build, and builds anew when a source changes',
    () => {
      const sourcesDir = join(work, 'sources');
      cpSync(NATIVE_SOURCES_DIR, sourcesDir, { recursive: true });
      const cacheDir = join(work, 'cache');
      const first = nativeHelper({ sourcesDir, cacheDir });
      expect(first.built).toBe(true);
      expect(first.path.startsWith(cacheDir)).toBe(true);
      expect(first.compiler).toBe(compiler?.version);
      const builtAt = statSync(first.path).mtimeMs;
      const again = nativeHelper({ sourcesDir, cacheDir });
      expect(again).toEqual({ ...first, built: false });
      expect(statSync(again.path).mtimeMs).toBe(builtAt);
      // A comment changes the source: another key, another build.
      const source = join(sourcesDir, 'heaps.h');
      writeFileSync(source, `${readFileSync(source, 'utf8')}\n/* edited */\n`);
      const edited = nativeHelper({ sourcesDir, cacheDir });
      expect(edited.built).toBe(true);
      expect(edited.path).not.toBe(first.path);
    },
    600_000,
  );

  it('refuses, naming what to install, when no compiler is there', () => {
    expect(() =>
      nativeHelper({ cacheDir: join(work, 'none'), compilers: ['no-such-cc-1', 'no-such-cc-2'] }),
    ).toThrow(
      new NativeBuildError(
        'no C compiler found to build the native helper: install one (Debian or Ubuntu: apt-get install gcc) or name it in CC',
      ),
    );
  });

  it.skipIf(compiler === null)(
    'names the compiler’s first error when a source does not build',
    () => {
      const sourcesDir = join(work, 'broken');
      cpSync(NATIVE_SOURCES_DIR, sourcesDir, { recursive: true });
      writeFileSync(join(sourcesDir, 'broken.c'), 'int broken(void) { return missing_name; }\n');
      expect(() => nativeHelper({ sourcesDir, cacheDir: join(work, 'cache-broken') })).toThrow(
        /could not build the native helper from .*: .*missing_name/,
      );
    },
    600_000,
  );
});
