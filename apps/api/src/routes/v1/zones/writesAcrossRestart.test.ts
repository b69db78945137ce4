import { afterAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { signUpOwner, startTestApi, type TestApi } from '../../../testing';
import { createZone, setPlan } from './zoneTestKit';

// Record writes go on while the PostgreSQL server restarts (a failover looks the same to the API):
// those in flight fail, the ones after succeed, and every connection the writes took goes back to
// the pool. A write whose BEGIN met a connection the restart broke used to keep its client for good
// (drizzle's transaction, mended in @kaja/db's poolTransactions.ts): the pool then never ended. The
// server is the test's own, as it is stopped and started.
let postgres: TestPostgres | undefined;
let database: (DatabaseHandle & { url?: string }) | undefined;
let api: TestApi | undefined;

afterAll(async () => {
  await api?.close();
  await postgres?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps writing through a server restart and gives back every connection it took', async () => {
  postgres = await startPostgres();
  database = await createTestDatabase(postgres.url);
  api = await startTestApi({ database });
  const owner = await signUpOwner(api);
  // A plan whose record limit the writes do not reach.
  await setPlan(api, owner, 'scale');
  const zone = await createZone(api, owner);
  let written = 0;
  let writing = true;
  const writer = async (id: number) => {
    for (let n = 0; writing; n++) {
      const response = await api!.request('POST', `/zones/${zone.id}/records`, {
        token: owner.apiKey,
        body: { type: 'A', name: `w${id}-${n}`, content: '192.0.2.1' },
      });
      if (response.status === 201) written++;
      await sleep(2);
    }
  };
  const writers = [writer(1), writer(2), writer(3), writer(4)];
  // A write whose transaction begins as the server goes down is what once kept its client: a few
  // restarts under four writers meet that moment.
  for (let restart = 0; restart < 8; restart++) {
    await sleep(400);
    await postgres.stop();
    await sleep(300);
    await postgres.start();
  }
  const before = written;
  await sleep(1000);
  writing = false;
  await Promise.all(writers);
  expect(written).toBeGreaterThan(before);

  const pool = database.pool?.();
  expect(pool && pool.idle).toBe(pool?.total);
  // Ends only once every client is back: a client kept for good would keep it waiting.
  const ended = await Promise.race([database.close().then(() => true), sleep(10_000).then(() => false)]);
  expect(ended).toBe(true);
}, 60_000);
