import type { paths } from '@kaja/api-client';

export type AuditEvent = paths['/v1/audit-events']['get']['responses'][200]['content']['application/json']['data'][number];
type Summary = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const quoted = (value: unknown) => (text(value) ? ` “${text(value)}”` : '');
const inZone = (summary: Summary) => (text(summary.zone) ? ` in ${text(summary.zone)}` : '');

/** A record's name as people write it in their zone: `www`, `@` for the apex. */
function relativeName(name: string, zone: string): string {
  if (!zone) return name;
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name;
}

/** "www A, @ MX and 3 more" from a record change's sets. */
function setsText(summary: Summary): string {
  const sets = Array.isArray(summary.sets) ? (summary.sets as { name?: unknown; type?: unknown }[]) : [];
  const count = typeof summary.set_count === 'number' ? summary.set_count : sets.length;
  const named = sets.slice(0, 3).map((set) => `${relativeName(text(set.name), text(summary.zone))} ${text(set.type)}`.trim());
  if (named.length === 0) return '';
  return `: ${named.join(', ')}${count > named.length ? ` and ${count - named.length} more` : ''}`;
}

/** "role member → admin" style list of what a change changed. */
function changesText(summary: Summary): string {
  const before = (summary.before ?? {}) as Summary;
  const after = (summary.after ?? {}) as Summary;
  const changed = Object.keys(after).filter((field) => after[field] !== undefined && after[field] !== before[field]);
  return changed.length > 0
    ? `: ${changed.map((field) => `${field.replace(/_/g, ' ')} ${text(before[field]) || '—'} → ${text(after[field])}`).join(', ')}`
    : '';
}

type Family = { family: string; label: string; actions: Record<string, (summary: Summary) => string> };

/** Every action the API records, by family: the filter's choices and each event's readable description. */
export const auditFamilies: Family[] = [
  {
    family: 'zone',
    label: 'Zones',
    actions: {
      'zone.created': (s) => `Created zone ${text(s.name)}`,
      'zone.updated': (s) => `Changed zone ${text(s.name)}`,
      'zone.ttl_changed': (s) => `Changed the default TTL${inZone(s)}`,
      'zone.imported': (s) => `Imported a zone file${inZone(s)}${setsText(s)}`,
      'zone.restored': (s) => `Restored an earlier version${inZone(s)}`,
      'zone.deletion_requested': (s) => `Asked to delete zone ${text(s.name)}`,
      'zone.deleted': (s) => `Deleted zone ${text(s.name)}`,
    },
  },
  {
    family: 'records',
    label: 'Records',
    actions: {
      'records.added': (s) => `Added records${inZone(s)}${setsText(s)}`,
      'records.updated': (s) => `Changed records${inZone(s)}${setsText(s)}`,
      'records.replaced': (s) => `Replaced records${inZone(s)}${setsText(s)}`,
      'records.deleted': (s) => `Deleted records${inZone(s)}${setsText(s)}`,
      'records.bulk_changed': (s) => `Changed records in bulk${inZone(s)}${setsText(s)}`,
    },
  },
  {
    family: 'dnssec',
    label: 'DNSSEC',
    actions: {
      'dnssec.updated': (s) => `Changed DNSSEC${inZone(s)}`,
      'dnssec.keys_generated': (s) => `Generated DNSSEC keys${inZone(s)}`,
      'dnssec.keys_removed': (s) => `Removed DNSSEC keys${inZone(s)}`,
      'dnssec.cryptokey_created': (s) => `Added a DNSSEC key${inZone(s)}`,
      'dnssec.cryptokey_deleted': (s) => `Deleted a DNSSEC key${inZone(s)}`,
    },
  },
  {
    family: 'tsig_key',
    label: 'TSIG keys',
    actions: {
      'tsig_key.created': (s) => `Created TSIG key${quoted(s.name)}${inZone(s)}`,
      'tsig_key.updated': (s) => `Changed TSIG key${quoted(s.name)}${inZone(s)}`,
      'tsig_key.deleted': (s) => `Deleted TSIG key${quoted(s.name)}${inZone(s)}`,
    },
  },
  {
    family: 'secondary',
    label: 'Secondaries',
    actions: {
      'secondary.created': (s) => `Added secondary ${text(s.address)}${inZone(s)}`,
      'secondary.deleted': (s) => `Removed secondary ${text(s.address)}${inZone(s)}`,
    },
  },
  {
    family: 'api_key',
    label: 'API keys',
    actions: {
      'api_key.created': (s) => `Created API key${quoted(s.name)}`,
      'api_key.rotated': (s) => `Rotated API key${quoted(s.name)}`,
      'api_key.revoked': (s) => `Revoked API key${quoted(s.name)}`,
    },
  },
  {
    family: 'user',
    label: 'Users and sign-ins',
    actions: {
      'user.signed_up': (s) => `Signed up as ${text(s.email)}`,
      'user.email_verified': () => 'Verified the email address',
      'user.signed_in': () => 'Signed in',
      'user.signed_out': () => 'Signed out',
      'user.signed_out_everywhere': () => 'Signed out everywhere',
      'user.password_changed': () => 'Changed the password',
      'user.password_reset_requested': () => 'Asked for a password reset',
      'user.password_reset': () => 'Reset the password',
      'user.created': (s) => `Added user ${text(s.email)}`,
      'user.updated': (s) => `Changed a user${changesText(s)}`,
      'user.deleted': (s) => `Removed user ${text(s.email)}`,
      'user.left': (s) => `${text(s.email) || 'A user'} left for another account`,
      'user.staff_granted': (s) => `Made ${text(s.email)} platform staff`,
      'user.staff_revoked': (s) => `Ended platform staff rights of ${text(s.email)}`,
    },
  },
  {
    family: 'invitation',
    label: 'Invitations',
    actions: {
      'invitation.created': (s) => `Invited ${text(s.email)} as ${text(s.role)}`,
      'invitation.accepted': (s) => `${text(s.email)} accepted the invitation`,
      'invitation.deleted': (s) => `Revoked the invitation of ${text(s.email)}`,
    },
  },
  {
    family: 'customer',
    label: 'Company',
    actions: {
      'customer.created': (s) => `Created the account ${text(s.name)}`,
      'customer.updated': (s) => `Changed the company${changesText(s)}`,
      'customer.deleted': (s) => `Deleted the account ${text(s.name)}`,
      'customer.suspended': (s) => `Suspended the account: ${text(s.reason)}`,
      'customer.unsuspended': (s) => `Lifted the account’s suspension: ${text(s.reason)}`,
    },
  },
];

const describers = new Map(auditFamilies.flatMap(({ actions }) => Object.entries(actions)));

/** What happened, in words; an action this dashboard does not know yet is shown by its name. */
export function describeEvent(event: AuditEvent): string {
  const describe = describers.get(event.action);
  return describe ? describe(event.summary) : event.action;
}
