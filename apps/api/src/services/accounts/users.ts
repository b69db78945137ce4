import { and, asc, count, eq } from '@kaja/db/orm';
import { isUniqueViolation, users, type Executor, type Role } from '@kaja/db';
import { conflict, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { inTransaction, recordAudit } from '@kaja/zone-writes';
import { mailOwners } from '../ops/securityMail';
import { issueEmailToken } from './emailTokens';
import { verificationMail } from '../ops/mailTemplates';
import type { ServiceContext } from '../context';
import { requireMayGrantRole } from './credentialLimits';
import { hashPassword, checkPasswordRules } from './passwords';
import { presentUser } from './presenters';
import { canSeeCustomer, requireRoleOver, requireScope, type Principal } from './principal';

async function findUser(executor: Executor, principal: Principal, userId: string, forUpdate = false) {
  const query = executor.select().from(users).where(eq(users.id, userId));
  const [user] = forUpdate ? await query.for('update') : await query;
  if (!user || !canSeeCustomer(principal, user.customerId)) throw notFound('User');
  return user;
}

async function ownerCount(executor: Executor, customerId: string) {
  const [row] = await executor
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'owner')));
  return row!.value;
}

export async function listUsers(ctx: ServiceContext, principal: Principal, page: Pagination, customerId?: string) {
  const scope = principal.isStaff ? customerId : principal.customerId;
  const where = scope ? eq(users.customerId, scope) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(users).where(where),
  ]);
  return { items: rows.map(presentUser), total: total!.value };
}

export async function getUser(ctx: ServiceContext, principal: Principal, userId: string) {
  return presentUser(await findUser(ctx.db, principal, userId));
}

/** Adds a person to the caller's customer with a first password; they verify their address by the mailed link. */
export async function createUser(ctx: ServiceContext, principal: Principal, input: { email: string; full_name: string; role: Role; password: string }) {
  requireRoleOver(principal, input.role);
  requireMayGrantRole(principal, input.role);
  await checkPasswordRules(input.password, { email: input.email, fullName: input.full_name });
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, async (tx, after) => {
      const [user] = await tx
        .insert(users)
        .values({ customerId: principal.customerId, email: input.email, fullName: input.full_name, role: input.role, passwordHash })
        .returning();
      await recordAudit(tx, principal.actor, {
        customerId: principal.customerId,
        action: 'user.created',
        targetType: 'user',
        targetId: user!.id,
        summary: { email: user!.email, role: user!.role },
      });
      after.mail(verificationMail(ctx.config, user!.email, await issueEmailToken(tx, user!.id, 'verify_email')));
      await mailOwners(
        ctx,
        { tx, after },
        principal.customerId,
        'team member added',
        `${user!.email} was added to your team as ${user!.role} by ${principal.email}.`,
        {
          ip: principal.actor.ip,
          userAgent: principal.userAgent,
        },
      );
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A user with this email already exists', { email: 'Email is already registered' });
    throw error;
  }
}

export async function updateUser(
  ctx: ServiceContext,
  principal: Principal,
  userId: string,
  input: { full_name?: string | undefined; role?: Role | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, principal, userId, true);
    const self = user.id === principal.userId;
    if (!self || input.role !== undefined) requireScope(principal, 'customers:write');
    if (input.role !== undefined && input.role !== user.role) {
      requireRoleOver(principal, user.role);
      requireRoleOver(principal, input.role);
      requireMayGrantRole(principal, input.role);
      if (user.role === 'owner' && (await ownerCount(tx, user.customerId)) === 1) {
        throw conflict('A customer needs at least one owner', { role: 'This user is the last owner' });
      }
    } else if (!self && !principal.isStaff) {
      requireRoleOver(principal, user.role);
    }
    const [updated] = await tx
      .update(users)
      .set({ fullName: input.full_name ?? user.fullName, role: input.role ?? user.role, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId: user.customerId,
      action: 'user.updated',
      targetType: 'user',
      targetId: user.id,
      summary: { before: { full_name: user.fullName, role: user.role }, after: input },
    });
    return presentUser(updated!);
  });
}

/** Removes a person; their sessions and API keys go with them. The last owner cannot be removed. */
export async function deleteUser(ctx: ServiceContext, principal: Principal, userId: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, principal, userId, true);
    requireRoleOver(principal, user.role);
    if (user.role === 'owner' && (await ownerCount(tx, user.customerId)) === 1) {
      throw conflict('The last owner of a customer cannot be deleted', { id: 'This user is the last owner' });
    }
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, principal.actor, {
      customerId: user.customerId,
      action: 'user.deleted',
      targetType: 'user',
      targetId: user.id,
      // The name stays for the history of what they did (decision 055).
      summary: { email: user.email, full_name: user.fullName, role: user.role },
    });
  });
}
