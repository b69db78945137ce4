import { and, eq } from '@kaja/db/orm';
import { users, type Executor } from '@kaja/db';
import type { AfterCommit } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import { securityMail } from './mailTemplates';

/** Where a change came from, as the mail shows it. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

/** The transaction of the change a mail tells about: the addresses are read in it, the mail goes after its commit. */
export interface ChangeMail {
  tx: Executor;
  after: Pick<AfterCommit, 'mail'>;
}

/** Mails a person about a change to their account's safety. */
export async function mailUser(ctx: ServiceContext, { tx, after }: ChangeMail, userId: string, subject: string, happened: string, origin: Origin) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user) after.mail(securityMail(ctx.config, user.email, subject, { happened, when: ctx.now(), ...origin }));
}

/** Mails every owner of a customer (team and zone safety changes are theirs to know about). */
export async function mailOwners(ctx: ServiceContext, { tx, after }: ChangeMail, customerId: string, subject: string, happened: string, origin: Origin) {
  const owners = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'owner')));
  for (const owner of owners) after.mail(securityMail(ctx.config, owner.email, subject, { happened, when: ctx.now(), ...origin }));
}
