import { z } from 'zod';
import { timestamp } from './common';

export const nsDelegationState = z
  .enum(['unchecked', 'ours', 'partly', 'elsewhere', 'unregistered', 'unknown'])
  .describe(
    'What the parent zone delegates to: `ours` (only our name servers), `partly` (ours and others), `elsewhere` (none of ours), `unregistered` (no delegation: the name is not registered or has no NS), `unknown` (the last check could not read the parent), `unchecked` (not checked yet)',
  );

export const dsDelegationState = z
  .enum(['unchecked', 'matching', 'missing', 'stale', 'wrong', 'unexpected', 'none', 'unknown'])
  .describe(
    'The parent’s DS records against the zone’s keys: `matching` (a DS of an active KSK), `missing` (signed, but no DS), `stale` (only DS of keys that no longer sign), `wrong` (DS of no key of the zone), `unexpected` (a DS while the zone is not signed or being turned off: remove it), `none` (not signed, no DS), `unknown` (the last check could not read the parent), `unchecked`',
  );

export const zoneDelegation = z
  .object({
    status: z
      .enum(['pending', 'active'])
      .describe('`pending` until a check sees the parent delegate the zone to our name servers (the zone is served all the same); then `active`'),
    ns_state: nsDelegationState,
    ds_state: dsDelegationState,
    checked_at: timestamp.nullable().describe('When the parent was last asked'),
    release_at: timestamp
      .nullable()
      .describe('For a pending zone: when it is removed, and its name freed, unless delegated to us first (the owners are mailed a week ahead)'),
  })
  .meta({ id: 'ZoneDelegationSummary' });

export const delegation = zoneDelegation
  .extend({
    checks_enabled: z.boolean().describe('Whether this platform checks delegations (false: states stay `unchecked`)'),
    check_pending: z.boolean().describe('A check is queued or running: poll until it is false and `checked_at` has moved'),
    parent_zone: z.string().nullable().describe('The zone the delegation was read from'),
    problem: z.string().nullable().describe('Why the last check could not read the parent; the states are `unknown` then'),
    ns: z.object({
      parent: z.array(z.string()).describe('The name servers the parent delegates to (at the last check that read it)'),
      expected: z.array(z.string()).describe('The name servers to set at your registrar'),
    }),
    ds: z.object({
      parent: z.array(z.string()).describe('The DS records the parent publishes (key tag, algorithm, digest type, digest)'),
      expected: z.array(z.string()).describe('DS records to set at your registrar (one is enough): those of the active KSKs, while signed'),
    }),
  })
  .meta({ id: 'ZoneDelegation' });
