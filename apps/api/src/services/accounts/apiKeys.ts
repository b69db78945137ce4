import { and, count, desc, eq, inArray, isNull, ne, type SQL } from '@kaja/db/orm';
import { apiKeys, users, type Executor, type RecordPolicy, type Role } from '@kaja/db';
import { parseName } from '@kaja/dns-model';
import { invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { inTransaction, normaliseRecordPolicy, parseCidr, recordAudit } from '@kaja/zone-writes';
import { mailUser } from '../ops/securityMail';
import type { ServiceContext } from '../context';
import { presentApiKey } from './presenters';
import { boundApiKey, boundRotation, requireNoWiderApiKey, type ApiKeyLimits } from './credentialLimits';
import { requireManager, requireRoleOver, requireScope, type Principal } from './principal';
import { joinScopes, parseScopes, roleScopes, splitScopes } from './scopes';
import { hashSecret, newSecret } from './tokens';

export interface ApiKeyRestrictionsInput {
  allowed_zones?: string[] | null | undefined;
  record_policies?: { zone?: string | null | undefined; name: string; type: string; allow: boolean }[] | null | undefined;
  allowed_cidrs?: string[] | null | undefined;
  max_age_seconds?: number | null | undefined;
  max_unused_seconds?: number | null | undefined;
}

export interface ApiKeyInput {
  name: string;
  scopes: string[] | string;
  expires_at?: string | null | undefined;
  restrictions?: ApiKeyRestrictionsInput | undefined;
}

/** The stored form of a key's restrictions, with names normalised; throws validation_failed per field. */
function normaliseRestrictions(input: ApiKeyRestrictionsInput | undefined) {
  const details: Record<string, string> = {};
  const zoneName = (value: string, field: string) => {
    try {
      const name = parseName(value.endsWith('.') ? value : `${value}.`, '', { wildcard: false });
      if (name === '') throw new Error('root');
      return name;
    } catch {
      details[field] = `${value} is not a valid zone name`;
      return value;
    }
  };
  const allowedZones = input?.allowed_zones?.map((zone, index) => zoneName(zone, `restrictions.allowed_zones.${index}`)) ?? null;
  const recordPolicies: RecordPolicy[] | null =
    input?.record_policies?.map((policy, index) => {
      const field = `restrictions.record_policies.${index}`;
      return { ...normaliseRecordPolicy(policy, field, details), zone: policy.zone ? zoneName(policy.zone, `${field}.zone`) : null };
    }) ?? null;
  const allowedCidrs =
    input?.allowed_cidrs?.map((cidr, index) => {
      if (!parseCidr(cidr)) details[`restrictions.allowed_cidrs.${index}`] = `${cidr} is not an IPv4 or IPv6 address range (CIDR)`;
      return cidr.trim();
    }) ?? null;
  if (Object.keys(details).length > 0) throw invalid(details);
  return {
    allowedZones,
    recordPolicies,
    allowedCidrs,
    maxAgeSeconds: input?.max_age_seconds ?? null,
    maxUnusedSeconds: input?.max_unused_seconds ?? null,
  };
}

/**
 * The user whose keys are managed: self, or another user of the same customer under the rule of
 * user management (owners and admins; only owners act on owners' keys).
 */
async function keyOwner(ctx: ServiceContext, principal: Principal, userId: string, write: boolean) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerId, principal.customerId)));
  if (!user) throw notFound('User');
  if (user.id !== principal.userId) requireRoleOver(principal, user.role);
  if (write && principal.credential.kind === 'api_key') requireScope(principal, 'customers:write');
  return user;
}

/** Creates a key row; the returned secret is shown to the client once and never stored. */
export async function insertApiKey(executor: Executor, owner: { id: string; customerId: string }, createdBy: string, fields: { name: string } & ApiKeyLimits) {
  const secret = newSecret('kak');
  const [key] = await executor
    .insert(apiKeys)
    .values({
      customerId: owner.customerId,
      userId: owner.id,
      name: fields.name,
      prefix: secret.slice(0, 12),
      secretHash: hashSecret(secret),
      scopes: joinScopes(fields.scopes),
      allowedZones: fields.allowedZones,
      recordPolicies: fields.recordPolicies,
      allowedCidrs: fields.allowedCidrs,
      maxAgeSeconds: fields.maxAgeSeconds,
      maxUnusedSeconds: fields.maxUnusedSeconds,
      expiresAt: fields.expiresAt,
      createdBy,
    })
    .returning();
  return { key: key!, secret };
}

/** The key every owner gets on first email verification: all that the role allows. */
export async function createDefaultApiKey(executor: Executor, owner: { id: string; customerId: string; role: Role }) {
  const scopes = roleScopes(owner.role);
  const { key, secret } = await insertApiKey(executor, owner, owner.id, {
    name: 'Default',
    scopes,
    expiresAt: null,
    ...normaliseRestrictions(undefined),
  });
  return { id: key.id, name: key.name, key: secret, scopes };
}

