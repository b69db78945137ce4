// The static checks `npm test` runs before the tests: the type check of every workspace, lint and
// the formatting check, side by side on every core (they took 3.7 minutes one after another on a
// 2-core machine), longest first. Each check's output is shown when it fails.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root, run } from './bootstrap.mjs';

/** Workspaces with a type check, biggest program first (the order they are started in). */
function typecheckedWorkspaces() {
  const order = ['apps/platform', 'apps/dashboard', 'apps/api', 'apps/dns', 'apps/site', 'packages/zone-writes'];
  const all = ['apps', 'packages'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .map((name) => `${dir}/${name}`)
      .filter((workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.typecheck),
  );
  const rank = (workspace) => (order.includes(workspace) ? order.indexOf(workspace) : order.length);
  return all.sort((a, b) => rank(a) - rank(b));
}

function runCheck({ name, command, args }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: (performance.now() - started) / 1000 }));
  });
}

/** Runs every check; resolves to false, after printing what failed, when one did. */
export async function runChecks() {
  // The site's route types, which both its type check and lint read: made once, before either starts.
  if (run('npm', ['run', 'typegen', '--workspace', '@kaja/site', '--silent']) !== 0) return false;
  const checks = [
    { name: 'lint (`npm run lint` lists the findings again)', command: 'npx', args: ['eslint', '.'] },
    ...typecheckedWorkspaces().map((workspace) => ({ name: `type check of ${workspace}`, command: 'npx', args: ['tsc', '-p', `${workspace}/tsconfig.json`] })),
    { name: 'formatting (`npm run format` rewrites the files above)', command: 'npx', args: ['prettier', '--check', '.'] },
  ];
  const started = performance.now();
  const results = [];
  const slots = Array.from({ length: Math.min(availableParallelism(), checks.length) }, async () => {
    for (let check = checks.shift(); check; check = checks.shift()) results.push(await runCheck(check));
  });
  await Promise.all(slots);
  const failed = results.filter((result) => !result.ok);
  for (const { name, output } of failed) console.error(`\n${name} failed:\n${output}`);
  console.log(`Static checks: ${results.length - failed.length} of ${results.length} passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return failed.length === 0;
}
