import { and, asc, count, eq, gt, sql } from '@kaja/db/orm';
import { apiKeys, customers, invitations, isUniqueViolation, users, type Executor, type Role } from '@kaja/db';
import { ApiError, conflict, notFound, unauthorized } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { advanceOnboarding, inTransaction, recordAudit } from '@kaja/zone-writes';
import { mailOwners, type ChangeMail, type Origin } from '../ops/securityMail';
import type { Client } from './signIn';
import type { ServiceContext } from '../context';
import { requireMayGrantRole } from './credentialLimits';
import { invitationMail } from '../ops/mailTemplates';
import { checkPasswordRules, hashPassword } from './passwords';
import { presentInvitation, presentUser } from './presenters';
import { requireManager, type Principal } from './principal';
import { createSession } from './sessions';
import { hashSecret, newSecret } from './tokens';

export const invitationLifetimeMs = 7 * 24 * 3600_000;

function requireCanInvite(principal: Principal, role: Role) {
  requireManager(principal);
  if (role === 'owner' && principal.role !== 'owner')
    throw new ApiError('forbidden', 'Only owners can invite owners', { role: 'Only owners can invite owners' });
  requireMayGrantRole(principal, role);
}

/** Invites an address into the caller's customer and mails the single-use link (a new invitation replaces a pending one). */
export async function createInvitation(ctx: ServiceContext, principal: Principal, input: { email: string; role: Role }) {
  requireCanInvite(principal, input.role);
  const token = newSecret('kit');
  return inTransaction(ctx, async (tx, after) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.customerId, principal.customerId)));
    if (member) throw conflict('This person is already a user of your customer', { email: 'Already a user of this customer' });
    await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(and(eq(invitations.customerId, principal.customerId), eq(invitations.email, input.email), eq(invitations.status, 'pending')));
    const [created] = await tx
      .insert(invitations)
      .values({
        customerId: principal.customerId,
        email: input.email,
        role: input.role,
        tokenHash: hashSecret(token),
        invitedBy: principal.userId,
        expiresAt: new Date(Date.now() + invitationLifetimeMs),
      })
      .returning();
    const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, principal.customerId));
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: created!.id,
      summary: { email: input.email, role: input.role },
    });
    await advanceOnboarding(tx, principal.actor, principal.customerId, 'invite_team');
    after.mail(invitationMail(ctx.config, input.email, customer!.name, input.role, token));
    return presentInvitation(created!);
  });
}

export async function listInvitations(ctx: ServiceContext, principal: Principal, page: Pagination) {
  requireManager(principal);
  const where = eq(invitations.customerId, principal.customerId);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(invitations).where(where).orderBy(asc(invitations.createdAt), asc(invitations.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(invitations).where(where),
  ]);
  return { items: rows.map(presentInvitation), total: total!.value };
}

async function findInvitation(executor: Executor, principal: Principal, id: string) {
  const [invitation] = await executor
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.customerId, principal.customerId)));
  if (!invitation) throw notFound('Invitation');
  return invitation;
}

export async function getInvitation(ctx: ServiceContext, principal: Principal, id: string) {
  requireManager(principal);
  return presentInvitation(await findInvitation(ctx.db, principal, id));
}

/** Withdraws a pending invitation; accepted (or already withdrawn) ones stay as they are. */
export async function deleteInvitation(ctx: ServiceContext, principal: Principal, id: string) {
  requireManager(principal);
  return ctx.db.transaction(async (tx) => {
    const invitation = await findInvitation(tx, principal, id);
    if (invitation.status !== 'pending') throw conflict(`Only pending invitations can be deleted; this one is ${invitation.status}`);
    const [revoked] = await tx.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, id)).returning();
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'invitation.deleted',
      targetType: 'invitation',
      targetId: id,
      summary: { email: invitation.email },
    });
    return presentInvitation(revoked!);
  });
}

async function pendingInvitation(executor: Executor, token: string, lock: boolean) {
  const query = executor
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashSecret(token)), eq(invitations.status, 'pending'), gt(invitations.expiresAt, sql`now()`)));
  const [invitation] = lock ? await query.for('update') : await query;
  if (!invitation) throw notFound('Invitation (it may have been used, withdrawn or expired)');
  return invitation;
}

