// The platform's programs as production runs them: the server build's plain JavaScript (`dist/`,
// scripts/buildServers.mjs), not their TypeScript through tsx, which compiled every module again
// at each start and cost a test seconds of CPU for each process it started.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The bundle of the program whose entry is `source` (e.g. `apps/dns/src/main.ts`), to start with
 * Node.js in place of the source. Throws when the server build has no such bundle.
 */
export function builtProgram(source: string | URL): string {
  const path = typeof source === 'string' ? source : fileURLToPath(source);
  const bundle = join(root, 'dist', relative(root, resolve(root, path)).replace(/\.ts$/, '.js'));
  if (!existsSync(bundle)) throw new Error(`${relative(root, bundle)} is not built: run \`npm run build\` (npm test does it).`);
  return bundle;
}

/** V8's compiled code for the bundles, kept between the starts of a test run as `npm start` keeps it. */
export const compileCache = { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'kaja-compile-cache') };

/**
 * Brings the named builds (`builds` in scripts/requirements.mjs) up to date, as `npm run build` does:
 * each only when older than its sources. For the global setup of the suites that start programs, so a
 * change to the sources is what a test runs even when Vitest is started alone.
 */
export function ensureBuilt(...names: ('servers' | 'site' | 'dashboard')[]): void {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), ...names], { cwd: root, stdio: 'inherit' });
}
