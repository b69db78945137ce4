/**
 * The events a webhook endpoint can subscribe to (decision 057), with what each tells. The list is
 * the contract with customers' receivers: a type is added, never renamed or removed.
 */
export const webhookEvents = {
  'zone.created': 'A zone was added to the account',
  'zone.deleted': 'A zone was deleted',
  'zone.records_changed': 'Records of a zone changed (the records removed and added, and the new serial)',
  'dnssec.state_changed': 'DNSSEC signing of a zone moved to another state (enabling, enabled, disabling, disabled)',
  'dnssec.ds_changed': 'The DS records the parent zone must publish for a zone changed',
  'delegation.changed': 'A delegation check found another result than the last: the name servers or the DS the parent publishes, or the zone became active',
  'secondary.transfer_failed': 'A secondary zone could not transfer from its primaries',
  'invoice.issued': 'An invoice was issued',
  'invoice.overdue': 'An invoice is overdue',
  'quota.threshold_reached': 'The account reached 80% or 100% of its plan’s monthly queries',
} as const;

export type WebhookEventType = keyof typeof webhookEvents;

export const webhookEventTypes = Object.keys(webhookEvents) as [WebhookEventType, ...WebhookEventType[]];

/** The ping sent by “send test event”: to every endpoint asked, whatever it subscribes to. */
export const webhookTestEvent = 'webhook.test';
