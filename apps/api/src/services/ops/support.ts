import { supportRequests } from '@kaja/db';
import { count, desc, eq, isNotNull, isNull } from '@kaja/db/orm';
import { inTransaction, recordAudit } from '@kaja/zone-writes';
import { notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { requireStaff, type Principal } from '../accounts/principal';
import type { ServiceContext } from '../context';
import { supportMail } from './mailTemplates';

export interface SupportInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  source: string;
}

/** Stores the request, then mails it to the support address (replies go to the sender). */
export async function submitSupportRequest(ctx: ServiceContext, input: SupportInput, ip: string) {
  const stored = await inTransaction(ctx, async (tx, after) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({ ...input, ip })
      .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
    after.mail(supportMail(ctx.config, input));
    return row;
  });
  return { id: stored!.id, created_at: stored!.createdAt.toISOString() };
}

type SupportRow = typeof supportRequests.$inferSelect;

const presentSupportRequest = (row: SupportRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  source: row.source,
  created_at: row.createdAt.toISOString(),
  handled_at: row.handledAt?.toISOString() ?? null,
  handled_by: row.handledBy,
});

/** Support requests, newest first, open or handled or both (platform staff). */
export async function listSupportRequests(ctx: ServiceContext, principal: Principal, page: Pagination, filters: { state?: 'open' | 'handled' | undefined }) {
  requireStaff(principal);
  const where = filters.state === 'open' ? isNull(supportRequests.handledAt) : filters.state === 'handled' ? isNotNull(supportRequests.handledAt) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(supportRequests).where(where).orderBy(desc(supportRequests.createdAt), desc(supportRequests.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(supportRequests).where(where),
  ]);
  return { items: rows.map(presentSupportRequest), total: total!.value };
}

export async function getSupportRequest(ctx: ServiceContext, principal: Principal, id: string) {
  requireStaff(principal);
  const [row] = await ctx.db.select().from(supportRequests).where(eq(supportRequests.id, id));
  if (!row) throw notFound('Support request');
  return presentSupportRequest(row);
}

/** Marks a request answered (or open again); the audit log keeps who did it, outside any customer's log. */
export async function markSupportRequest(ctx: ServiceContext, principal: Principal, id: string, handled: boolean) {
  requireStaff(principal);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportRequests)
      .set(handled ? { handledAt: ctx.now(), handledBy: principal.userId } : { handledAt: null, handledBy: null })
      .where(eq(supportRequests.id, id))
      .returning();
    if (!row) throw notFound('Support request');
    await recordAudit(tx, principal.actor, {
      customerId: null,
      action: handled ? 'support_request.handled' : 'support_request.reopened',
      targetType: 'support_request',
      targetId: id,
      summary: { subject: row.subject },
    });
    return presentSupportRequest(row);
  });
}
