import { randomUUID } from 'node:crypto';
import { and, count, eq } from '@kaja/db/orm';
import { cryptokeys, type CryptokeyAlgorithm, type CryptokeyType, type Executor } from '@kaja/db';
import { fqdn, recordType } from '@kaja/dns-model';
import { algorithmSuite, DigestType, dsRecord, encryptPrivateKey, exportPrivateKey, generateCryptokey, KSK_FLAGS, readDnskey, ZSK_FLAGS } from '@kaja/dnssec';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { conflict, invalid, notFound } from '../../errors';
import { emitWebhookEvent } from '@kaja/zone-writes';
import type { Pagination } from '../../schemas/common';
import type { ServiceContext } from '../context';
import { dnskeyOf, publishDnssecSets, zoneCryptokeys, type CryptokeyRow } from './dnssecRrsets';
import type { Principal } from '../accounts/principal';
import { findZone, inTransaction, noticeOf, type ZoneRow } from '@kaja/zone-writes';
import type { ZoneContext } from '../context';

export const defaultAlgorithm: CryptokeyAlgorithm = 'ECDSAP256SHA256';

/** The algorithm a request names (mnemonic in any case, or its number), as stored. */
export function parseAlgorithm(input: string | number | undefined): CryptokeyAlgorithm | undefined {
  if (input === undefined) return undefined;
  try {
    return algorithmSuite(input).mnemonic as CryptokeyAlgorithm;
  } catch {
    throw invalid({ algorithm: `Unknown algorithm ${input}: use ECDSAP256SHA256 (13), ED25519 (15) or RSASHA256 (8)` });
  }
}

export function parseKeytype(input: string): CryptokeyType {
  const keytype = input.toLowerCase();
  if (keytype !== 'ksk' && keytype !== 'zsk') throw invalid({ keytype: 'keytype must be ksk or zsk' });
  return keytype;
}

export interface NewCryptokey {
  keytype: CryptokeyType;
  algorithm: CryptokeyAlgorithm;
  active: boolean;
}

/**
 * A new key as its row: the private key only sealed under the key-encryption key, bound to the
 * row's id. Generated outside the transaction (an RSA key takes a moment).
 */
export function newCryptokeyRow(ctx: ServiceContext, zoneId: string, input: NewCryptokey): typeof cryptokeys.$inferInsert {
  const key = generateCryptokey(input);
  const id = randomUUID();
  const sealed = encryptPrivateKey(exportPrivateKey(key), resolveKeyEncryptionKey(ctx.config), id);
  return {
    id,
    zoneId,
    keytype: input.keytype,
    algorithm: input.algorithm,
    active: input.active,
    flags: input.keytype === 'ksk' ? KSK_FLAGS : ZSK_FLAGS,
    keyTag: key.keyTag,
    publicKey: Buffer.from(readDnskey(key.dnskey).publicKey).toString('base64'),
    privateKey: Buffer.from(sealed).toString('base64'),
  };
}

export function presentDs(zone: string, dnskey: Uint8Array, digestType: number) {
  const ds = dsRecord(zone, dnskey, digestType);
  return {
    key_tag: ds.keyTag,
    algorithm: ds.algorithm,
    digest_type: ds.digestType,
    digest: ds.digest,
    content: ds.content,
    presentation: ds.presentation,
    wire: ds.wire,
  };
}

/** The DS records of a KSK for the registrar: SHA-256 and SHA-384. */
export const dsOfKey = (zone: string, key: CryptokeyRow) =>
  key.keytype === 'ksk' ? [DigestType.SHA256, DigestType.SHA384].map((digestType) => presentDs(zone, dnskeyOf(key), digestType)) : [];

/** A zone's DNSSEC state and the DS records its parent should publish (those of active KSKs while signed), to compare around a change. */
export async function dnssecSnapshot(tx: Executor, zone: { id: string; name: string; dnssecState: string }) {
  const keys = zone.dnssecState === 'active' ? await zoneCryptokeys(tx, zone.id) : [];
  const ds = keys
    .filter((key) => key.active)
    .flatMap((key) =>
      dsOfKey(zone.name, key).map((record) => ({
        key_tag: record.key_tag,
        algorithm: record.algorithm,
        digest_type: record.digest_type,
        digest: record.digest,
        content: record.content,
      })),
    );
  return { state: zone.dnssecState, ds };
}

/**
 * Emits `dnssec.state_changed` and `dnssec.ds_changed` for what a change did to the zone, in its
 * transaction: `before` is the zone's `dnssecSnapshot` taken under the same lock.
 */
