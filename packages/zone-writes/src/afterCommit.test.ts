import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '@kaja/db/orm';
import { JobRunner, jobs, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { inTransaction, mailJob, type MailMessage } from './afterCommit';
import { ZoneChangePublisher } from './zoneChangePublisher';

describe('side effects after commit', () => {
  let database: DatabaseHandle;
  let zoneChanges: ZoneChangePublisher;
  const published: ZoneChangeNotice[] = [];
  const sent: number[][] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    zoneChanges = new ZoneChangePublisher({ error: () => {} });
    zoneChanges.subscribe((notice) => published.push(notice));
  });
  afterAll(() => database.close());

  const ctx = () => ({ db: database.db, zoneChanges, sendMail: (ids: readonly number[]) => void sent.push([...ids]) });
  const notice = (serial: number): ZoneChangeNotice => ({ zone_id: '00000000-0000-4000-8000-000000000001', zone: 'after.example', serial, status: 'active' });
  const message = (subject: string): MailMessage => ({ to: 'owner@after.example', subject, text: 'Hello' });
  const mailJobs = () => database.db.select().from(jobs).where(eq(jobs.name, mailJob));

  it('a rolled-back transaction publishes nothing and stores and sends no mail', async () => {
    published.length = 0;
    sent.length = 0;
    const before = (await mailJobs()).length;
    await expect(
      inTransaction(ctx(), async (_tx, after) => {
        after.publish(notice(1));
        after.mail(message('rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(published).toEqual([]);
    expect(sent).toEqual([]);
    expect(await mailJobs()).toHaveLength(before);
  });

  it('a committed transaction publishes its notices and hands its mail, stored as jobs, over to be sent', async () => {
    published.length = 0;
    sent.length = 0;
    const result = await inTransaction(ctx(), async (_tx, after) => {
      after.publish(notice(2));
      after.mail(message('committed'));
      expect(published).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(published).toEqual([notice(2)]);
    expect(sent).toHaveLength(1);
    const [stored] = await database.db.select().from(jobs).where(eq(jobs.id, sent[0]![0]!));
    expect(stored).toMatchObject({ name: mailJob, status: 'queued', payload: message('committed') });
  });

  it('a context without a zone-change publisher mails after the commit all the same', async () => {
    sent.length = 0;
    await inTransaction({ db: database.db, sendMail: (ids: readonly number[]) => void sent.push([...ids]) }, async (_tx, after) => {
      after.mail(message('mail only'));
      expect(sent).toEqual([]);
    });
    expect(sent).toHaveLength(1);
    const [stored] = await database.db.select().from(jobs).where(eq(jobs.id, sent[0]![0]!));
    expect(stored).toMatchObject({ name: mailJob, status: 'queued', payload: message('mail only') });
  });

  it('a mail not sent before a crash is sent by the runner of the next start', async () => {
    // The process ends after the commit, before sending: nothing takes the job ids.
    const id = await inTransaction({ db: database.db, zoneChanges }, async (_tx, after) => {
      after.mail(message('survives a restart'));
      return 0;
    });
    expect(id).toBe(0);
    const delivered: MailMessage[] = [];
    const restarted = new JobRunner({ db: database.db }).register(mailJob, async (payload: MailMessage) => {
      delivered.push(payload);
    });
    await restarted.runUntilIdle();
    expect(delivered).toContainEqual(message('survives a restart'));
    const rows = (await mailJobs()).filter((row) => (row.payload as MailMessage).subject === 'survives a restart');
    expect(rows.map((row) => row.status)).toEqual(['done']);
  });
});
