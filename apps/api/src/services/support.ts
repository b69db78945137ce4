import { supportRequests } from '@kaja/db';
import type { ServiceContext } from './context';
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
  const [stored] = await ctx.db
    .insert(supportRequests)
    .values({ ...input, ip })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  ctx.mail(supportMail(ctx.config, input));
  return { id: stored!.id, created_at: stored!.createdAt.toISOString() };
}
