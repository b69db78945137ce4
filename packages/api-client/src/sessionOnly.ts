// Generated from openapi.json by `npm run generate -w packages/api-client`: do not edit.

/** The calls that take only a session (access token or cookie), never an API key: "METHOD /v1/path". */
export const sessionOnlyCalls: ReadonlySet<string> = new Set([
  'GET /v1/auth/session',
  'GET /v1/subscriptions/current',
  'POST /v1/auth/change-password',
  'POST /v1/auth/signout',
  'POST /v1/auth/signout-everywhere',
  'POST /v1/invoices/{id}/pay',
  'POST /v1/subscriptions/checkout',
  'POST /v1/subscriptions/onboarding-step'
]);
