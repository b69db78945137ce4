// `node scripts/program.mjs [NODE OPTIONS] SOURCE [ARGS]`: runs one program of the platform (the
// source of its entry, e.g. `apps/dns/src/main.ts`) from the server build in `dist/`, made first when
// it is missing or older than the sources, as plain JavaScript on Node.js 24. The npm scripts that
// run a program use it.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, root } from './bootstrap.mjs';
import { builds } from './requirements.mjs';
import { runNode } from './runtime.mjs';

/** Runs `source`'s bundle with `nodeOptions` before it and `args` after it; exits with the program. */
export function runProgram(source, nodeOptions = [], args = []) {
  ensureBuild('servers', builds.servers);
  const bundle = join(root, 'dist', source.replace(/\.ts$/, '.js'));
  if (!existsSync(bundle)) {
    console.error(`${source} is not a program of the server build (scripts/buildServers.mjs)`);
    process.exit(1);
  }
  // V8's compiled code for the bundles and the npm packages they import, kept between starts:
  // without it a warm start of the platform compiled the same JavaScript again (decision 051).
  process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'kaja-compile-cache');
  return runNode([...nodeOptions, bundle, ...args]);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const words = process.argv.slice(2);
  const at = words.findIndex((word) => word.endsWith('.ts'));
  if (at < 0) {
    console.error('usage: node scripts/program.mjs [NODE OPTIONS] SOURCE.ts [ARGS]');
    process.exit(2);
  }
  await runProgram(words[at], words.slice(0, at), words.slice(at + 1));
}