const ownerCount = async (executor: Executor, customerId: string) =>
  (
    await executor
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.customerId, customerId), eq(users.role, 'owner')))
  )[0]!.value;

/**
 * GET /invitations/{token}/accept. A signed-in person with the invited address joins the customer
 * (leaving their current one, unless they are its last owner); a new address is told to choose a password.
 */
export async function acceptInvitation(ctx: ServiceContext, token: string, principal: Principal | null) {
  return inTransaction(ctx, async (tx, after) => {
    const invitation = await pendingInvitation(tx, token, true);
    const [existing] = await tx.select().from(users).where(eq(users.email, invitation.email)).for('update');
    if (!existing) return { invitation: presentInvitation(invitation), user: null, password_required: true };
    if (!principal || principal.userId !== existing.id) throw unauthorized(`Sign in as ${invitation.email} to accept this invitation`);
    if (existing.customerId !== invitation.customerId) {
      if (existing.role === 'owner' && (await ownerCount(tx, existing.customerId)) === 1) {
        throw conflict('You are the last owner of your current customer: hand ownership to someone else or delete it first');
      }
      // Keys belong to a customer: they do not follow the person into another one.
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.userId, existing.id), sql`${apiKeys.revokedAt} is null`));
      await recordAudit(tx, principal.actor, {
        customerId: existing.customerId,
        action: 'user.left',
        targetType: 'user',
        targetId: existing.id,
        // Not which customer they joined: that is another customer's identifier.
        summary: { email: existing.email, full_name: existing.fullName },
      });
    }
    const [moved] = await tx
      .update(users)
      .set({ customerId: invitation.customerId, role: invitation.role, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    const [accepted] = await tx.update(invitations).set({ status: 'accepted', acceptedAt: new Date() }).where(eq(invitations.id, invitation.id)).returning();
    await recordAudit(tx, principal.actor, {
      customerId: invitation.customerId,
      action: 'invitation.accepted',
      targetType: 'invitation',
      targetId: invitation.id,
      summary: { email: invitation.email, role: invitation.role, user_id: existing.id },
    });
    const joined = presentInvitation(accepted!);
    await mailMemberAdded(ctx, { tx, after }, joined, { ip: principal.actor.ip, userAgent: principal.userAgent });
    return { invitation: joined, user: presentUser(moved!), password_required: false };
  });
}

async function mailMemberAdded(ctx: ServiceContext, change: ChangeMail, invitation: ReturnType<typeof presentInvitation>, origin: Origin) {
  await mailOwners(
    ctx,
    change,
    invitation.customer_id,
    'team member added',
    `${invitation.email} accepted the invitation and joined your team as ${invitation.role}.`,
    origin,
  );
}

/** POST /invitations/{token}/accept: a new person sets name and password, and is signed in. */
export async function acceptInvitationAsNewUser(ctx: ServiceContext, token: string, input: { full_name: string; password: string }, client: Client) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, async (tx, after) => {
      const invitation = await pendingInvitation(tx, token, true);
      await checkPasswordRules(input.password, { email: invitation.email, fullName: input.full_name });
      const [user] = await tx
        .insert(users)
        .values({
          customerId: invitation.customerId,
          email: invitation.email,
          fullName: input.full_name,
          role: invitation.role,
          passwordHash,
          // The link arrived by mail: the address is proven.
          emailVerifiedAt: new Date(),
        })
        .returning();
      const [accepted] = await tx.update(invitations).set({ status: 'accepted', acceptedAt: new Date() }).where(eq(invitations.id, invitation.id)).returning();
      const actor = { type: 'user' as const, userId: user!.id, apiKeyId: null, ip: client.ip };
      await recordAudit(tx, actor, {
        customerId: invitation.customerId,
        action: 'invitation.accepted',
        targetType: 'invitation',
        targetId: invitation.id,
        summary: { email: invitation.email, role: invitation.role, user_id: user!.id },
      });
      const session = await createSession(tx, user!.id, client, 'invitation');
      const joined = presentInvitation(accepted!);
      await mailMemberAdded(ctx, { tx, after }, joined, client);
      return { invitation: joined, user: presentUser(user!), session };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This address already has an account: sign in and open the link again', { email: 'Already registered' });
    throw error;
  }
}
