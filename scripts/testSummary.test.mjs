import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { slowestFiles, testSummary } from './testSummary.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kaja-test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs Vitest on one test file of `source` and returns its JSON report and exit status. */
function vitestRun(source) {
  const root = mkdtempSync(join(dir, 'run-'));
  writeFileSync(join(root, 'case.test.mjs'), source);
  const report = join(root, 'report.json');
  const { status } = spawnSync('npx', ['vitest', 'run', '--root', root, '--reporter=json', `--outputFile.json=${report}`], { stdio: 'ignore' });
  return { report: JSON.parse(readFileSync(report, 'utf8')), status };
}

describe('the closing line of the test run', () => {
  it('counts a file whose hook failed as failed, though its tests passed', () => {
    const { report, status } = vitestRun(`import { afterAll, expect, it } from 'vitest';
afterAll(() => { throw new Error('Not running'); });
it('passes', () => expect(1).toBe(1));
`);
    expect(status).not.toBe(0);
    const [total, ...details] = testSummary(report, status, dir);
    expect(total).toBe('1 passed, 1 failed');
    expect(details).toEqual([expect.stringMatching(/^failed: run-\w+\/case\.test\.mjs \(Not running\)$/)]);
  }, 60_000);

  it('counts failed tests once each, and a passing run as passed', () => {
    const failing = vitestRun(`import { expect, it } from 'vitest';
it('fails', () => expect(1).toBe(2));
it('passes', () => expect(1).toBe(1));
`);
    expect(testSummary(failing.report, failing.status, dir)[0]).toBe('1 passed, 1 failed');
    const passing = vitestRun(`import { expect, it } from 'vitest';
it('passes', () => expect(1).toBe(1));
`);
    expect(testSummary(passing.report, passing.status, dir)).toEqual(['1 passed, 0 failed']);
    // Two runs of Vitest, each a process of its own: seconds on a busy machine.
  }, 60_000);

  it('says failed when the runner failed with nothing in its report', () => {
    const report = { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, testResults: [] };
    expect(testSummary(report, 1)[0]).toBe('3 passed, 1 failed');
  });
});

describe('the slowest files', () => {
  it('lists the files that ran longest first, at most as many as asked', () => {
    const file = (name, seconds) => ({ name: `/repo/${name}`, startTime: 1_000, endTime: 1_000 + seconds * 1000 });
    const report = { testResults: [file('a.test.ts', 1.25), file('b.test.ts', 30), file('c.test.ts', 4)] };
    expect(slowestFiles(report, 2, '/repo')).toEqual(['  30.0 s  b.test.ts', '   4.0 s  c.test.ts']);
  });
});
