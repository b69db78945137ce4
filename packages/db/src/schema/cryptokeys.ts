import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { zones } from './zones';

export type CryptokeyType = 'ksk' | 'zsk';
export type CryptokeyAlgorithm = 'ECDSAP256SHA256' | 'ED25519' | 'RSASHA256';

/**
 * A DNSSEC key of a zone (`@kaja/dnssec`). Every key is published in the DNSKEY set; only active
 * keys sign. The private key is kept only sealed under the key-encryption key, bound to the row's id.
 */
export const cryptokeys = pgTable(
  'cryptokeys',
  {
    id: id(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    keytype: text('keytype').$type<CryptokeyType>().notNull(),
    algorithm: text('algorithm').$type<CryptokeyAlgorithm>().notNull(),
    active: boolean('active').notNull().default(true),
    /** DNSKEY flags: 257 for a KSK, 256 for a ZSK. */
    flags: integer('flags').notNull(),
    keyTag: integer('key_tag').notNull(),
    /** The DNSKEY public key field, base64 as in presentation format. */
    publicKey: text('public_key').notNull(),
    /** PKCS #8 private key sealed by `encryptPrivateKey` (context: the row's id), base64. */
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('cryptokeys_zone_idx').on(table.zoneId),
    check('cryptokeys_keytype_check', sql`${table.keytype} in ('ksk', 'zsk')`),
    check('cryptokeys_algorithm_check', sql`${table.algorithm} in ('ECDSAP256SHA256', 'ED25519', 'RSASHA256')`),
    check('cryptokeys_flags_check', sql`${table.flags} in (256, 257)`),
  ],
);
