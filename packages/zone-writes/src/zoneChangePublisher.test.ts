import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneChangesChannel, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { ZoneChangePublisher, zoneChangeNotification } from './zoneChangePublisher';

describe('the announcement of a zone change', () => {
  let database: DatabaseHandle;
  const heard: ZoneChangeNotice[] = [];
  let unlisten: () => Promise<void>;
  beforeAll(async () => {
    database = await createTestDatabase();
    unlisten = await database.listen(zoneChangesChannel, (payload) => heard.push(JSON.parse(payload) as ZoneChangeNotice));
  });
  afterAll(async () => {
    await unlisten?.();
    await database?.close();
  });

  const record = (i: number) => ({ name: `host${i}.notice.example`, type: 'A', ttl: 300, content: `192.0.2.${i % 250}` });
  const notice = (serial: number, records: number): ZoneChangeNotice => ({
    zone_id: '00000000-0000-4000-8000-000000000001',
    zone: 'notice.example',
    serial,
    status: 'active',
    change: { previous_serial: serial - 1, removed: [], added: Array.from({ length: records }, (_, i) => record(i)) },
  });

  /** Runs the notices' statement in a transaction that commits, or rolls back when told to. */
  async function notifyIn(notices: ZoneChangeNotice[], outcome: 'commit' | 'rollback' = 'commit') {
    const rolledBack = new Error('rolled back');
    await database.db
      .transaction(async (tx) => {
        await tx.execute(zoneChangeNotification(notices)!);
        if (outcome === 'rollback') throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  }

  it('carries the change of the records when it fits the notification, and leaves it for a read when not', async () => {
    heard.length = 0;
    await notifyIn([notice(2, 3)]);
    // About 70 bytes a record: 200 records do not fit PostgreSQL's 8,000 bytes.
    await notifyIn([notice(3, 200)]);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[0]).toEqual(notice(2, 3));
    expect(heard[1]).toEqual({ ...notice(3, 200), change: undefined });
    expect(heard[1]).not.toHaveProperty('change');
  });

  it('delivers the notices of changes committed together in one statement, in their order, and none of a transaction rolled back', async () => {
    heard.length = 0;
    await notifyIn([notice(4, 1)], 'rollback');
    const notices = [5, 6, 7, 8].map((serial) => notice(serial, 1));
    await notifyIn(notices);
    await expect.poll(() => heard.length).toBe(4);
    expect(heard).toEqual(notices);
    expect(zoneChangeNotification([])).toBeUndefined();
  });

  it('announces in this process each notice whole, in order, the next ones too when a listener throws', async () => {
    const inProcess: ZoneChangeNotice[] = [];
    const errors: unknown[] = [];
    const announcer = new ZoneChangePublisher({ error: (object) => errors.push(object) });
    announcer.subscribe((each) => inProcess.push(each));
    announcer.subscribe(() => {
      throw new Error('listener failed');
    });
    const notices = [notice(9, 200), notice(10, 1)];
    announcer.announce(notices);
    expect(inProcess).toEqual(notices);
    expect(errors).toHaveLength(2);
  });
});
