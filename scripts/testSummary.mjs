// The closing lines of `npm test` from Vitest's JSON report: `N passed, N failed`, then every file
// and test that did not pass, so a crash or a failing hook says where it happened; and the files
// that took longest, where making the suite faster starts.
import { relative } from 'node:path';

/**
 * A file can fail with every one of its tests passed (a hook that throws, an error while it is
 * loaded): each such file counts as one failure, so the line never says `0 failed` for a run
 * that failed. A run that failed with nothing to show for it in the report (an unhandled error
 * between tests) counts as one failure too.
 */
export function testSummary({ numPassedTests, numFailedTests, numPendingTests, testResults }, exitStatus, root = '.') {
  const lines = [];
  let failedFiles = 0;
  for (const { name, status, message, assertionResults } of testResults) {
    if (status !== 'passed' || assertionResults.length === 0) lines.push(`${status}: ${relative(root, name)}${message ? ` (${message.split('\n')[0]})` : ''}`);
    const notPassed = assertionResults.filter(({ status }) => status !== 'passed');
    if (status === 'failed' && !notPassed.some(({ status }) => status === 'failed')) failedFiles++;
    for (const { fullName, status: testStatus } of notPassed) lines.push(`${testStatus}: ${relative(root, name)} > ${fullName}`);
  }
  let failed = numFailedTests + failedFiles;
  if (exitStatus !== 0 && failed === 0) {
    failed = 1;
    lines.push(`failed: the test runner exited ${exitStatus} with an error outside any test (see above)`);
  }
  return [`${numPassedTests} passed, ${failed} failed${numPendingTests ? `, ${numPendingTests} skipped` : ''}`, ...lines];
}

/** The `count` files that ran longest (their own wall time, while other files ran beside them), slowest first. */
export function slowestFiles({ testResults }, count = 20, root = '.') {
  return testResults
    .map(({ name, startTime, endTime }) => ({ name: relative(root, name), seconds: (endTime - startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ name, seconds }) => `${seconds.toFixed(1).padStart(6)} s  ${name}`);
}
