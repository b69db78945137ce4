import { auditEvents, type Executor } from '@kaja/db';

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

/** Writes an audit event; call it with the transaction of the change it describes. */
export async function recordAudit(executor: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditInsert(executor, actor, entry);
}

/** The INSERT of an audit event, not yet sent: a write may send it as part of a statement of its own. */
export const auditInsert = (executor: Executor, actor: Actor, entry: AuditEntry) =>
  executor.insert(auditEvents).values({
    customerId: entry.customerId,
    actorType: actor.type,
    actorUserId: actor.userId,
    actorApiKeyId: actor.apiKeyId,
    actorKeyCreatedBy: actor.keyCreatedBy ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary ?? {},
    ip: actor.ip,
  });
