import { and, eq } from '@kaja/db/orm';
import { users } from '@kaja/db';
import type { ServiceContext } from './context';
import { securityMail } from './mailTemplates';

/** Where a change came from, as the mail shows it. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

/** Mails a person about a change to their account's safety (sent after the change is committed). */
export async function mailUser(ctx: ServiceContext, userId: string, subject: string, happened: string, origin: Origin) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user) ctx.mail(securityMail(ctx.config, user.email, subject, { happened, when: ctx.now(), ...origin }));
}

/** Mails every owner of a customer (team and zone safety changes are theirs to know about). */
export async function mailOwners(ctx: ServiceContext, customerId: string, subject: string, happened: string, origin: Origin) {
  const owners = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'owner')));
  for (const owner of owners) ctx.mail(securityMail(ctx.config, owner.email, subject, { happened, when: ctx.now(), ...origin }));
}