export async function emitDnssecEvents(
  tx: Executor,
  zone: { id: string; name: string; customerId: string; dnssecState: string },
  before: Awaited<ReturnType<typeof dnssecSnapshot>>,
): Promise<void> {
  const after = await dnssecSnapshot(tx, zone);
  const subject = { id: zone.id, name: zone.name };
  if (after.state !== before.state) {
    await emitWebhookEvent(tx, { customerId: zone.customerId, type: 'dnssec.state_changed', data: { zone: subject, from: before.state, to: after.state } });
  }
  const contents = (list: typeof after.ds) =>
    list
      .map((record) => record.content)
      .sort()
      .join('\n');
  if (contents(after.ds) !== contents(before.ds)) {
    await emitWebhookEvent(tx, { customerId: zone.customerId, type: 'dnssec.ds_changed', data: { zone: subject, ds: after.ds, previous_ds: before.ds } });
  }
}

export function presentDnskey(zone: string, key: CryptokeyRow) {
  const content = recordType('DNSKEY').fromWire(dnskeyOf(key));
  return {
    key_tag: key.keyTag,
    flags: key.flags,
    protocol: 3,
    algorithm: algorithmSuite(key.algorithm).number,
    public_key: key.publicKey,
    content,
    presentation: `${fqdn(zone)} IN DNSKEY ${content}`,
  };
}

export function presentCryptokey(zone: ZoneRow, key: CryptokeyRow) {
  return {
    id: key.id,
    keytype: key.keytype,
    active: key.active,
    algorithm: key.algorithm,
    flags: key.flags,
    key_tag: key.keyTag,
    dnskey: presentDnskey(zone.name, key).presentation,
    ds: dsOfKey(zone.name, key),
    created_at: key.createdAt.toISOString(),
    updated_at: key.updatedAt.toISOString(),
  };
}

/**
 * Why taking this key out of signing can break validation, if it can: the DS at the parent points
 * at a KSK, resolvers hold signatures made by active keys, and the last active KSK is what makes
 * the DNSKEY set match the DS.
 */
export function dependencyWarning(keys: readonly CryptokeyRow[], key: CryptokeyRow, change: 'delete' | 'deactivate'): string | undefined {
  if (!key.active) return undefined;
  const otherActive = keys.filter((other) => other.id !== key.id && other.active);
  if (otherActive.length === 0) return 'This is the zone’s last active key: nothing would sign the zone, and validating resolvers would reject its answers.';
  if (key.keytype === 'ksk' && !otherActive.some((other) => other.keytype === 'ksk')) {
    return 'This is the zone’s last active KSK: the DS record at the registrar points at it, so validating resolvers would reject the zone until a new DS is published.';
  }
  if (change === 'deactivate') return undefined;
  return key.keytype === 'ksk'
    ? 'This KSK is active: a DS record at the registrar may point at it, and resolvers hold the DNSKEY set signed with it. Validation may break until the DS record and caches are updated.'
    : 'This ZSK is active: resolvers hold signatures made with it, which fail to validate once it leaves the DNSKEY set. Validation may break until those signatures expire from caches.';
}

const keysChangeable = (zone: ZoneRow) => {
  if (zone.status === 'deleting') throw conflict('The zone is being deleted');
  if (zone.dnssecState !== 'active') {
    const why = {
      off: 'DNSSEC is off for this zone: turn it on with PATCH /zones/{id}/dnssec/status first',
      signing: 'The zone’s first keys are being generated: wait until the DNSSEC state is active',
      disabling: 'DNSSEC is being turned off for this zone: its keys are removed automatically (turn it on again to keep them)',
    }[zone.dnssecState];
    throw conflict(why, { state: zone.dnssecState });
  }
};

async function findKey(executor: Executor, zone: ZoneRow, keyId: string, lock = false): Promise<CryptokeyRow> {
  const query = executor
    .select()
    .from(cryptokeys)
    .where(and(eq(cryptokeys.id, keyId), eq(cryptokeys.zoneId, zone.id)));
  const [key] = lock ? await query.for('update') : await query;
  if (!key) throw notFound('Cryptokey');
  return key;
}

export async function listCryptokeys(ctx: ZoneContext, principal: Principal, zoneId: string, page: Pagination) {
  const zone = await findZone(ctx.db, principal, zoneId);
  const [keys, [total]] = await Promise.all([
    zoneCryptokeys(ctx.db, zone.id).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(cryptokeys).where(eq(cryptokeys.zoneId, zone.id)),
  ]);
  return { items: keys.map((key) => presentCryptokey(zone, key)), total: total!.value };
}

