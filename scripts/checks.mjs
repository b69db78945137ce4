// `npm run check`: the static checks, the type check of every workspace, lint and the formatting
// check, side by side on every core. They are a command of their own, not part of `npm test`: on a
// 2-core machine they ran beside the tests for 1,528 s at low priority and took the processor time the
// tests needed, so every test run waited for them (decision 052). CI runs them first. Each check's
// output is shown when it fails, and each one's time is printed.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { ensureDependencies, root } from './bootstrap.mjs';
import { ensureNodeRuntime } from './runtime.mjs';
import { typescriptPrograms } from './typescriptPrograms.mjs';

/**
 * The type checks: one program for every workspace that takes the base options as they are, one for
 * each workspace with options of its own (scripts/typescriptPrograms.mjs).
 */
function typeChecks() {
  const { combined, own } = typescriptPrograms();
  return [
    { name: `type check of ${combined.workspaces.join(', ')}`, command: 'npx', args: ['tsc', '-p', combined.tsconfig] },
    ...own.map(({ workspace, tsconfig }) => ({ name: `type check of ${workspace}`, command: 'npx', args: ['tsc', '-p', tsconfig] })),
  ];
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

/**
 * Runs every check; resolves to a report to print (what failed with its output, then each check's
 * time) and whether all passed.
 */
async function runChecks() {
  // The site's route types, which both its type check and lint read: made once, before either starts.
  // Its output is shown only when it fails (React Router's Vite plugin sets an option Vite 8 calls
  // deprecated, a notice a reader would take for an error of ours).
  const typegen = spawnSync('npm', ['run', 'typegen', '--workspace', '@kaja/site', '--silent'], { cwd: root, encoding: 'utf8' });
  if (typegen.status !== 0) return { passed: false, report: [`The site's route types could not be made:\n${typegen.stdout}${typegen.stderr}`] };
  const checks = [
    { name: 'lint (`npm run lint` lists the findings again)', command: 'npx', args: ['eslint', '.'] },
    ...typeChecks(),
    { name: 'formatting (`npm run format` rewrites the files above)', command: 'npx', args: ['prettier', '--check', '.'] },
  ];
  const started = performance.now();
  const results = [];
  const slots = Array.from({ length: Math.min(availableParallelism(), checks.length) }, async () => {
    for (let check = checks.shift(); check; check = checks.shift()) results.push(await runCheck(check));
  });
  await Promise.all(slots);
  const failed = results.filter((result) => !result.ok);
  const report = failed.map(({ name, output }) => `\n${name} failed:\n${output}`);
  report.push(`Static checks: ${results.length - failed.length} of ${results.length} passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const { name, seconds } of results.sort((a, b) => b.seconds - a.seconds))
    report.push(`  ${seconds.toFixed(0).padStart(4)} s  ${name.replace(/ \(.*\)$/, '')}`);
  return { passed: failed.length === 0, report };
}

await ensureNodeRuntime();
ensureDependencies();
const { passed, report } = await runChecks();
console.log(report.join('\n'));
process.exit(passed ? 0 : 1);
