// `npm run bench:dns-live [-- --changes N]`: how long after the API's response a record change is
// answered by the DNS server. Makes N record changes through the real API over HTTP and, after
// each response, asks the DNS server over UDP until the new record is in the answer; prints
// p50/p99/max. On the embedded database (the server hears the change in process), and, when
// DATABASE_URL is set, on PostgreSQL with the server on its own connection through LISTEN.
import { parseArgs } from 'node:util';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { openDatabase, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { signUpOwner, startTestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { databaseNotices, inProcessNotices, serveDatabaseZones } from '@kaja/dns';
import { query, udpExchange } from '@kaja/dns/testing/packets';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';

exitWithUsageOnHelp();

const { values } = parseArgs({ options: { changes: { type: 'string', default: '200' } } });
const changes = Number(values.changes);
if (!Number.isInteger(changes) || changes < 1) {
  console.error('--changes must be a positive whole number');
  process.exit(2);
}

interface Result {
  setting: string;
  delays: number[];
}

async function measure(setting: string, database: DatabaseHandle & { url?: string }): Promise<Result> {
  const api = await startTestApi({ database, env: { LOG_LEVEL: 'silent' } });
  // On PostgreSQL the DNS server is a node of its own: its own connection, told only by LISTEN.
  const dnsDatabase = database.kind === 'postgres' ? await openDatabase({ databaseUrl: database.url!, dataDir: '', migrate: false }) : database;
  const dns = await serveDatabaseZones({
    database: dnsDatabase,
    keyEncryptionKey: resolveKeyEncryptionKey(api.config),
    sources: [database.kind === 'postgres' ? databaseNotices(dnsDatabase) : inProcessNotices((listener) => api.app.zoneChanges.subscribe(listener))],
    listen: [{ host: '127.0.0.1', port: 0 }],
    nodeName: 'bench',
  });
  const port = dns.addresses[0]!.port;
  const delays: number[] = [];
  try {
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const zone = await createZone(api, owner);
    for (let i = 0; i < changes; i++) {
      const name = `r${i}.${zone.name}`;
      const response = await api.request('POST', `/zones/${zone.id}/records`, {
        token: owner.apiKey,
        body: { type: 'A', name, content: `192.0.2.${i % 250}` },
      });
      const answered = performance.now();
      if (response.status !== 201) throw new Error(`the API answered ${response.status}: ${JSON.stringify(response.body)}`);
      const packet = query(name, 'A', i & 0xffff);
      for (;;) {
        const reply = await udpExchange(port, packet, 1000);
        // NOERROR with an answer record: the change is served.
        if (reply && (reply[3]! & 0x0f) === 0 && reply.readUInt16BE(6) > 0) break;
        if (performance.now() - answered > 10_000) throw new Error(`${name} was not answered within 10 s`);
      }
      delays.push(performance.now() - answered);
    }
  } finally {
    await dns.close();
    if (dnsDatabase !== database) await dnsDatabase.close();
    await api.close();
    await database.close();
  }
  return { setting, delays };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const results = [await measure('PGlite, in process', await createTestDatabase(''))];
if (process.env.DATABASE_URL) results.push(await measure('PostgreSQL, LISTEN', await createTestDatabase(process.env.DATABASE_URL)));

console.log(`\nDelay from the API's response to the DNS answer showing the change (${changes} record changes each)\n`);
console.log(['Setting'.padEnd(22), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'max ms'.padStart(8)].join(''));
for (const { setting, delays } of results) {
  const sorted = [...delays].sort((a, b) => a - b);
  console.log([setting.padEnd(22), ...[50, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8)), sorted.at(-1)!.toFixed(1).padStart(8)].join(''));
}
process.exit(0);
