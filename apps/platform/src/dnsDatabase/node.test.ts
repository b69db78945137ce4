// `npm run dns` without zone files: a DNS-only node on the PostgreSQL database at DATABASE_URL.
// Its full run needs that server, so it is registered only when DATABASE_URL is set (npm run
// test:db, which CI runs against PostgreSQL); the failure on an unreachable database runs always.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dnsNodeIdFile } from '@kaja/config';
import { dnsNodes, queryCounts, regions } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { signUpOwner, startTestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupWith, startDnsNode, type DnsNodeProcess } from './testing';
import { freePort } from '@kaja/test-support/ports';

// The node keeps its snapshot (and its generated id) under DATA_DIR.
const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dns-node-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(args: string[], databaseUrl: string, env: Record<string, string> = {}): DnsNodeProcess {
  // The test asks one name every few milliseconds, which response rate limiting would slow.
  return startDnsNode(args, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DNS_RATE_LIMIT: '0', ...env });
}

describe('npm run dns as a DNS-only node', () => {
  it('stops with one line when the database cannot be reached', async () => {
    const port = await freePort();
    const node = start(['--listen', `127.0.0.1:${port}`, '--workers', '1'], `postgres://dns@127.0.0.1:${await freePort()}/kaja`);
    expect(await node.exited).toBe(1);
    expect(node.output().trim().split('\n')).toHaveLength(1);
    expect(node.output()).toMatch(/^dns: .*ECONNREFUSED/);
  });

  if (process.env.DATABASE_URL) {
    it(
      'serves the zones of DATABASE_URL from two workers, follows API changes through LISTEN, heartbeats once per node and writes its counts at stop',
      { timeout: 120_000 },
      async () => {
        const database = await createTestDatabase();
        const api = await startTestApi({ database });
        const port = await freePort();
        const node = start(['--listen', `127.0.0.1:${port}`, '--workers', '2', '--node-name', 'edge-1'], database.url!, {
          DNS_NETWORK: 'EU',
          DNS_REGION: 'Europe',
          DNS_HEARTBEAT_INTERVAL: '1',
        });
        try {
          const owner = await signUpOwner(api);
          await setPlan(api, owner, 'scale');
          const before = await createZone(api, owner);
          await expect.poll(() => node.output(), { timeout: 60_000, interval: 100 }).toContain('with 2 workers');
          const look = lookupWith(port);
          expect(await look(before.name, 'NS')).toHaveLength(4);

          const zone = await createZone(api, owner);
          const created = await api.request('POST', `/zones/${zone.id}/records`, {
            token: owner.apiKey,
            body: { type: 'A', name: 'www', content: '192.0.2.40' },
          });
          expect(created.status).toBe(201);
          // Queries spread over both workers: every one of them must have the change. Each follows
          // LISTEN on its own connection, so one may get there a moment after the other.
          const twentyAnswers = async () => {
            const answers = [];
            for (let i = 0; i < 20; i++) answers.push(await look(`www.${zone.name}`, 'A'));
            return answers;
          };
          await expect.poll(twentyAnswers, { timeout: 10_000, interval: 5 }).toEqual(Array(20).fill(['192.0.2.40']));

          // One row for the node (one of its workers beats), under the id it generated and keeps in DATA_DIR;
          // the zone created since start shows at a later beat.
          const rows = () => database.db.select({ node: dnsNodes, region: regions.name }).from(dnsNodes).leftJoin(regions, eq(regions.id, dnsNodes.regionId));
          await expect
            .poll(
              async () =>
                (await rows()).map((row) => ({
                  id: row.node.id,
                  name: row.node.name,
                  network: row.node.network,
                  region: row.region,
                  zones: row.node.zonesLoaded,
                })),
              {
                timeout: 10_000,
                interval: 50,
              },
            )
            .toEqual([{ id: readFileSync(dnsNodeIdFile(dataDir), 'utf8').trim(), name: 'edge-1', network: 'EU', region: 'Europe', zones: 2 }]);
        } finally {
          node.child.kill('SIGTERM');
        }
        expect(await node.exited).toBe(0);
        // At least the twenty A answers of the round that passed were counted, and the NS answer before them.
        const counted = await database.db.select().from(queryCounts);
        const total = (qtype: number) => counted.filter((row) => row.qtype === qtype && row.rcode === 0).reduce((sum, row) => sum + row.count, 0);
        expect(total(1)).toBeGreaterThanOrEqual(20);
        expect(total(2)).toBeGreaterThanOrEqual(1);
        await api.close();
        await database.close();
      },
    );
  }
});
