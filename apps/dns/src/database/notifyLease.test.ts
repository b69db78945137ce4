// The NOTIFY lease on both databases the platform runs on: PGlite (the embedded database) and the
// machine's PostgreSQL server. One holder at a time, even when every node asks at once; a lease not
// renewed passes to a node standing by once it has expired, and one given up at once.
import { dnsLeases } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { describe, expect, it } from 'vitest';
import { NotifyLease } from './notifyLease';

const postgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const quiet = { log: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['PGlite', undefined],
  ['PostgreSQL', postgresUrl],
])('NotifyLease on %s', (_, url) => {
  it('is held by one node of many asking at once, and by the same one at each renewal', async () => {
    const database = await createTestDatabase(url);
    try {
      const leases = Array.from({ length: 8 }, (_, i) => new NotifyLease(database.db, { id: `node-${i}`, name: `ns${i}` }, { ttlMs: 10_000, ...quiet }));
      await Promise.all(leases.map((lease) => lease.attempt()));
      const holders = leases.filter((lease) => lease.held);
      expect(holders).toHaveLength(1);
      await Promise.all(leases.map((lease) => lease.attempt()));
      expect(leases.filter((lease) => lease.held)).toEqual(holders);
      const [row] = await database.db.select().from(dnsLeases);
      expect(row).toMatchObject({ name: 'notify', holderId: `node-${leases.indexOf(holders[0]!)}` });
      expect(row!.expiresAt.getTime()).toBeGreaterThan(row!.acquiredAt.getTime());
    } finally {
      await database.close();
    }
  });

  it('passes to a node standing by once the holder stops renewing and it expires, and at once when given up', async () => {
    const database = await createTestDatabase(url);
    try {
      const a = new NotifyLease(database.db, { id: 'a', name: 'ns-a' }, { ttlMs: 1_000, ...quiet });
      const b = new NotifyLease(database.db, { id: 'b', name: 'ns-b' }, { ttlMs: 1_000, ...quiet });
      const taken: string[] = [];
      a.onTaken(() => taken.push('a'));
      b.onTaken(() => taken.push('b'));
      await a.attempt();
      await b.attempt();
      expect([a.held, b.held]).toEqual([true, false]);
      // A stops renewing (a holder killed, or cut off): it stops counting itself holder first.
      await sleep(1_100);
      expect(a.held).toBe(false);
      await b.attempt();
      expect([a.held, b.held]).toEqual([false, true]);
      await a.attempt();
      expect(a.held).toBe(false);
      // Given up at a clean stop: free before it expires.
      await b.stop();
      expect(b.held).toBe(false);
      await a.attempt();
      expect(a.held).toBe(true);
      expect(taken).toEqual(['a', 'b', 'a']);
      await a.stop();
      expect(await database.db.select().from(dnsLeases)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('keeps the moment it was taken across renewals', async () => {
    const database = await createTestDatabase(url);
    try {
      const a = new NotifyLease(database.db, { id: 'a', name: 'ns-a' }, { ttlMs: 5_000, ...quiet });
      await a.attempt();
      const [first] = await database.db.select().from(dnsLeases);
      await sleep(20);
      await a.attempt();
      const [renewed] = await database.db.select().from(dnsLeases);
      expect(renewed!.acquiredAt).toEqual(first!.acquiredAt);
      expect(renewed!.expiresAt.getTime()).toBeGreaterThan(first!.expiresAt.getTime());
      await a.stop();
    } finally {
      await database.close();
    }
  });
  it('stands by without writing while its replica shows the lease held, and asks the primary once it shows it free', async () => {
    const database = await createTestDatabase(url);
    try {
      const holder = new NotifyLease(database.db, { id: 'a', name: 'ns-a' }, { ttlMs: 1_000, ...quiet });
      // The same database as "replica": what matters is where the standing-by node reads and writes.
      const writes = { insert: 0 };
      const primary = new Proxy(database.db, {
        get: (target, key, receiver) => {
          if (key === 'insert') writes.insert++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const standing = new NotifyLease(primary, { id: 'b', name: 'ns-b' }, { ttlMs: 1_000, replica: database.db, ...quiet });
      await holder.attempt();
      await standing.attempt();
      await standing.attempt();
      expect([holder.held, standing.held, writes.insert]).toEqual([true, false, 0]);
      // The holder goes away: the replica shows the lease expired, and the node takes it on the primary.
      await sleep(1_100);
      await standing.attempt();
      expect([standing.held, writes.insert]).toEqual([true, 1]);
      // Held, it renews on the primary without reading first.
      await standing.attempt();
      expect([standing.held, writes.insert]).toEqual([true, 2]);
    } finally {
      await database.close();
    }
  });
});
