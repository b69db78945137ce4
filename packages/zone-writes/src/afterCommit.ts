import { enqueueJob, type Executor, type ZoneChangeNotice } from '@kaja/db';
import type { WriteContext } from './context';

/** The job that sends one mail; its handler is registered with the API's other jobs. */
export const mailJob = 'mail.send';

/** A mail as the platform sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** What a transaction lets happen only once it has committed: nothing of it if it rolls back. */
export interface AfterCommit {
  /** Announces the zone change to DNS servers after the commit. */
  publish(notice: ZoneChangeNotice): void;
  /** Stores the mail as a job in the transaction (a crash after the commit cannot lose it) and sends it after the commit. */
  mail(message: MailMessage): void;
}

/**
 * Runs `work` in one transaction and releases its side effects after the commit, in one place:
 * the zone-change notices it collected are published, and the mails it asked for, stored as jobs
 * with the change, are handed to `sendMail` to go at once (a runner sends any left behind).
 */
export async function inTransaction<T>(
  ctx: Pick<WriteContext, 'db' | 'zoneChanges' | 'sendMail'>,
  work: (tx: Executor, after: AfterCommit) => Promise<T>,
): Promise<T> {
  let notices: ZoneChangeNotice[] = [];
  let mailJobs: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    notices = [];
    const mails: MailMessage[] = [];
    const value = await work(tx, { publish: (notice) => notices.push(notice), mail: (message) => mails.push(message) });
    mailJobs = [];
    for (const message of mails) mailJobs.push(await enqueueJob(tx, mailJob, message));
    return value;
  });
  for (const notice of notices) await ctx.zoneChanges.publish(notice);
  if (mailJobs.length > 0) ctx.sendMail?.(mailJobs);
  return result;
}
