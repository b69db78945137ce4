import { and, eq, isNull, ne } from '@kaja/db/orm';
import { sessions, type Executor } from '@kaja/db';
import { hashSecret, newSecret } from './tokens';

export const sessionLifetimeMs = 14 * 24 * 3600_000;

/** Starts a session; the returned token is the access token (and the cookie value), shown only now. */
export async function createSession(executor: Executor, userId: string, client: { ip: string | null; userAgent: string | null }) {
  const token = newSecret('kst');
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  const [session] = await executor
    .insert(sessions)
    .values({ userId, tokenHash: hashSecret(token), expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 500) ?? null })
    .returning({ id: sessions.id });
  return { token, sessionId: session!.id, expiresAt };
}

/** Revokes every open session of a user, except one (the caller's) when given. */
export async function revokeSessions(executor: Executor, userId: string, exceptSessionId?: string) {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}
