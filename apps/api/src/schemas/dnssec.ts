import { z } from 'zod';
import { text } from './text';
import { queryFlag, timestamp } from './common';

const algorithmInput = z
  .union([text().max(32), z.number().int()])
  .describe('ECDSAP256SHA256 (13, the default), ED25519 (15) or RSASHA256 (8, 2048 bits); the mnemonic or the number');

export const dnssecState = z.enum(['off', 'signing', 'active', 'disabling']);

export const dnssecStatus = z
  .object({
    enabled: z.boolean().describe('Signing switched on (state signing or active)'),
    nsec3: z.boolean().describe('NSEC3 with RFC 9276 parameters (0 extra iterations, empty salt, no opt-out) instead of NSEC'),
    state: dnssecState.describe('off, signing (keys being generated), active (signed, DS final), disabling (keys kept until keys_removed_at)'),
    keys_ready: z.boolean().describe('The keys exist and the DS records are final: publish a DS at the registrar only now'),
    algorithm: z.string().nullable().describe('Algorithm of the active KSK'),
    key_count: z.number().int(),
    keys_removed_at: timestamp.nullable().describe('While disabling: when the keys are removed and the zone is served unsigned'),
    message: z.string().describe('What the state means for your registrar'),
  })
  .meta({ id: 'DnssecStatus' });

export const dnssecStatusInput = z.object({
  enabled: z.boolean().optional(),
  nsec3: z.boolean().optional(),
  algorithm: algorithmInput.optional(),
});

export const dsRecord = z
  .object({
    key_tag: z.number().int(),
    algorithm: z.number().int(),
    digest_type: z.number().int().describe('2 (SHA-256) or 4 (SHA-384)'),
    digest: z.string().describe('Lowercase hex'),
    content: z.string().describe('<tag> <alg> <type> <digest>'),
    presentation: z.string().describe('<zone>. IN DS <tag> <alg> <type> <digest>'),
    wire: z.string().describe('The rdata in hex'),
  })
  .meta({ id: 'DsRecord' });

export const dnskeyRecord = z
  .object({
    key_tag: z.number().int(),
    flags: z.number().int().describe('257 for a KSK, 256 for a ZSK'),
    protocol: z.number().int(),
    algorithm: z.number().int(),
    public_key: z.string().describe('Base64'),
    content: z.string(),
    presentation: z.string().describe('<zone>. IN DNSKEY <flags> 3 <alg> <public key>'),
  })
  .meta({ id: 'DnskeyRecord' });

export const dsList = z.object({ state: dnssecState, ds: z.array(dsRecord), dnskey: z.array(dnskeyRecord) });

export const cryptokey = z
  .object({
    id: z.uuid(),
    keytype: z.enum(['ksk', 'zsk']),
    active: z.boolean().describe('An active key signs; an inactive one is published in the DNSKEY set only'),
    algorithm: z.enum(['ECDSAP256SHA256', 'ED25519', 'RSASHA256']),
    flags: z.number().int(),
    key_tag: z.number().int(),
    dnskey: z.string().describe('The DNSKEY record in presentation form'),
    ds: z.array(dsRecord).describe('For a KSK: its DS records (SHA-256 and SHA-384); empty for a ZSK'),
    created_at: timestamp,
    updated_at: timestamp,
    warning: z.string().optional().describe('Set when a forced change may break validation'),
  })
  .meta({ id: 'Cryptokey' });

export const cryptokeyInput = z.object({
  keytype: text().max(8).describe('ksk or zsk (KSK and ZSK too)'),
  active: z.boolean().optional().describe('Default false: publish first, activate later'),
  algorithm: algorithmInput.optional().describe('Default: the algorithm of the active KSK, else ECDSAP256SHA256'),
});

export const cryptokeyParams = z.object({ id: z.uuid(), keyId: z.uuid() });

export const forceQuery = z.object({
  force: queryFlag.default(false).describe('Needed to take a key out of use that the DS or current signatures depend on'),
});

export const cryptokeyDeleted = z.object({ id: z.uuid(), deleted: z.literal(true), warning: z.string().optional() });