export async function createApiKey(ctx: ServiceContext, principal: Principal, userId: string, input: ApiKeyInput) {
  const owner = await keyOwner(ctx, principal, userId, true);
  const scopes = parseScopes(input.scopes);
  let expiresAt: Date | null = null;
  if (input.expires_at) {
    expiresAt = new Date(input.expires_at);
    if (expiresAt.getTime() <= Date.now()) throw invalid({ expires_at: 'Expires at must be in the future' });
  }
  const limits = boundApiKey(principal, owner.role, { scopes, expiresAt, ...normaliseRestrictions(input.restrictions) });
  return inTransaction(ctx, async (tx, after) => {
    const { key, secret } = await insertApiKey(tx, owner, principal.userId, { name: input.name, ...limits });
    await recordAudit(tx, principal.actor, {
      customerId: owner.customerId,
      action: 'api_key.created',
      targetType: 'api_key',
      targetId: key.id,
      summary: { name: key.name, user_id: owner.id, scopes, prefix: key.prefix },
    });
    const created = { ...presentApiKey(key), key: secret };
    await mailUser(
      ctx,
      { tx, after },
      owner.id,
      'API key created',
      `An API key named “${created.name}” (${created.scopes.join(', ')}) was created for your Kaja DNS account by ${principal.email}.`,
      {
        ip: principal.actor.ip,
        userAgent: principal.userAgent,
      },
    );
    return created;
  });
}

export async function listApiKeys(ctx: ServiceContext, principal: Principal, userId: string, page: Pagination) {
  const owner = await keyOwner(ctx, principal, userId, false);
  const where = and(eq(apiKeys.userId, owner.id), isNull(apiKeys.revokedAt));
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(apiKeys).where(where),
  ]);
  return { items: rows.map(presentApiKey), total: total!.value };
}

/** Whether `rule` lets the caller through: the API's own checks, asked instead of enforced. */
function allows(rule: () => void): boolean {
  try {
    rule();
    return true;
  } catch {
    return false;
  }
}

/**
 * The active keys of everyone in the team whose keys the caller manages, each with its user, who
 * created it and whether the caller may revoke it (the rules of revokeApiKey, asked per key). A
 * member sees only their own keys; an admin every key but owners'; an owner all of them.
 */
export async function listTeamApiKeys(ctx: ServiceContext, principal: Principal, page: Pagination) {
  const manager = allows(() => requireManager(principal));
  const visible: SQL[] = [eq(apiKeys.customerId, principal.customerId), isNull(apiKeys.revokedAt)];
  if (!manager) visible.push(eq(apiKeys.userId, principal.userId));
  else if (!allows(() => requireRoleOver(principal, 'owner'))) visible.push(ne(users.role, 'owner'));
  const where = and(...visible);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(where),
  ]);
  const creatorIds = [...new Set(rows.map((row) => row.key.createdBy).filter((id) => id !== null))];
  const creators =
    creatorIds.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, email: users.email, full_name: users.fullName })
          .from(users)
          .where(and(inArray(users.id, creatorIds), eq(users.customerId, principal.customerId)));
  const mayWrite = principal.credential.kind !== 'api_key' || allows(() => requireScope(principal, 'customers:write'));
  const items = rows.map(({ key, user }) => ({
    ...presentApiKey(key),
    user: { id: user.id, email: user.email, full_name: user.fullName, role: user.role },
    // A creator who has left the team is not named.
    creator: creators.find((creator) => creator.id === key.createdBy) ?? null,
    can_revoke:
      mayWrite &&
      (user.id === principal.userId || allows(() => requireRoleOver(principal, user.role))) &&
      allows(() => requireNoWiderApiKey(principal, user.role, limitsOf(key))),
  }));
  return { items, total: total!.value };
}

async function findKey(executor: Executor, ownerId: string, keyId: string) {
  const [key] = await executor
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, ownerId)));
  if (!key) throw notFound('API key');
  return key;
}

const limitsOf = (key: typeof apiKeys.$inferSelect) => ({
  scopes: splitScopes(key.scopes),
  expiresAt: key.expiresAt,
  allowedZones: key.allowedZones,
  recordPolicies: key.recordPolicies,
  allowedCidrs: key.allowedCidrs,
  maxAgeSeconds: key.maxAgeSeconds,
  maxUnusedSeconds: key.maxUnusedSeconds,
  createdAt: key.createdAt,
});

export async function getApiKey(ctx: ServiceContext, principal: Principal, userId: string, keyId: string) {
  const owner = await keyOwner(ctx, principal, userId, false);
  return presentApiKey(await findKey(ctx.db, owner.id, keyId));
}

export async function revokeApiKey(ctx: ServiceContext, principal: Principal, userId: string, keyId: string) {
  const owner = await keyOwner(ctx, principal, userId, true);
  return ctx.db.transaction(async (tx) => {
    const key = await findKey(tx, owner.id, keyId);
    if (key.revokedAt) throw notFound('API key');
    requireNoWiderApiKey(principal, owner.role, limitsOf(key));
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id)).returning();
    await recordAudit(tx, principal.actor, {
      customerId: owner.customerId,
      action: 'api_key.revoked',
      targetType: 'api_key',
      targetId: key.id,
      summary: { name: key.name, prefix: key.prefix },
    });
    return presentApiKey(revoked!);
  });
}

/** A new secret with the same name, scopes and restrictions; the old secret stops working at once. */
export async function rotateApiKey(ctx: ServiceContext, principal: Principal, userId: string, keyId: string) {
  const owner = await keyOwner(ctx, principal, userId, true);
  return ctx.db.transaction(async (tx) => {
    const old = await findKey(tx, owner.id, keyId);
    if (old.revokedAt) throw notFound('API key');
    const limits = boundRotation(principal, owner.role, limitsOf(old));
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, old.id));
    const { key, secret } = await insertApiKey(tx, owner, principal.userId, { name: old.name, ...limits });
    await recordAudit(tx, principal.actor, {
      customerId: owner.customerId,
      action: 'api_key.rotated',
      targetType: 'api_key',
      targetId: key.id,
      summary: { name: key.name, replaces: old.id, prefix: key.prefix },
    });
    return { ...presentApiKey(key), key: secret, replaces: old.id };
  });
}
