import { z } from 'zod';
import { text } from './text';
import { zoneRegion } from './accounts';
import { successEnvelope, timestamp } from './common';
import { zoneDelegation } from './delegationSchemas';

export const primary = z
  .object({
    address: z.string().describe('IPv4 or IPv6 address of the primary'),
    port: z.number().int(),
    tsig_key_id: z.uuid().nullable().describe('The TSIG key of this zone that signs the transfers; null: unsigned'),
  })
  .meta({ id: 'Primary' });

export const primaryInput = z.object({
  address: text().max(64).describe('IPv4 or IPv6 address; public unicast only'),
  port: z.number().int().min(1).max(65535).optional().describe('Default 53'),
  tsig_key_id: text().max(64).nullable().optional().describe('A TSIG key of this zone to sign the transfers with'),
});

export const secondaryState = z
  .object({
    primaries: z.array(primary),
    last_serial: z.number().int().nullable().describe('The serial the last successful transfer or check saw'),
    last_attempt_at: timestamp.nullable(),
    last_success_at: timestamp.nullable(),
    last_error: z.string().nullable().describe('Why the last attempt failed (each primary tried); null after a success'),
    next_refresh_at: timestamp.nullable().describe('The next check, by the SOA refresh (or retry after a failure); a NOTIFY from a primary brings it forward'),
    expires_at: timestamp.nullable().describe('Unless a transfer succeeds before, the zone stops being served then (SOA expire)'),
    soa_timers: z
      .object({
        refresh: z.number().int().describe('Seconds between two checks of the primaries after a success'),
        retry: z.number().int().describe('Seconds before the next try after a failure'),
        expire: z.number().int().describe('Seconds after the last success that the zone is served without one'),
      })
      .nullable()
      .describe(
        'The timers of the SOA the zone serves (the last transfer’s), as the refreshes use them: refresh and retry within 30 s to 1 day, expire at least 30 s. Null before the first transfer',
      ),
  })
  .meta({ id: 'SecondaryZoneState' });

export const zone = z
  .object({
    id: z.uuid(),
    name: z.string().describe('Absolute, lowercase (IDN as punycode), without the trailing dot'),
    type: z
      .enum(['primary', 'secondary', 'catalog'])
      .describe(
        '`secondary`: transferred in from your primaries, records read-only here; `catalog`: your catalog zone (GET /catalog-zone), written by the platform',
      ),
    region: zoneRegion,
    ttl: z.number().int().describe('Default TTL of new records; also the TTL of the SOA and apex NS'),
    status: z.enum(['active', 'disabled', 'deleting']),
    dnssec: z.object({ enabled: z.boolean(), state: z.enum(['off', 'signing', 'active', 'disabling']) }),
    name_servers: z.array(z.string()),
    delegation: zoneDelegation.describe('What the parent zone says, at the last check (details: GET /zones/{id}/delegation)'),
    serial: z.number().int().describe('SOA serial, bumped once per change'),
    record_count: z.number().int().describe('Records counted against the plan (the platform-managed sets are not)'),
    secondary: secondaryState.nullable().describe('The transfers of a secondary zone; null for a primary zone'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Zone' });

export const rrset = z
  .object({
    id: z.uuid().describe('The record id: one per set of records with the same name and type'),
    name: z.string().describe('Absolute owner name without the trailing dot'),
    type: z.string(),
    ttl: z.number().int(),
    content: z.array(z.string()).describe('Canonical presentation of each value'),
    managed: z.boolean().describe('SOA, apex NS, and DNSKEY, CDS, CDNSKEY and NSEC3PARAM of a signed zone: written by the platform'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'RecordSet' });

export const rrsetWarning = z
  .object({
    name: z.string(),
    type: z.string(),
    code: z
      .enum(['caa_forbids_issue', 'caa_forbids_wildcard', 'null_mx', 'spf_pass_all', 'spf_several'])
      .describe(
        '`caa_forbids_issue`: every CAA issue value is empty, so no certificate authority may issue; `caa_forbids_wildcard`: the same for wildcard certificates; `null_mx`: the name takes no mail (RFC 7505); `spf_pass_all`: the SPF policy passes every sender (+all); `spf_several`: more than one SPF policy, a permanent error for receivers',
      ),
    message: z.string().describe('What the set does, with its consequence'),
  })
  .meta({ id: 'RecordSetWarning' });

/** An answer that saved record sets: the data, and what the saved sets do that their author may not have meant. */
export const warnedEnvelope = <T extends z.ZodType>(data: T) =>
  successEnvelope(data).extend({
    warnings: z
      .array(rrsetWarning)
      .describe(
        'Valid sets, saved and served, that very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...): show them to the user. Empty when none.',
      ),
  });

export const setDiff = z
  .object({
    name: z.string(),
    type: z.string(),
    action: z.enum(['create', 'update', 'delete']),
    ttl: z.number().int(),
    removed: z.array(z.string()),
    added: z.array(z.string()),
  })
  .meta({ id: 'RecordSetChange' });

const contentInput = z
  .union([text({ freeForm: true }).max(65535), z.array(text({ freeForm: true }).max(65535)).max(1000)])
  .describe('One value, or a list of values of the set');

/** Fields checked by the record model itself, so its messages ("Record type is required") reach the client. */
export const rrsetInput = z.object({
  type: text().max(32).optional().describe('A, AAAA, CNAME, MX, TXT, NS, SRV, CAA, PTR, ALIAS (or ANAME), HTTPS, SVCB, TLSA, SSHFP, DS, NAPTR'),
  name: text().max(1024).optional().describe('@ or empty for the apex, a relative name (www), or a full name with or without the trailing dot'),
  content: contentInput.optional(),
  ttl: z.number().int().optional().describe('60 to 604800 seconds; the zone TTL for a new set when left out'),
});

export const zoneParams = z.object({ id: z.uuid() });
export const rrsetParams = z.object({ id: z.uuid(), recordId: z.uuid() });
