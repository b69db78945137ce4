// The Node.js the platform runs on: 24 LTS. Where the machine's Node.js is older, the official
// build from the npm registry (`node-<platform>-<arch>`, the binary and its headers inside the
// package) is unpacked once into .node/, and the command runs again on it. Run directly, this
// file prints the shell lines that put that Node.js first on PATH (for CI).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const nodeVersion = '24.21.0';

const root = new URL('..', import.meta.url).pathname;
const runtimeDir = join(root, '.node', `v${nodeVersion}`);
const nodeBinDir = join(runtimeDir, 'bin');
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);
const runningOnRuntime = () => major(process.version) >= major(nodeVersion);

function mustRun(command, args, options) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

/** Unpacks the registry's Node.js build into .node/ unless it is there already. */
function installRuntime() {
  if (existsSync(join(nodeBinDir, 'node'))) return;
  const pkg = `node-${process.platform}-${process.arch}@${nodeVersion}`;
  console.error(`Installing Node.js ${nodeVersion} from the npm registry (${pkg}), once, into .node/ ...`);
  mkdirSync(join(root, '.node'), { recursive: true });
  const scratch = mkdtempSync(join(root, '.node', 'download-'));
  try {
    const packed = spawnSync('npm', ['pack', pkg, '--silent', '--pack-destination', scratch], { encoding: 'utf8' });
    if (packed.status !== 0) {
      console.error(packed.stderr);
      process.exit(1);
    }
    mustRun('tar', ['-xzf', join(scratch, packed.stdout.trim().split('\n').pop()), '-C', scratch]);
    // The package's own folder is the unpacked official build: bin/, include/, lib/.
    renameSync(join(scratch, 'package'), runtimeDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The environment that runs `node`, `npm` and node-gyp on the unpacked runtime (headers from the package). */
function runtimeEnv(env) {
  return { ...env, PATH: `${nodeBinDir}:${env.PATH ?? ''}`, npm_config_nodedir: runtimeDir };
}

/** Runs `node ARGS` on Node.js 24, passes signals on, and exits with it. */
export function runNode(args) {
  const unpacked = !runningOnRuntime();
  if (unpacked) installRuntime();
  const child = spawn(unpacked ? join(nodeBinDir, 'node') : process.execPath, args, {
    stdio: 'inherit',
    env: unpacked ? runtimeEnv(process.env) : process.env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Nothing else of the calling script may run meanwhile.
  return new Promise(() => {});
}

/** Returns at once on Node.js 24; otherwise runs the calling script again on the runtime. */
export async function ensureNodeRuntime() {
  if (!runningOnRuntime()) await runNode(process.argv.slice(1));
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  if (runningOnRuntime()) process.exit(0);
  installRuntime();
  console.log(`export PATH="${nodeBinDir}:$PATH"\nexport npm_config_nodedir="${runtimeDir}"`);
}
