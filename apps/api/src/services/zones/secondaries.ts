import { isIP } from 'node:net';
import { and, asc, count, eq } from '@kaja/db/orm';
import { zoneSecondaries, type Executor } from '@kaja/db';
import { conflict, invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import { findZone, recordAudit, unmapAddress } from '@kaja/zone-writes';
import type { ServiceContext } from '../context';
import type { Principal } from '../accounts/principal';
import { secondaryAddressProblem } from '@kaja/config';
import { requireNoWiderTsigKey } from '../accounts/credentialLimits';
import { findTsigKey } from './tsigKeys';

export const MAX_SECONDARIES_PER_ZONE = 10;

type SecondaryRow = typeof zoneSecondaries.$inferSelect;

export interface SecondaryInput {
  address: string;
  port?: number | undefined;
  tsig_key_id: string;
}

export function presentSecondary(row: SecondaryRow) {
  return {
    id: row.id,
    zone_id: row.zoneId,
    address: row.address,
    port: row.port,
    tsig_key_id: row.tsigKeyId,
    notified_serial: row.notifiedSerial,
    notified_at: row.notifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** One spelling per address, as the DNS server compares them: IPv4 plain, IPv6 compressed lowercase. */
export function normaliseAddress(text: string): string | null {
  const address = unmapAddress(text.trim().replace(/^\[(.*)\]$/, '$1'));
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  return null;
}

async function findSecondary(executor: Executor, zoneId: string, secondaryId: string): Promise<SecondaryRow> {
  const [row] = await executor
    .select()
    .from(zoneSecondaries)
    .where(and(eq(zoneSecondaries.id, secondaryId), eq(zoneSecondaries.zoneId, zoneId)));
  if (!row) throw notFound('Secondary');
  return row;
}

export async function createSecondary(ctx: ServiceContext, principal: Principal, zoneId: string, input: SecondaryInput) {
  const address = normaliseAddress(input.address);
  if (!address) throw invalid({ address: `${input.address} is not an IPv4 or IPv6 address` });
  const problem = secondaryAddressProblem(address, ctx.config.secondaryAllowedCidrs);
  if (problem) throw invalid({ address: problem });
  const port = input.port ?? 53;
  return ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    if (zone.status === 'deleting') throw conflict('The zone is being deleted');
    const key = await findTsigKey(tx, zone, input.tsig_key_id).catch(() => {
      throw invalid({ tsig_key_id: 'No TSIG key of this zone has this id' });
    });
    requireNoWiderTsigKey(principal, zone.name, key);
    if (!key.canTransfer) throw invalid({ tsig_key_id: `The TSIG key ${key.name} may not transfer the zone: set can_transfer on it first` });
    const [existing] = await tx.select({ value: count() }).from(zoneSecondaries).where(eq(zoneSecondaries.zoneId, zone.id));
    if (existing!.value >= MAX_SECONDARIES_PER_ZONE) throw invalid({ zone: `A zone can have at most ${MAX_SECONDARIES_PER_ZONE} secondaries` });
    const [same] = await tx
      .select({ id: zoneSecondaries.id })
      .from(zoneSecondaries)
      .where(and(eq(zoneSecondaries.zoneId, zone.id), eq(zoneSecondaries.address, address), eq(zoneSecondaries.port, port)));
    if (same) throw conflict(`${address} port ${port} is a secondary of this zone already`, { id: same.id });
    const [row] = await tx.insert(zoneSecondaries).values({ zoneId: zone.id, address, port, tsigKeyId: key.id }).returning();
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'secondary.created',
      targetType: 'secondary',
      targetId: row!.id,
      summary: { zone: zone.name, address, port, tsig_key: key.name },
    });
    return presentSecondary(row!);
  });
}

export async function listSecondaries(ctx: ServiceContext, principal: Principal, zoneId: string, page: Pagination) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const where = eq(zoneSecondaries.zoneId, zone.id);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(zoneSecondaries).where(where).orderBy(asc(zoneSecondaries.address), asc(zoneSecondaries.port)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(zoneSecondaries).where(where),
  ]);
  return { items: rows.map(presentSecondary), total: total!.value };
}

export async function getSecondary(ctx: ServiceContext, principal: Principal, zoneId: string, secondaryId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  return presentSecondary(await findSecondary(ctx.db, zone.id, secondaryId));
}

export async function deleteSecondary(ctx: ServiceContext, principal: Principal, zoneId: string, secondaryId: string) {
  return ctx.db.transaction(async (tx) => {
    const zone = await findZone(tx, principal, zoneId);
    const row = await findSecondary(tx, zone.id, secondaryId);
    requireNoWiderTsigKey(principal, zone.name, await findTsigKey(tx, zone, row.tsigKeyId));
    await tx.delete(zoneSecondaries).where(eq(zoneSecondaries.id, row.id));
    await recordAudit(tx, principal.actor, {
      customerId: zone.customerId,
      action: 'secondary.deleted',
      targetType: 'secondary',
      targetId: row.id,
      summary: { zone: zone.name, address: row.address, port: row.port },
    });
    return presentSecondary(row);
  });
}
