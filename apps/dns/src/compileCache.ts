import { enableCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where `npm run dns` keeps V8's compiled code (decision 051), unless NODE_COMPILE_CACHE says. */
export const defaultCompileCache = join(tmpdir(), 'kaja-compile-cache');

/**
 * Keeps V8's compiled code on disk for the threads this process starts (the workers, the spare, the
 * zone builder, the signer): each compiles the server's bundle again at every start, some 0.3 s of
 * processor time a thread, beside the load of the zones. The threads inherit NODE_COMPILE_CACHE.
 * Node keys each entry by the source's hash, V8's version and its flags and compiles again over one
 * that does not match (a new build, another Node.js), so a stale or damaged cache costs one compile,
 * never a wrong program. The main thread's bundle is compiled before this runs: `npm run dns` sets
 * NODE_COMPILE_CACHE before the node starts. NODE_DISABLE_COMPILE_CACHE turns it off.
 */
export function cacheCompiledCode(): void {
  process.env.NODE_COMPILE_CACHE ??= defaultCompileCache;
  enableCompileCache(process.env.NODE_COMPILE_CACHE);
}
