// The server build: every program the platform runs and every module it starts as a worker thread,
// bundled by esbuild from the TypeScript sources into plain JavaScript under `dist/`, which mirrors
// the repository (`apps/dns/src/main.ts` -> `dist/apps/dns/src/main.js`). Production runs these
// bundles (`npm start`, `npm run dns`, ...); tsx runs the sources in development and tests only.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** The programs and the worker threads' modules (`startModuleWorker`): one bundle each. */
export const serverEntries = [
  'apps/platform/src/main.ts',
  'apps/platform/src/admin.ts',
  'apps/platform/src/migrate.ts',
  'apps/platform/src/dnsWorker.ts',
  'apps/api/src/workers/worker.ts',
  'apps/dns/src/main.ts',
  'apps/dns/src/relay/main.ts',
  'apps/dns/src/zoneBuilderThread.ts',
  'apps/dns/src/zoneFileThread.ts',
  'packages/dnssec/src/signWorker.ts',
  // The `kaja` command line (apps/cli/bin/kaja.mjs runs it).
  'apps/cli/src/main.ts',
];

/** Where Node finds package `name` from `dir`: the first node_modules up the tree that has it. */
function packageDir(name, dir) {
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) return undefined;
    dir = dirname(dir);
  }
}

/**
 * The workspaces' own code is bundled; an npm package stays an import, resolved in node_modules at
 * run time, when the bundle finds the same copy there as its importer does (the hoisted one). A copy
 * installed inside a workspace (npm keeps one there when versions differ) is bundled instead.
 */
function isExternal(path, importer) {
  if (path.startsWith('node:') || builtinModules.includes(path)) return true;
  if (/^(\.|\/|@kaja\/)/.test(path)) return false;
  const name = path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
  return packageDir(name, dirname(importer)) === join(root, 'node_modules', name);
}

/**
 * Each source module keeps its own `import.meta.url` in the bundle: the files it finds beside itself
 * (migrations, package.json, the web apps' builds, the native UDP addon) and the workers it starts
 * are named relative to its source, so a bundle in `dist/` reads them where they are.
 */
function sourceUrls(outputDir) {
  return {
    name: 'source-urls',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => (args.kind !== 'entry-point' && isExternal(args.path, args.importer) ? { external: true } : undefined));
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const fromBundle = relative(outputDir, args.path).split(sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/**
 * Builds every entry (the servers' by default) into `outDir` (inside the repository, where the
 * bundles find node_modules); resolves to the bundles written, throws with esbuild's messages on an
 * error.
 */
export async function buildServers(outDir = join(root, 'dist'), entries = serverEntries) {
  /** Every file this build wrote: a chunk of an earlier build has a name no build writes again. */
  const written = new Set();
  const bundles = await Promise.all(
    entries.map(async (entry) => {
      const outfile = join(outDir, entry.replace(/\.ts$/, '.js'));
      const { metafile } = await build({
        entryPoints: [join(root, entry)],
        // A module imported dynamically (the DNS server's database node) becomes a chunk of its own
        // beside the entry, so a process or thread that never imports it never loads its packages
        // (esbuild would otherwise hoist their imports into the entry's bundle).
        outdir: dirname(outfile),
        entryNames: '[name]',
        chunkNames: '[name]-[hash]',
        splitting: true,
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node24',
        sourcemap: 'linked',
        minifySyntax: true,
        define: { KAJA_BUILD: 'true' },
        // The SDK is bundled from its sources (its package exports its build to customers).
        conditions: ['kaja-source'],
        plugins: [sourceUrls(dirname(outfile))],
        logLevel: 'warning',
        metafile: true,
        absWorkingDir: root,
      });
      for (const output of Object.keys(metafile.outputs)) written.add(join(root, output));
      return outfile;
    }),
  );
  for (const dir of new Set(bundles.map(dirname))) {
    for (const file of await readdir(dir)) {
      if (/\.js(\.map)?$/.test(file) && !written.has(join(dir, file))) await rm(join(dir, file));
    }
  }
  return bundles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const bundles = await buildServers();
  console.log(`Built ${bundles.length} server bundles into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
