import { and, eq, inArray } from '@kaja/db/orm';
import { apiKeys, auditEvents, users, type Executor } from '@kaja/db';

/**
 * The person behind a change, as the customer whose history it is may see them: a member by name and
 * email; a former member (removed, or gone to another customer) by the name their departure recorded,
 * and no more; platform staff as staff; anyone else not at all (decision 055).
 */
export type ActorPerson =
  | { relation: 'member'; full_name: string; email: string }
  | { relation: 'former_member'; full_name: string | null; email: null }
  | { relation: 'staff' | 'outside'; full_name: null; email: null };

export interface ActorIds {
  user_id: string | null;
  api_key_id: string | null;
}

export interface ActorNames {
  person: ActorPerson | null;
  /** The API key's name, among the customer's keys (revoked ones too); null for no key or one that is gone. */
  api_key_name: string | null;
}

/** A person's departure from a customer, whose summary keeps their name. */
const departures = ['user.deleted', 'user.left'];

/**
 * Names the people and keys of `actors` for `customerId`, in four reads whatever their number: the
 * customer's members, its records of people who left, staff, and its keys. Nothing is looked up
 * beyond the customer but whether an unknown person is platform staff.
 */
export async function nameActors(db: Executor, customerId: string, actors: readonly ActorIds[]): Promise<(actor: ActorIds) => ActorNames> {
  const userIds = [...new Set(actors.flatMap((actor) => (actor.user_id ? [actor.user_id] : [])))];
  const keyIds = [...new Set(actors.flatMap((actor) => (actor.api_key_id ? [actor.api_key_id] : [])))];
  const people = new Map<string, ActorPerson>();

  if (userIds.length > 0) {
    const members = await db
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(and(eq(users.customerId, customerId), inArray(users.id, userIds)));
    for (const member of members) people.set(member.id, { relation: 'member', full_name: member.fullName, email: member.email });
  }
  const gone = userIds.filter((id) => !people.has(id));
  if (gone.length > 0) {
    const left = await db
      .select({ id: auditEvents.targetId, summary: auditEvents.summary })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.customerId, customerId),
          eq(auditEvents.targetType, 'user'),
          inArray(auditEvents.action, departures),
          inArray(auditEvents.targetId, gone),
        ),
      );
    for (const { id, summary } of left) {
      const name = typeof summary.full_name === 'string' ? summary.full_name : null;
      if (id && (!people.has(id) || name !== null)) people.set(id, { relation: 'former_member', full_name: name, email: null });
    }
  }
  const strangers = userIds.filter((id) => !people.has(id));
  if (strangers.length > 0) {
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, strangers), eq(users.isStaff, true)));
    for (const { id } of staff) people.set(id, { relation: 'staff', full_name: null, email: null });
  }
  const keyNames = new Map<string, string>();
  if (keyIds.length > 0) {
    const keys = await db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.customerId, customerId), inArray(apiKeys.id, keyIds)));
    for (const key of keys) keyNames.set(key.id, key.name);
  }
  return (actor) => ({
    person: actor.user_id ? (people.get(actor.user_id) ?? { relation: 'outside', full_name: null, email: null }) : null,
    api_key_name: actor.api_key_id ? (keyNames.get(actor.api_key_id) ?? null) : null,
  });
}
