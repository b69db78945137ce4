import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './open';
import { openDatabaseOverPort, serveDatabaseOverPort } from './port';
import { customers, plans } from './schema/index';

describe('the embedded database over a MessagePort', () => {
  let owner: DatabaseHandle;
  beforeAll(async () => {
    owner = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => owner.close());

  const connect = () => {
    const { port1, port2 } = new MessageChannel();
    const stop = serveDatabaseOverPort(owner, port1);
    return { remote: openDatabaseOverPort(port2), stop };
  };

  it('answers queries as the database itself does, dates and JSON included', async () => {
    const { remote, stop } = connect();
    try {
      expect(await remote.db.select().from(plans).orderBy(plans.id)).toEqual(await owner.db.select().from(plans).orderBy(plans.id));
      const [created] = await remote.db.insert(customers).values({ name: 'Over the port' }).returning();
      expect(created!.createdAt).toBeInstanceOf(Date);
      expect(await owner.db.select().from(customers).where(eq(customers.id, created!.id))).toEqual([created]);
    } finally {
      await remote.close();
      await stop();
    }
  });

  it('commits a transaction, rolls back one that throws, and hands on database errors with their code', async () => {
    const { remote, stop } = connect();
    try {
      const id = await remote.db.transaction(async (tx) => {
        const [row] = await tx.insert(customers).values({ name: 'Committed' }).returning();
        return row!.id;
      });
      await expect(
        remote.db.transaction(async (tx) => {
          await tx.insert(customers).values({ name: 'Rolled back' });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const names = (await owner.db.select({ name: customers.name }).from(customers)).map((row) => row.name);
      expect(names).toContain('Committed');
      expect(names).not.toContain('Rolled back');
      await expect(remote.db.insert(customers).values({ id, name: 'Again' })).rejects.toMatchObject({ cause: { code: '23505' } });
      const read = await remote.db.transaction(async (tx) => tx.select().from(customers).where(eq(customers.id, id)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      expect(read).toHaveLength(1);
    } finally {
      await remote.close();
      await stop();
    }
  });

  it('rolls back what the other end left open when it goes, and the owner goes on', async () => {
    const { remote, stop } = connect();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const abandoned = remote.db.transaction(async (tx) => {
      await tx.insert(customers).values({ name: 'Left open' });
      release();
      await new Promise(() => {});
    });
    await held;
    await remote.close();
    await stop();
    void abandoned;
    const names = (await owner.db.select({ name: customers.name }).from(customers)).map((row) => row.name);
    expect(names).not.toContain('Left open');
  });
});
