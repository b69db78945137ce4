// First-run steps shared by `npm start` and `npm test`: they must work in a fresh
// clone with nothing installed, so this file uses Node's built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'build' || entry === '.react-router') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const workspaceManifests = () => ['apps', 'packages'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(root, dir, name, 'package.json')));

/** Installs the npm dependencies when they are missing or older than a manifest. */
export function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) {
    console.log('Installing npm dependencies (first run)...');
    mustRun('npm', existsSync(join(root, 'package-lock.json')) ? ['ci'] : ['install']);
    return;
  }
  const installedAt = statSync(installed).mtimeMs;
  const manifests = [join(root, 'package.json'), join(root, 'package-lock.json'), ...workspaceManifests()];
  if (manifests.some((file) => existsSync(file) && statSync(file).mtimeMs > installedAt)) {
    console.log('Dependencies changed: running npm install...');
    mustRun('npm', ['install']);
  }
}

/**
 * Makes one of the builds (`builds` in requirements.mjs) when its output is missing or older than
 * its sources. Its output (every file written, the pages pre-rendered, its tools' notices) is shown
 * only when it fails: a first start says what it builds and how long that took.
 */
export function ensureBuild(name, { dir, sources, output, command }) {
  const builtAt = newestMtime(join(root, dir, output));
  const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, dir, source))));
  if (builtAt > 0 && builtAt >= changedAt) return;
  process.stdout.write(`Building ${name}... `);
  const started = performance.now();
  const [program, ...args] = command;
  // A build started from a test run is the one `npm run build` makes: Vite would take the runner's
  // NODE_ENV=test and bundle React's development build, twice the weight of what is served.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const result = spawnSync(program === 'node' ? process.execPath : program, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.log('failed:');
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    console.error(`${command.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Every build of `builds` that is missing or stale. */
export function ensureBuilds(builds) {
  for (const [name, build] of Object.entries(builds)) ensureBuild(name, build);
}

const onPath = (binary) => (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, binary)));

/**
 * Installs missing Debian tools (binary -> package) with apt-get when running as root.
 * Never skips: without root and with tools missing it stops and says what to install.
 */
export function ensureDebianTools(tools) {
  const missing = Object.entries(tools).filter(([binary]) => !onPath(binary) && !existsSync(join('/usr/sbin', binary)));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  const binaries = missing.map(([binary]) => binary).join(', ');
  if (process.getuid?.() !== 0) {
    console.error(`Missing test tools: ${binaries}. Install them with: sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian packages (${binaries}): ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update', '-qq'], { env });
  mustRun('apt-get', ['install', '-y', '-qq', ...packages], { env });
}
