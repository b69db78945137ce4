/** The scopes an API key can hold (`<resource>:*` grants every action on the resource). */
export const apiScopes = [
  'customers:read',
  'customers:write',
  'zones:read',
  'zones:write',
  'records:read',
  'records:write',
  'dnssec:write',
  'webhooks:read',
  'webhooks:write',
] as const;

export type ApiScope = (typeof apiScopes)[number];
