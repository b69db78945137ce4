import { z } from 'zod';
import { successEnvelope, timestamp } from './common';
import { text } from './text';

// Base64url fields: the WebAuthn check refuses anything that does not decode.
const base64url = text().max(16_384);
const credentialId = text().min(1).max(1_400);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const attachment = z.enum(['platform', 'cross-platform']);
const extensionResults = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .describe('clientExtensionResults as the browser gives them');

/** The browser's answer to `navigator.credentials.create()` as JSON (what @simplewebauthn/browser's startRegistration returns). */
export const registrationResponse = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: attachment.optional(),
    clientExtensionResults: extensionResults,
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      authenticatorData: base64url.optional(),
      publicKey: base64url.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      transports: transports.optional(),
    }),
  })
  .meta({ id: 'PasskeyRegistrationResponse' });

/** The browser's answer to `navigator.credentials.get()` as JSON (what @simplewebauthn/browser's startAuthentication returns). */
export const authenticationResponse = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: attachment.optional(),
    clientExtensionResults: extensionResults,
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  })
  .meta({ id: 'PasskeyAuthenticationResponse' });

/** A passkey's signature over a challenge given by one of the *-options calls. */
export const passkeyAssertion = z.object({ challenge_id: z.uuid(), response: authenticationResponse });

export const passkeyOptions = successEnvelope(
  z.object({
    challenge_id: z.uuid().describe('Send it back with the browser’s answer (valid 5 minutes, once)'),
    options: z.record(z.string(), z.unknown()).describe('WebAuthn options in JSON form, for @simplewebauthn/browser (or navigator.credentials) as they are'),
  }),
);

export const totpCode = text().trim().min(6).max(10).describe('The 6 digits the authenticator app shows now');
export const recoveryCode = text().trim().min(10).max(20).describe('One of the recovery codes (each works once)');

/** A second factor given again before a change that weakens the account. */
export const freshFactor = z
  .object({ code: totpCode.optional(), recovery_code: recoveryCode.optional(), passkey: passkeyAssertion.optional() })
  .describe('Exactly one of: a code from the authenticator app, a recovery code, or a passkey signature (options from POST /auth/two-factor/passkey-options)');

export const recoveryCodes = z.array(z.string()).describe('Ten recovery codes, shown only now: keep them somewhere safe');

export const passkey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    backed_up: z.boolean().describe('Synced to a cloud account by its provider'),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: 'Passkey' });

export const passkeyName = text().trim().min(1).max(100);

export const twoFactorStatus = z
  .object({
    enabled: z.boolean().describe('The person signs in with a second factor'),
    required: z.boolean(),
    required_by: z
      .enum(['staff', 'customer'])
      .nullable()
      .describe('Why it is required: platform staff always, or the customer’s owner asks it of every member'),
    totp: z.object({ enabled: z.boolean(), confirmed_at: timestamp.nullable() }),
    passkeys: z.number().int(),
    recovery_codes_left: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });

export const secondFactorStep = z
  .object({
    second_factor_required: z.literal(true),
    sign_in_token: z.string().describe('Send it with one second factor to POST /auth/signin/second-factor (valid 10 minutes, 5 tries)'),
    methods: z.array(z.enum(['totp', 'passkey', 'recovery_code'])),
    expires_at: timestamp,
  })
  .meta({ id: 'SecondFactorStep' });

export const session = z
  .object({
    id: z.uuid(),
    current: z.boolean().describe('The session making this call'),
    created_at: timestamp,
    last_used_at: timestamp,
    expires_at: timestamp,
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    client: z
      .string()
      .nullable()
      .describe('The browser and system (or the program) read from user_agent, e.g. "Firefox 144 on Linux"; null when it names nothing known'),
    method: z
      .string()
      .nullable()
      .describe(
        'How it was signed in: password, password+totp, password+recovery_code, password+passkey, passkey, mailed_link, email_verification, invitation',
      ),
  })
  .meta({ id: 'Session' });
