// `npm run bench:*`: installs the Debian tools the benchmarks drive (as `npm test` does for the
// tests), then runs the benchmark script given, with the arguments after it.
import { ensureDebianTools, ensureDependencies, run } from './bootstrap.mjs';
import { benchTools } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();

const [script, ...args] = process.argv.slice(2);
ensureDependencies();
ensureDebianTools(benchTools);
process.exit(run('node', ['--import', 'tsx', script, ...args]));
