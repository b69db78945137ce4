import { Worker, type WorkerOptions } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Set by the server build (scripts/buildServers.mjs) in every bundle it makes, which then leaves out
 * the branch that starts tsx; absent when the sources run through tsx, in development and in tests.
 */
declare const KAJA_BUILD: true | undefined;

/** The repository's root. In a bundle too: the build makes `import.meta.url` name the source file. */
const root = new URL('../../../', import.meta.url);

/**
 * Where the server build puts the bundle of a source module: `dist/` mirrors the repository, with
 * `.js` for `.ts` (`apps/dns/src/main.ts` is built to `dist/apps/dns/src/main.js`).
 */
export function builtModule(source: URL): URL {
  if (!source.href.startsWith(root.href) || !source.pathname.endsWith('.ts')) throw new Error(`${source.href} is not a TypeScript module of this repository`);
  return new URL(`dist/${source.href.slice(root.href.length).replace(/\.ts$/, '.js')}`, root);
}

/**
 * A worker thread running one module of this repository, named by its source (`new URL('./x.ts',
 * import.meta.url)`). From a build, the thread runs that module's bundle. From the sources, the thread
 * registers tsx before it imports the module, because worker threads do not inherit the loader hooks
 * of the thread that starts them.
 */
export function startModuleWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (typeof KAJA_BUILD !== 'undefined') {
    const bundle = builtModule(module);
    // A worker missing from the build's list of entries would otherwise fail later, in the thread, with a bare ENOENT.
    if (!existsSync(bundle)) throw new Error(`${fileURLToPath(bundle)} is not built: add its source to the entries of scripts/buildServers.mjs`);
    return new Worker(bundle, options);
  } else {
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
    return new Worker(bootstrap, { ...options, eval: true });
  }
}
