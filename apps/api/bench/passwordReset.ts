// `npm run bench:password-reset [-- --runs N]`: the median answer time of a password reset request for a
// registered address and for an unknown one (decision 013: the same answer at the same time, the lookup
// after it), asked by a client in a process of its own as a remote prober would, the two kinds
// interleaved (registered, unknown, unknown, registered, ...) so that each follows each equally often.
// The load average is printed beside the figures: the machine may be shared.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { signUpOwner, startTestApi } from '../src/testing';

exitWithUsageOnHelp('  --runs N   requests in all, half of each kind (default 40)');

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 40;
if (!Number.isInteger(runs) || runs < 4) throw new Error('--runs must be a whole number of at least 4');

const prober = `
  const [url, registered, runs] = process.argv.slice(1);
  const times = { registered: [], unknown: [] };
  for (let run = 0; run < Number(runs); run++) {
    const kind = [0, 3].includes(run % 4) ? 'registered' : 'unknown';
    // Apart, so that the work each answer leaves behind (the lookup, the mail) is done before the next.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: kind === 'registered' ? registered : 'nobody' + run + '@example.test' }) });
    await response.text();
    times[kind].push(performance.now() - started);
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(2);
  console.log('registered ' + median(times.registered) + ' ms, unknown ' + median(times.unknown) + ' ms');
`;

const api = await startTestApi();
try {
  const owner = await signUpOwner(api);
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    prober,
    `${api.origin}/v1/auth/request-password-reset`,
    owner.email,
    String(runs),
  ]);
  console.log(`password reset request, median answer time (${runs} requests): ${stdout.trim()}`);
  console.log(
    `load average: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await api.close();
}
