import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneChangesChannel, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { ZoneChangePublisher } from './zoneChangePublisher';

describe('the announcement of a zone change', () => {
  let database: DatabaseHandle;
  let publisher: ZoneChangePublisher;
  const heard: ZoneChangeNotice[] = [];
  const inProcess: ZoneChangeNotice[] = [];
  let unlisten: () => Promise<void>;
  beforeAll(async () => {
    database = await createTestDatabase();
    publisher = new ZoneChangePublisher(database.db, { error: () => {} });
    publisher.subscribe((notice) => inProcess.push(notice));
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

  it('carries the change of the records when it fits the notification, and leaves it for a read when not', async () => {
    await publisher.publish(notice(2, 3));
    // About 70 bytes a record: 200 records do not fit PostgreSQL's 8,000 bytes.
    await publisher.publish(notice(3, 200));
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[0]).toEqual(notice(2, 3));
    expect(heard[1]).toEqual({ ...notice(3, 200), change: undefined });
    expect(heard[1]).not.toHaveProperty('change');
    // In the process nothing limits it.
    expect(inProcess.map((n) => n.change?.added.length)).toEqual([3, 200]);
  });

  it('announces the notices of changes committed together in one statement, in their order', async () => {
    heard.length = 0;
    inProcess.length = 0;
    const notices = [4, 5, 6, 7].map((serial) => notice(serial, 1));
    await publisher.publishAll(notices);
    await expect.poll(() => heard.length).toBe(4);
    expect(heard).toEqual(notices);
    expect(inProcess).toEqual(notices);
  });
});
