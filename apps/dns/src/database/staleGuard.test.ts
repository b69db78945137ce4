// When a stale node stops answering and when it answers again, judged from the other nodes'
// heartbeats in `dns_nodes` (PGlite): withdrawn only while another node of its network is current,
// and, once the heartbeats cannot be read, only until the last beat it saw is REGION_OFFLINE_AFTER old.
import { dnsNodes } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { describe, expect, it } from 'vitest';
import { StaleGuard } from './staleGuard';

describe('StaleGuard', () => {
  it('withdraws while stale and another node of the network is current, and answers otherwise', async () => {
    const database = await createTestDatabase();
    const beat = (id: string, network: 'EU' | 'GLOBAL', journalLagSeconds: number, secondsAgo = 0) =>
      database.db
        .insert(dnsNodes)
        .values({
          id,
          name: `${id}.ns.example`,
          network,
          version: '1',
          journalPosition: 1,
          journalLagSeconds,
          zonesLoaded: 1,
          startedAt: new Date(),
          lastHeartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})`,
        })
        .onConflictDoUpdate({ target: dnsNodes.id, set: { journalLagSeconds, lastHeartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})` } });
    let lag = 0;
    const calls: boolean[] = [];
    const guard = new StaleGuard(database.db, {
      self: { id: 'me', network: 'GLOBAL' },
      staleAfterSeconds: 10,
      onlineForSeconds: 3,
      viewEveryMs: 0,
      lagSeconds: () => lag,
      setAnswering: async (on) => {
        calls.push(on);
      },
      log: () => {},
    });
    /** A check after the heartbeats were read (each check starts a read and decides on the last one done). */
    const check = async () => {
      await guard.check();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await guard.check();
    };
    try {
      await beat('me', 'GLOBAL', 0);
      await beat('eu-1', 'EU', 0);
      await beat('other', 'GLOBAL', 30);

      // Current: answers whatever the others say.
      await check();
      expect(guard.answering).toBe(true);

      // Stale, but the only other node of its network lags too (the EU node is another network's).
      lag = 20;
      await check();
      expect(guard.answering).toBe(true);

      // Another node of the network is current: withdrawn.
      await beat('other', 'GLOBAL', 0.5);
      await check();
      expect(guard.answering).toBe(false);

      // Current again: answers.
      lag = 1;
      await check();
      expect(guard.answering).toBe(true);

      // Stale again, then the database is gone: the last heartbeats read keep it withdrawn until the
      // other's beat is older than onlineForSeconds, then it answers stale.
      lag = 20;
      await check();
      expect(guard.answering).toBe(false);
      await database.close();
      await check();
      expect(guard.answering).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      await check();
      expect(guard.answering).toBe(true);
      expect(calls).toEqual([false, true, false, true]);
    } finally {
      await guard.stop();
      await database.close().catch(() => {});
    }
  });
});
