import { spawnSync } from 'node:child_process';
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTsigSecret } from '@kaja/zone-writes';
import { keyEncryptionKeyFile, resolveKeyEncryptionKey, type KeyEncryptionKeys } from '@kaja/config';
import { cryptokeys, customers, openDatabase, totpFactors, tsigKeys, users, zones, type Database } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { decryptPrivateKey, encryptPrivateKey, keyEncryptionKeyId, sealedKeyId } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './adminCommands';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

const admin = new URL('./admin.ts', import.meta.url).pathname;

/** What versions before key rotation stored: version 1 | IV | tag | ciphertext, no key id. */
function sealedBeforeKeyIds(plaintext: Uint8Array, kek: Uint8Array, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(1), iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

const seal = (plaintext: Uint8Array, kek: Uint8Array, id: string) => Buffer.from(encryptPrivateKey(plaintext, kek, id)).toString('base64');

/**
 * A zone with two DNSSEC keys (one sealed the old way), a TSIG key and a person's authenticator-app
 * secret, all under `kek`; their clear values by row id (the user's id for the app secret).
 */
async function storeSealedValues(db: Database, kek: Uint8Array): Promise<Map<string, Buffer>> {
  const clear = new Map<string, Buffer>();
  const [customer] = await db
    .insert(customers)
    .values({ name: `Rotation ${randomUUID()}` })
    .returning();
  const [zone] = await db
    .insert(zones)
    .values({ customerId: customer!.id, name: `${randomUUID()}.example`, region: 'EU', ttl: 3600, serial: 1 })
    .returning();
  for (const [keytype, legacy] of [
    ['ksk', true],
    ['zsk', false],
  ] as const) {
    const id = randomUUID();
    const privateKey = randomBytes(64);
    clear.set(id, privateKey);
    await db.insert(cryptokeys).values({
      id,
      zoneId: zone!.id,
      keytype,
      algorithm: 'ECDSAP256SHA256',
      active: true,
      flags: keytype === 'ksk' ? 257 : 256,
      keyTag: keytype === 'ksk' ? 1 : 2,
      publicKey: 'AAAA',
      privateKey: legacy ? sealedBeforeKeyIds(privateKey, kek, id) : seal(privateKey, kek, id),
    });
  }
  const tsigId = randomUUID();
  const secret = randomBytes(32);
  clear.set(tsigId, secret);
  await db
    .insert(tsigKeys)
    .values({ id: tsigId, customerId: customer!.id, zoneId: zone!.id, name: `key.${zone!.name}`, algorithm: 'hmac-sha256', secret: seal(secret, kek, tsigId) });
  const [user] = await db
    .insert(users)
    .values({ customerId: customer!.id, email: `${randomUUID()}@example.com`, fullName: 'Rotation', role: 'owner' })
    .returning();
  const totpSecret = randomBytes(20);
  clear.set(user!.id, totpSecret);
  await db.insert(totpFactors).values({ userId: user!.id, secret: seal(totpSecret, kek, `totp:${user!.id}`) });
  return clear;
}

/** Every stored sealed value: its row id, the sealed text and which table it is in. */
async function sealedValues(db: Database) {
  const keys = await db.select({ id: cryptokeys.id, sealed: cryptokeys.privateKey }).from(cryptokeys);
  const secrets = await db.select({ id: tsigKeys.id, sealed: tsigKeys.secret }).from(tsigKeys);
  const apps = await db.select({ id: totpFactors.userId, sealed: totpFactors.secret }).from(totpFactors);
  return [
    ...keys.map((row) => ({ ...row, tsig: false, context: row.id })),
    ...secrets.map((row) => ({ ...row, tsig: true, context: row.id })),
    ...apps.map((row) => ({ ...row, tsig: false, context: `totp:${row.id}` })),
  ];
}

/** Opens every stored value with `keys`, as the DNS server and the API do; compares with the clear values. */
async function expectAllOpen(db: Database, keys: KeyEncryptionKeys | Uint8Array, clear: Map<string, Buffer>) {
  for (const { id, sealed, tsig, context } of (await sealedValues(db)).filter((row) => clear.has(row.id))) {
    const opened = tsig
      ? openTsigSecret(sealed, keys instanceof Uint8Array ? { current: keys, previous: [] } : keys, id)
      : decryptPrivateKey(Buffer.from(sealed, 'base64'), keys, context);
    expect(Buffer.from(opened), id).toEqual(clear.get(id));
  }
}

describe('rotating the key-encryption key', () => {
  const old = new Uint8Array(randomBytes(32));
  const next = new Uint8Array(randomBytes(32));
  const newer = new Uint8Array(randomBytes(32));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('re-seals everything sealed under the old key, so that the new key alone opens it all', async () => {
    const clear = await storeSealedValues(database.db, old);
    const rotation = await runAdminCommand(database.db, { command: 'kek-rotate' }, { current: next, previous: [old] });
    expect(rotation.stderr).toBe('');
    expect(rotation.exitCode).toBe(0);
    expect(rotation.stdout).toContain(`Re-sealed under key-encryption key ${keyEncryptionKeyId(next)}:`);
    expect(rotation.stdout).toContain('DNSSEC private keys: 2 re-sealed, 0 already under it');
    expect(rotation.stdout).toContain('TSIG secrets: 1 re-sealed, 0 already under it');
    expect(rotation.stdout).toContain('authenticator-app secrets: 1 re-sealed, 0 already under it');

    await expectAllOpen(database.db, { current: next, previous: [] }, clear);
    const [resealed] = await sealedValues(database.db);
    expect(() => decryptPrivateKey(Buffer.from(resealed!.sealed, 'base64'), old, resealed!.id)).toThrow(/not configured/);
    const status = await runAdminCommand(database.db, { command: 'kek-status' }, { current: next, previous: [] });
    expect(status.stdout).toContain(`  ${keyEncryptionKeyId(next)} (current): 4`);
    expect(status.stdout).not.toContain(keyEncryptionKeyId(old));

    const again = await runAdminCommand(database.db, { command: 'kek-rotate' }, { current: next, previous: [] });
    expect(again.stdout).toContain('DNSSEC private keys: 0 re-sealed, 2 already under it');
  });

  it('opens everything with old and new configured when a rotation stopped half-way, and finishes it when run again', async () => {
    const both = { current: newer, previous: [next] };
    const clear = await storeSealedValues(database.db, next);
    // The state a rotation leaves when it stops after its first row: one value under each key.
    const [first] = (await sealedValues(database.db)).filter(
      (row) => clear.has(row.id) && !row.tsig && sealedKeyId(Buffer.from(row.sealed, 'base64')) !== null,
    );
    const resealed = seal(decryptPrivateKey(Buffer.from(first!.sealed, 'base64'), next, first!.id), newer, first!.id);
    await database.db.update(cryptokeys).set({ privateKey: resealed }).where(eq(cryptokeys.id, first!.id));
    const kinds = new Set((await sealedValues(database.db)).filter((row) => clear.has(row.id)).map((row) => sealedKeyId(Buffer.from(row.sealed, 'base64'))));
    expect(kinds).toEqual(new Set([keyEncryptionKeyId(newer), keyEncryptionKeyId(next), null]));
    await expectAllOpen(database.db, both, clear);

    const status = await runAdminCommand(database.db, { command: 'kek-status' }, both);
    expect(status.stdout).toContain(`${keyEncryptionKeyId(next)} (previous)`);
    expect(status.stdout).toContain('unnamed (sealed before values named their key): 1');

    const rotation = await runAdminCommand(database.db, { command: 'kek-rotate' }, both);
    expect(rotation.exitCode).toBe(0);
    expect(rotation.stdout).toContain('DNSSEC private keys: 3 re-sealed, 1 already under it');
    await expectAllOpen(database.db, { current: newer, previous: [] }, clear);
  });

  it('leaves a value no configured key opens as it is, names it, and fails', async () => {
    const stranger = new Uint8Array(randomBytes(32));
    const clear = await storeSealedValues(database.db, stranger);
    const before = new Map((await sealedValues(database.db)).map((row) => [row.id, row.sealed]));
    const rotation = await runAdminCommand(database.db, { command: 'kek-rotate' }, { current: new Uint8Array(randomBytes(32)), previous: [newer] });
    expect(rotation.exitCode).toBe(1);
    expect(rotation.stdout).toContain('DNSSEC private keys: 4 re-sealed, 0 already under it');
    for (const id of clear.keys()) expect(rotation.stderr).toContain(id);
    expect(rotation.stderr).toContain('4 value(s) open with no configured key');
    const after = new Map((await sealedValues(database.db)).map((row) => [row.id, row.sealed]));
    for (const id of clear.keys()) expect(after.get(id)).toBe(before.get(id));
    await expectAllOpen(database.db, stranger, clear);
  });
});

describe('npm run admin -- kek rotate, without KEY_ENCRYPTION_KEY', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-kek-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates a new key in DATA_DIR, re-seals everything under it and keeps it alone', { timeout: 300_000 }, async () => {
    const { current: old } = resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir });
    let database = await openDatabase({ dataDir });
    const clear = await storeSealedValues(database.db, old);
    await database.close();

    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', KEY_ENCRYPTION_KEY: '', KEY_ENCRYPTION_KEY_PREVIOUS: '', LOG_LEVEL: 'silent' };
    const rotation = spawnSync(process.execPath, [builtProgram(admin), 'kek', 'rotate'], { env: { ...env, ...compileCache }, encoding: 'utf8' });
    expect(rotation.stderr).toBe('');
    expect(rotation.status).toBe(0);
    const keys = resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir });
    expect(keys.previous).toEqual([]);
    expect(keys.current).not.toEqual(old);
    expect(readFileSync(keyEncryptionKeyFile(dataDir), 'utf8')).not.toContain(Buffer.from(old).toString('hex'));
    expect(rotation.stdout).toContain(`Re-sealed under key-encryption key ${keyEncryptionKeyId(keys.current)}:`);

    database = await openDatabase({ dataDir });
    try {
      await expectAllOpen(database.db, keys, clear);
    } finally {
      await database.close();
    }
  });
});
