import { and, desc, eq, gt, isNull, ne, sql } from '@kaja/db/orm';
import { sessions, type Executor } from '@kaja/db';
import { notFound } from '../../errors';
import { hashSecret, newSecret } from './tokens';
import { describeUserAgent } from './userAgents';

export const sessionLifetimeMs = 14 * 24 * 3600_000;

/** How a session was started, as the sessions list shows it. */
export type SignInMethod =
  'password' | 'password+totp' | 'password+recovery_code' | 'password+passkey' | 'passkey' | 'mailed_link' | 'email_verification' | 'invitation';

/** Starts a session; the returned token is the access token (and the cookie value), shown only now. */
export async function createSession(
  executor: Executor,
  userId: string,
  client: { ip: string | null; userAgent: string | null },
  method: SignInMethod = 'password',
) {
  const token = newSecret('kst');
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  const [session] = await executor
    .insert(sessions)
    .values({ userId, tokenHash: hashSecret(token), expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 500) ?? null, method })
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

/**
 * Whether the person signed in from this browser or program before (any session, ended ones too):
 * a sign-in from one never seen is worth a mail.
 */
export async function isNewDevice(executor: Executor, userId: string, userAgent: string | null): Promise<boolean> {
  const [earlier] = await executor.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  if (!earlier) return false;
  const [same] = await executor
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), userAgent === null ? isNull(sessions.userAgent) : eq(sessions.userAgent, userAgent.slice(0, 500))))
    .limit(1);
  return !same;
}

/** The person's open sessions, newest use first. */
export async function listOpenSessions(executor: Executor, userId: string) {
  return executor
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`));
}

/** Ends one open session of the person; another person's session is not found. */
export async function revokeSession(executor: Executor, userId: string, sessionId: string) {
  const [row] = await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning();
  if (!row) throw notFound('Session');
  return row;
}

export const presentSession = (session: typeof sessions.$inferSelect, currentSessionId: string | null) => ({
  id: session.id,
  current: session.id === currentSessionId,
  created_at: session.createdAt.toISOString(),
  last_used_at: (session.lastUsedAt ?? session.createdAt).toISOString(),
  expires_at: session.expiresAt.toISOString(),
  ip: session.ip,
  user_agent: session.userAgent,
  client: describeUserAgent(session.userAgent),
  method: session.method,
});
