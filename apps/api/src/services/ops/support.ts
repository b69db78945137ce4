import { supportRequests } from '@kaja/db';
import { inTransaction } from '@kaja/zone-writes';
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
