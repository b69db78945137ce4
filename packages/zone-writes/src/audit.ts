import { sql } from '@kaja/db/orm';
import { auditEvents, reusableStatement, type Executor, type ValueOf } from '@kaja/db';

/** Who did something: a signed-in user, an API key (and its user), a TSIG key (dynamic updates), or the platform itself. */
export interface Actor {
  type: 'user' | 'api_key' | 'tsig_key' | 'system';
  userId: string | null;
  apiKeyId: string | null;
  /** For `api_key`: the user who created the key (it may belong to someone else). */
  keyCreatedBy?: string | null;
  /** Set for `tsig_key`; the audit event names the key in its summary (it has no column of its own). */
  tsigKeyId?: string;
  ip: string | null;
}

export const systemActor: Actor = { type: 'system', userId: null, apiKeyId: null, ip: null };

export interface AuditEntry {
  customerId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  summary?: Record<string, unknown>;
}

/** An audit event's columns as the writer gives them, by the names `auditInsert` reads them under. */
export const auditValues = (actor: Actor, entry: AuditEntry) => ({
  customerId: entry.customerId,
  actorType: actor.type,
  actorUserId: actor.userId,
  actorApiKeyId: actor.apiKeyId,
  actorKeyCreatedBy: actor.keyCreatedBy ?? null,
  action: entry.action,
  targetType: entry.targetType,
  targetId: entry.targetId,
  summary: JSON.stringify(entry.summary ?? {}),
  ip: actor.ip,
});

/**
 * The INSERT of an audit event, each value given by `value` under its name in `auditValues`: sent
 * on its own (`recordAudit`), or as a part of a write's statement.
 */
export const auditInsert = (value: ValueOf<ReturnType<typeof auditValues>>) =>
  sql`INSERT INTO ${auditEvents} (customer_id, actor_type, actor_user_id, actor_api_key_id, actor_key_created_by, action, target_type, target_id, summary, ip)
    VALUES (${value('customerId')}, ${value('actorType')}, ${value('actorUserId')}, ${value('actorApiKeyId')}, ${value('actorKeyCreatedBy')},
      ${value('action')}, ${value('targetType')}, ${value('targetId')}, ${value('summary')}::jsonb, ${value('ip')})`;

const auditStatement = reusableStatement<ReturnType<typeof auditValues>>((value) => auditInsert(value));

/** Writes an audit event; call it with the transaction of the change it describes. */
export async function recordAudit(executor: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditStatement(executor, auditValues(actor, entry));
}