export async function getCryptokey(ctx: ZoneContext, principal: Principal, zoneId: string, keyId: string) {
  const zone = await findZone(ctx.db, principal, zoneId);
  return presentCryptokey(zone, await findKey(ctx.db, zone, keyId));
}

/** Runs a key change on the locked zone, publishes the apex sets with a new serial, announces it. */
async function changeKeys<T>(
  ctx: ZoneContext,
  principal: Principal,
  zoneId: string,
  change: (tx: Executor, zone: ZoneRow) => Promise<{ result: T; action: string; summary: Record<string, unknown> }>,
): Promise<T> {
  return inTransaction(ctx, async (tx, after) => {
    const zone = await findZone(tx, principal, zoneId, { lock: true });
    keysChangeable(zone);
    const before = await dnssecSnapshot(tx, zone);
    const { result, action, summary } = await change(tx, zone);
    const serial = await publishDnssecSets(tx, ctx, zone, { action, actor: principal.actor, summary, newSerial: true });
    await emitDnssecEvents(tx, zone, before);
    after.publish(noticeOf({ ...zone, serial }));
    return result;
  });
}

export interface CreateCryptokeyInput {
  keytype: string;
  active?: boolean | undefined;
  algorithm?: string | number | undefined;
}

/** A new key, inactive unless asked: a key that signs before resolvers know it breaks validation. */
export async function createCryptokey(ctx: ZoneContext, principal: Principal, zoneId: string, input: CreateCryptokeyInput) {
  const keytype = parseKeytype(input.keytype);
  const algorithm = parseAlgorithm(input.algorithm);
  const checked = await findZone(ctx.db, principal, zoneId);
  keysChangeable(checked);
  const chosen = algorithm ?? (await zoneCryptokeys(ctx.db, checked.id)).find((key) => key.keytype === 'ksk' && key.active)?.algorithm ?? defaultAlgorithm;
  const row = newCryptokeyRow(ctx, checked.id, { keytype, algorithm: chosen, active: input.active ?? false });
  return changeKeys(ctx, principal, zoneId, async (tx, zone) => {
    const [key] = await tx.insert(cryptokeys).values(row).returning();
    return {
      result: presentCryptokey(zone, key!),
      action: 'dnssec.cryptokey_created',
      summary: { zone: zone.name, cryptokey_id: key!.id, keytype, algorithm: chosen, key_tag: key!.keyTag, active: key!.active },
    };
  });
}

/** Activates or deactivates a key; taking the last active KSK out of signing needs `force`. */
export async function updateCryptokey(ctx: ZoneContext, principal: Principal, zoneId: string, keyId: string, input: { active: boolean }, force: boolean) {
  return changeKeys(ctx, principal, zoneId, async (tx, zone) => {
    const key = await findKey(tx, zone, keyId, true);
    const warning = input.active ? undefined : dependencyWarning(await zoneCryptokeys(tx, zone.id), key, 'deactivate');
    if (warning && !force) throw conflict(`${warning} Send ?force=true to deactivate it anyway.`, { force: warning });
    const [updated] = await tx.update(cryptokeys).set({ active: input.active, updatedAt: new Date() }).where(eq(cryptokeys.id, key.id)).returning();
    return {
      result: { ...presentCryptokey(zone, updated!), ...(warning ? { warning } : {}) },
      action: input.active ? 'dnssec.cryptokey_activated' : 'dnssec.cryptokey_deactivated',
      summary: {
        zone: zone.name,
        cryptokey_id: key.id,
        keytype: key.keytype,
        key_tag: key.keyTag,
        active: { from: key.active, to: input.active },
        ...(warning ? { forced: true } : {}),
      },
    };
  });
}

/** Removes a key from the DNSKEY set; an active key needs `force`, and the answer warns. */
export async function deleteCryptokey(ctx: ZoneContext, principal: Principal, zoneId: string, keyId: string, force: boolean) {
  return changeKeys(ctx, principal, zoneId, async (tx, zone) => {
    const key = await findKey(tx, zone, keyId, true);
    const warning = dependencyWarning(await zoneCryptokeys(tx, zone.id), key, 'delete');
    if (warning && !force) throw conflict(`${warning} Send ?force=true to delete it anyway.`, { force: warning });
    await tx.delete(cryptokeys).where(eq(cryptokeys.id, key.id));
    return {
      result: { id: key.id, deleted: true as const, ...(warning ? { warning } : {}) },
      action: 'dnssec.cryptokey_deleted',
      summary: {
        zone: zone.name,
        cryptokey_id: key.id,
        keytype: key.keytype,
        key_tag: key.keyTag,
        was_active: key.active,
        ...(warning ? { forced: true } : {}),
      },
    };
  });
}
