// The load of `bench:api`'s POSTs, in a process of its own, as a real API's clients are: run in the
// API's process, autocannon's requests and the parsing of their answers took the event loop that
// serves them. Started with its settings as JSON in the first argument, it says `ready`, waits for a
// line on its input, then POSTs one new record per request for the given seconds, and prints what it got and
// its own processor time as JSON.
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { recordBody } from './recordBody';

export interface PostLoad {
  origin: string;
  apiKey: string;
  zoneIds: string[];
  connections: number;
  seconds: number;
}

export interface PostLoadResult {
  ok: number;
  failed: number;
  /** Processor time of this process during the load, user + system. */
  cpuMs: number;
}

const { origin, apiKey, zoneIds, connections, seconds } = JSON.parse(process.argv[2]!) as PostLoad;
process.stdout.write('ready\n');
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));

let sequence = 0;
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: origin,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      setupRequest: (request: Record<string, unknown>) => {
        const n = sequence++;
        return { ...request, path: `/v1/zones/${zoneIds[n % zoneIds.length]!}/records`, body: JSON.stringify(recordBody(n)) };
      },
    },
  ],
});
const cpu = process.cpuUsage(cpuBefore);
const output: PostLoadResult = { ok: result['2xx'], failed: result.non2xx + result.errors, cpuMs: (cpu.user + cpu.system) / 1000 };
process.stdout.write(`${JSON.stringify(output)}\n`);
process.exit(0);
