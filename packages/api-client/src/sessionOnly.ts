// Generated from openapi.json by `npm run generate-client -w apps/api`: do not edit.

/** The calls that take only a session (access token or cookie), never an API key: "METHOD /v1/path". */
export const sessionOnlyCalls: ReadonlySet<string> = new Set([
  'DELETE /v1/auth/passkeys/{id}',
  'DELETE /v1/auth/sessions/{id}',
  'GET /v1/auth/passkeys',
  'GET /v1/auth/session',
  'GET /v1/auth/sessions',
  'GET /v1/auth/two-factor',
  'GET /v1/subscriptions/current',
  'PATCH /v1/auth/passkeys/{id}',
  'PATCH /v1/support/{id}',
  'POST /v1/auth/change-password',
  'POST /v1/auth/passkeys',
  'POST /v1/auth/passkeys/registration-options',
  'POST /v1/auth/recovery-codes',
  'POST /v1/auth/signout',
  'POST /v1/auth/signout-everywhere',
  'POST /v1/auth/totp',
  'POST /v1/auth/totp/confirm',
  'POST /v1/auth/totp/disable',
  'POST /v1/auth/two-factor/passkey-options',
  'POST /v1/customers/{id}/suspend',
  'POST /v1/customers/{id}/trial-extension',
  'POST /v1/customers/{id}/unsuspend',
  'POST /v1/invoices/{id}/pay',
  'POST /v1/subscriptions/checkout',
  'POST /v1/subscriptions/onboarding-step'
]);
