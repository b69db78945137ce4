import { enqueueJob, type Database, type Executor, type ZoneChangeNotice } from '@kaja/db';
import { zoneChangeNotification, type ZoneChangePublisher } from './zoneChangePublisher';

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
  /** Announces the zone change to DNS servers: elsewhere at the commit, in this process after it. */
  publish(notice: ZoneChangeNotice): void;
  /** Stores the mail as a job in the transaction (a crash after the commit cannot lose it) and sends it after the commit. */
  mail(message: MailMessage): void;
}

/** What a transaction that only mails needs: the database, and who sends the mail after the commit (none where no mail goes out, as on a DNS node). */
export interface MailingContext {
  db: Database;
  /** Sends the mails whose jobs a transaction committed, now rather than at a runner's next poll. */
  sendMail?: ((jobIds: readonly number[]) => void) | undefined;
}

/** What a transaction that changes zones needs besides: the announcer of its changes in this process. */
export interface PublishingContext extends MailingContext {
  zoneChanges: Pick<ZoneChangePublisher, 'announce'>;
}

/**
 * Runs `work` in one transaction and releases its side effects in one place: the zone-change
 * notices it collected go to PostgreSQL as its last statement (delivered at the commit) and to
 * this process after the commit, and the mails it asked for, stored as jobs with the change, are
 * handed to `sendMail` after the commit to go at once (a runner sends any left behind). A context
 * without a zone-change publisher offers `mail` alone.
 */
export function inTransaction<T>(ctx: PublishingContext, work: (tx: Executor, after: AfterCommit) => Promise<T>): Promise<T>;
export function inTransaction<T>(ctx: MailingContext, work: (tx: Executor, after: Pick<AfterCommit, 'mail'>) => Promise<T>): Promise<T>;
export async function inTransaction<T>(
  ctx: MailingContext & Partial<Pick<PublishingContext, 'zoneChanges'>>,
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
    const notification = zoneChangeNotification(notices);
    if (notification) await tx.execute(notification);
    return value;
  });
  // The overloads give `publish` only to a context that has a publisher: without one, none was collected.
  ctx.zoneChanges?.announce(notices);
  if (mailJobs.length > 0) ctx.sendMail?.(mailJobs);
  return result;
}
