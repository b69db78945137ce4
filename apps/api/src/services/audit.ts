import { auditEvents, type Executor } from '@kaja/db';

/** Who did something: a signed-in user, an API key (and its user), or the platform itself. */
export interface Actor {
  type: 'user' | 'api_key' | 'system';
  userId: string | null;
  apiKeyId: string | null;
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
  await executor.insert(auditEvents).values({
    customerId: entry.customerId,
    actorType: actor.type,
    actorUserId: actor.userId,
    actorApiKeyId: actor.apiKeyId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary ?? {},
    ip: actor.ip,
  });
}
