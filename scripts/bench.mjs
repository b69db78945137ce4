// `npm run bench:*`: installs the Debian tools the benchmarks drive (as `npm test` does for the
// tests) and makes the server build they start (and the builds named by `--build NAME` before the
// script), then runs the benchmark script given, with the arguments after it. Asked for `--help`, the
// script prints its usage at once: nothing is installed or built for that. With `--bundled` the script
// itself is built as the servers are (`dist/`, plain JavaScript, its worker threads from their
// bundles) and run so: a benchmark that times our code in its own process measures what ships.
import { join, relative, resolve } from 'node:path';
import { ensureBuild, ensureDebianTools, ensureDependencies, root, run } from './bootstrap.mjs';
import { benchTools, builds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();

const argv = process.argv.slice(2);
const needs = ['servers'];
let bundled = false;
for (;;) {
  if (argv[0] === '--build') needs.push(argv.splice(0, 2)[1]);
  else if (argv[0] === '--bundled') {
    argv.shift();
    bundled = true;
  } else break;
}
const [script, ...args] = argv;
ensureDependencies();
if (args.includes('--help') || args.includes('-h')) process.exit(run('node', ['--import', 'tsx', script, ...args]));
ensureDebianTools(benchTools);
for (const name of needs) ensureBuild(name, builds[name]);
if (!bundled) process.exit(run('node', ['--import', 'tsx', script, ...args]));
const { buildServers } = await import('./buildServers.mjs');
// Named from the project's root, as the servers' entries are: `bench:dnssec` gives its absolute path.
const [bundle] = await buildServers(join(root, 'dist'), [relative(root, resolve(script))]);
process.exit(run('node', [bundle, ...args]));
