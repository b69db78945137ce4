import { and, eq, ne, sql } from '@kaja/db/orm';
import { apiKeys, customers, plans, sessions, subscriptions, users, type Database, type SubscriptionStatus, type SuspensionReason } from '@kaja/db';
import { defaultPlanId, findPlan } from '@kaja/catalog';
import { ApiError, unauthorized } from '../../errors';
import type { ServiceContext } from '../context';
import type { Principal } from './principal';
import { ipAllowed } from '@kaja/zone-writes';
import { splitScopes } from './scopes';
import { hashSecret } from './tokens';
import { hasSecondFactor } from './twoFactor';

// Last-used times are written at most this often per credential, not on every request.
const lastUsedResolutionMs = 60_000;

const userColumns = {
  userId: users.id,
  customerId: users.customerId,
  email: users.email,
  role: users.role,
  isStaff: users.isStaff,
  planId: plans.id,
  rateLimitRead: plans.rateLimitRead,
  rateLimitWrite: plans.rateLimitWrite,
  subscriptionStatus: subscriptions.status,
  suspensionReason: subscriptions.suspensionReason,
};

const currentSubscription = and(eq(subscriptions.customerId, users.customerId), ne(subscriptions.status, 'canceled'));

function planLimits(row: {
  planId: string | null;
  rateLimitRead: number | null;
  rateLimitWrite: number | null;
  subscriptionStatus: SubscriptionStatus | null;
  suspensionReason: SuspensionReason | null;
}) {
  const account = { subscriptionStatus: row.subscriptionStatus ?? ('canceled' as const), suspensionReason: row.suspensionReason };
  if (row.planId && row.rateLimitRead !== null && row.rateLimitWrite !== null) {
    return { planId: row.planId, rateLimits: { read: row.rateLimitRead, write: row.rateLimitWrite }, account };
  }
  const plan = findPlan(defaultPlanId)!;
  return { planId: plan.id, rateLimits: plan.rateLimits, account };
}

// Every request reads its credential by its hash with one of these two statements: each is built
// and prepared once per database rather than on every request (decision 085).

const sessionByHash = (db: Database) =>
  db
    .select({
      ...userColumns,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastUsedAt: sessions.lastUsedAt,
      requireTwoFactor: customers.requireTwoFactor,
      hasSecondFactor: hasSecondFactor(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(subscriptions, currentSubscription)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .prepare('session_by_hash');

const keyByHash = (db: Database) =>
  db
    .select({ ...userColumns, key: apiKeys })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(subscriptions, currentSubscription)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .prepare('api_key_by_hash');

const sessionsByHash = new WeakMap<Database, ReturnType<typeof sessionByHash>>();
const keysByHash = new WeakMap<Database, ReturnType<typeof keyByHash>>();

function preparedFor<T>(prepared: WeakMap<Database, T>, db: Database, prepare: (db: Database) => T): T {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepare(db)));
  return statement;
}

/** Resolves a bearer token or cookie value to the caller, or throws `unauthorized`. */
export async function authenticate(
  ctx: ServiceContext,
  token: string,
  client: { ip: string; viaCookie: boolean; userAgent?: string | null },
): Promise<Principal> {
  const now = Date.now();
  if (token.startsWith('kst_')) {
    const [row] = await preparedFor(sessionsByHash, ctx.db, sessionByHash).execute({ hash: hashSecret(token) });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= now) throw unauthorized('Session has expired or was signed out');
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
      await ctx.db
        .update(sessions)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
    }
    return {
      userId: row.userId,
      customerId: row.customerId,
      email: row.email,
      role: row.role,
      isStaff: row.isStaff,
      ...planLimits(row),
      credential: { kind: 'session', sessionId: row.sessionId, viaCookie: client.viaCookie },
      actor: { type: 'user', userId: row.userId, apiKeyId: null, ip: client.ip },
      userAgent: client.userAgent ?? null,
      mustEnrolSecondFactor: (row.isStaff || row.requireTwoFactor) && !row.hasSecondFactor,
    };
  }

  if (token.startsWith('kak_')) {
    const [row] = await preparedFor(keysByHash, ctx.db, keyByHash).execute({ hash: hashSecret(token) });
    if (!row) throw unauthorized('Invalid API key');
    const { key } = row;
    if (key.revokedAt) throw unauthorized('API key has been revoked');
    if (key.expiresAt && key.expiresAt.getTime() <= now) throw unauthorized('API key has expired');
    if (key.maxAgeSeconds !== null && key.createdAt.getTime() + key.maxAgeSeconds * 1000 <= now) {
      throw unauthorized('API key has passed its maximum age');
    }
    const lastActive = (key.lastUsedAt ?? key.createdAt).getTime();
    if (key.maxUnusedSeconds !== null && lastActive + key.maxUnusedSeconds * 1000 <= now) {
      throw unauthorized('API key was unused for longer than its maximum unused period');
    }
    if (!ipAllowed(key.allowedCidrs, client.ip)) {
      throw new ApiError('forbidden', 'This API key may not be used from your address', { ip: `${client.ip} is not in the key's allowed ranges` });
    }
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > lastUsedResolutionMs) {
      await ctx.db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(apiKeys.id, key.id));
    }
    return {
      userId: row.userId,
      customerId: row.customerId,
      email: row.email,
      role: row.role,
      isStaff: row.isStaff,
      ...planLimits(row),
      credential: {
        kind: 'api_key',
        apiKey: {
          id: key.id,
          scopes: splitScopes(key.scopes),
          allowedZones: key.allowedZones,
          recordPolicies: key.recordPolicies,
          allowedCidrs: key.allowedCidrs,
          expiresAt: key.expiresAt,
          maxAgeSeconds: key.maxAgeSeconds,
          maxUnusedSeconds: key.maxUnusedSeconds,
          createdAt: key.createdAt,
        },
      },
      actor: { type: 'api_key', userId: row.userId, apiKeyId: key.id, keyCreatedBy: key.createdBy, ip: client.ip },
      userAgent: client.userAgent ?? null,
      // API keys are not sign-ins: a customer's two-factor requirement does not change how they work.
      mustEnrolSecondFactor: false,
    };
  }
  throw unauthorized('Invalid credentials');
}
