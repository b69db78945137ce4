// `npm run bench:*`: installs the Debian tools the benchmarks drive (as `npm test` does for the
// tests) and makes the server build they start, then runs the benchmark script given, with the
// arguments after it.
import { ensureBuild, ensureDebianTools, ensureDependencies, run } from './bootstrap.mjs';
import { benchTools, builds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();

const [script, ...args] = process.argv.slice(2);
ensureDependencies();
ensureDebianTools(benchTools);
ensureBuild('servers', builds.servers);
process.exit(run('node', ['--import', 'tsx', script, ...args]));
