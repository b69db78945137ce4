// `npm run bench:*`: installs the Debian tools the benchmarks drive (as `npm test` does for the
// tests) and makes the server build they start (and the builds named by `--build NAME` before the
// script), then runs the benchmark script given, with the arguments after it. Asked for `--help`, the
// script prints its usage at once: nothing is installed or built for that.
import { ensureBuild, ensureDebianTools, ensureDependencies, run } from './bootstrap.mjs';
import { benchTools, builds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();

const argv = process.argv.slice(2);
const needs = ['servers'];
while (argv[0] === '--build') needs.push(argv.splice(0, 2)[1]);
const [script, ...args] = argv;
ensureDependencies();
if (!args.includes('--help') && !args.includes('-h')) {
  ensureDebianTools(benchTools);
  for (const name of needs) ensureBuild(name, builds[name]);
}
process.exit(run('node', ['--import', 'tsx', script, ...args]));
