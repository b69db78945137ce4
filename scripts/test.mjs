// `npm test`: installs and builds what is missing, then runs every Vitest project (the static
// checks are `npm run check`: scripts/checks.mjs).
// `npm run test:db` runs only the suites that talk to the database, which CI repeats against a
// PostgreSQL server through DATABASE_URL. `npm run test:faults` runs the fault-injection scenarios
// (apps/platform/vitest.faults.config.ts), too long for `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilds, ensureDebianTools, ensureDependencies, root } from './bootstrap.mjs';
import { builds, testTools } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';
import { slowestFiles, testSummary } from './testSummary.mjs';

await ensureNodeRuntime();

const faults = process.argv.includes('--faults');
const databaseOnly = faults || process.argv.includes('--db');
const databaseProjects = ['db', 'zone-writes', 'api', 'dns-database'];

ensureDependencies();
ensureDebianTools(testTools);
if (!databaseOnly) ensureBuilds(builds);

const report = join(mkdtempSync(join(tmpdir(), 'kaja-test-')), 'report.json');
const projects = faults ? ['--config', 'apps/platform/vitest.faults.config.ts'] : databaseOnly ? databaseProjects.flatMap((name) => ['--project', name]) : [];
const status = await new Promise((resolve, reject) => {
  const vitest = spawn('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
  });
  vitest.on('error', reject);
  vitest.on('close', (code) => resolve(code ?? 1));
});

try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  console.log('\nThe slowest test files:');
  for (const line of slowestFiles(results)) console.log(line);
  const [total, ...details] = testSummary(results, status);
  console.log(`\n${total}`);
  for (const line of details) console.log(line);
} catch {
  console.error('No test report was written.');
}
process.exit(status);
