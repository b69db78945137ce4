import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import type { DatabaseHandle } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { readZoneSnapshots } from '@kaja/dns';
import { writeDsTrustAnchor } from '@kaja/test-support/delv';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { expect } from 'vitest';
import { signThroughApi, startDnsNode, type DnsNodeProcess } from '../src/dnsDatabase/testing';
import { proxyDatabase, type DatabaseCut } from './databaseCut';
import { waitFor } from './waitFor';

/** The values of the large TXT set: about 6 KB answered, 7 KB with its signature. */
export const bigTxtValues = Array.from({ length: 30 }, (_, i) => `${String(i).padStart(2, '0')} ${'x'.repeat(190)}`);

export interface RunningNode {
  process: DnsNodeProcess;
  pid: number;
  /** kill -9, or SIGTERM and wait for a clean exit. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

/**
 * A DNS-only node (`npm run dns`, 2 workers) on a PostgreSQL server of the test's own, reached
 * through a proxy the test can cut, and the real API beside it on the same server (directly:
 * changes can be made during a cut). One customer on the Scale plan with one signed zone holding
 * `www` A 192.0.2.1 and the large TXT set `big`; delv's trust anchor is its DS.
 */
export interface SignedNodeBench {
  api: TestApi;
  owner: TestAccount;
  database: DatabaseHandle;
  zone: { id: string; name: string };
  anchors: string;
  cut: DatabaseCut;
  /** The node's port on 127.0.0.1, the same across restarts. */
  port: number;
  snapshotDir: string;
  send(method: string, path: string, body?: unknown): Promise<any>;
  addA(name: string, content: string): Promise<void>;
  /** Starts the node and resolves once every worker serves (from the database or the snapshot). */
  startNode(options?: { workers?: number; nodeFlags?: string[]; args?: string[] }): Promise<RunningNode>;
  /** Resolves once the node's snapshot holds the zone at the serial the API gives now. */
  snapshotCurrent(): Promise<void>;
  /** Resolves once the API's database answers again after a stop. */
  databaseBack(): Promise<void>;
  close(): Promise<void>;
}

export async function startSignedNodeBench(): Promise<SignedNodeBench> {
  const keyEncryptionKey = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-faults-node-'));
  const nodes = new Set<RunningNode>();
  let postgres: TestPostgres | undefined;
  let database: (DatabaseHandle & { url?: string }) | undefined;
  let api: TestApi | undefined;
  let cut: DatabaseCut | undefined;
  const close = async () => {
    for (const node of nodes) await node.stop('SIGKILL');
    await api?.close();
    await database?.close();
    await cut?.close();
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    postgres = await startPostgres();
    database = await createTestDatabase(postgres.url);
    api = await startTestApi({ database, env: { KEY_ENCRYPTION_KEY: keyEncryptionKey } });
    cut = await proxyDatabase(database.url!);
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    const testApi = api;
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await testApi.request(method, path, { token: owner.apiKey, body });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body?.data;
    };
    const zone = await createZone(api, owner);
    await send('PATCH', `/zones/${zone.id}/records`, {
      changes: [
        { action: 'create', type: 'A', name: 'www', content: ['192.0.2.1'], ttl: 300 },
        { action: 'create', type: 'TXT', name: 'big', content: bigTxtValues, ttl: 300 },
      ],
    });
    const ds = await signThroughApi({ api, send }, zone);
    const anchors = join(dataDir, 'anchors.conf');
    await writeDsTrustAnchor(anchors, zone.name, ds);
    const port = await freePort();
    const snapshotDir = join(dataDir, 'dns-snapshot');
    const proxied = cut;
    const handle = database;
    return {
      api,
      owner,
      database,
      zone,
      anchors,
      cut,
      port,
      snapshotDir,
      send,
      async addA(name, content) {
        await send('POST', `/zones/${zone.id}/records`, { type: 'A', name, content, ttl: 300 });
      },
      async startNode(options = {}) {
        const child = startDnsNode(
          ['--listen', `127.0.0.1:${port}`, '--workers', String(options.workers ?? 2), '--node-name', 'edge-faults', ...(options.args ?? [])],
          { DATABASE_URL: proxied.url, DATA_DIR: dataDir, KEY_ENCRYPTION_KEY: keyEncryptionKey },
          options.nodeFlags,
        );
        const exited = child.exited;
        const node: RunningNode = {
          process: child,
          pid: child.child.pid!,
          async stop(signal) {
            nodes.delete(node);
            if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill(signal);
            return exited;
          },
        };
        nodes.add(node);
        try {
          await waitFor(child.output, (output) => /dns: serving \d+ zone\(s\) from the (database|snapshot) on .* with \d+ workers/.test(output), 60_000, 100);
        } catch (error) {
          await node.stop('SIGKILL');
          throw new Error(`the node did not start within 60 s:\n${child.output()}`, { cause: error });
        }
        return node;
      },
      async snapshotCurrent() {
        const { serial } = await send('GET', `/zones/${zone.id}`);
        await expect
          .poll(async () => (await readZoneSnapshots(snapshotDir)).find((snapshot) => snapshot.id === zone.id)?.zone.serial, { timeout: 20_000, interval: 100 })
          .toBe(serial);
      },
      async databaseBack() {
        await expect
          .poll(
            () =>
              handle.db.execute(sql`select 1`).then(
                () => true,
                () => false,
              ),
            { timeout: 20_000, interval: 100 },
          )
          .toBe(true);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
