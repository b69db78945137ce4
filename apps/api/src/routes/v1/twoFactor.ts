import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import { commonErrors, idParams, message, successEnvelope } from '../../schemas/common';
import { freshFactor, passkey, passkeyName, passkeyOptions, recoveryCodes, registrationResponse, totpCode, twoFactorStatus } from '../../schemas/twoFactor';
import { assertionOptions, listPasskeys, presentPasskey, registrationOptions } from '../../services/accounts/passkeys';
import * as twoFactor from '../../services/accounts/twoFactor';

const tags = ['two-factor'];
// Enrolment is open to a session that must enrol before anything else; so is looking at what is set up.
const enrolment = { auth: 'session', whileReadOnly: true, whileEnrolling: true } as const;
const settings = { auth: 'session', whileReadOnly: true } as const;

/** Two-step sign-in of the signed-in person: authenticator app (TOTP), passkeys and recovery codes. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/auth/two-factor',
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'What two-step sign-in the person has set up, and whether it is required',
        response: { 200: successEnvelope(twoFactorStatus), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await twoFactor.twoFactorStatus(ctx, principalOf(request)) }),
  );

  app.post(
    '/auth/totp',
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: its secret and otpauth:// URI (show it as a QR code)',
        description:
          'Nothing changes at sign-in until the app is confirmed with a code (POST /auth/totp/confirm). Calling it again starts over with a new secret.',
        response: {
          200: successEnvelope(z.object({ secret: z.string().describe('Base32, for typing into the app'), otpauth_uri: z.string() })),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await twoFactor.beginTotp(ctx, principalOf(request)) }),
  );

  app.post(
    '/auth/totp/confirm',
    {
      config: { ...enrolment, secret: true },
      schema: {
        tags,
        summary: 'Confirm the authenticator app with the code it shows: from now on sign-in asks for a code',
        description:
          'The first second factor of a person also brings ten recovery codes, returned this once (else `recovery_codes` is null). Wrong codes count as failed sign-ins.',
        body: z.object({ code: totpCode }),
        response: { 200: successEnvelope(z.object({ recovery_codes: recoveryCodes.nullable() })), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await twoFactor.confirmTotp(ctx, principalOf(request), request.body.code) }),
  );

  app.post(
    '/auth/totp/disable',
    {
      config: settings,
      schema: {
        tags,
        summary: 'Turn the authenticator app off, confirmed with a fresh second factor',
        description: 'Refused (409) when it is the last second factor of someone who must have one. With the last factor gone, the recovery codes go too.',
        body: z.object({ factor: freshFactor }),
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await twoFactor.disableTotp(ctx, principalOf(request), request.body.factor);
      return { status: 'success' as const, data: { message: 'Authenticator app turned off.' } };
    },
  );

  app.post(
    '/auth/recovery-codes',
    {
      config: { ...settings, secret: true },
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones (shown once), confirmed with a fresh second factor',
        body: z.object({ factor: freshFactor }),
        response: { 200: successEnvelope(z.object({ recovery_codes: recoveryCodes })), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await twoFactor.regenerateRecoveryCodes(ctx, principalOf(request), request.body.factor) }),
  );

  app.post(
    '/auth/two-factor/passkey-options',
    {
      config: settings,
      schema: {
        tags,
        summary: 'WebAuthn options to confirm a change with one of the person’s passkeys (the `factor.passkey` of other calls)',
        response: { 200: passkeyOptions, ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await assertionOptions(ctx, principalOf(request).userId) }),
  );

  app.get(
    '/auth/passkeys',
    { config: enrolment, schema: { tags, summary: 'The person’s passkeys', response: { 200: successEnvelope(z.array(passkey)), ...commonErrors } } },
    async (request) => ({ status: 'success' as const, data: (await listPasskeys(ctx.db, principalOf(request).userId)).map(presentPasskey) }),
  );

  app.post(
    '/auth/passkeys/registration-options',
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'WebAuthn options to create a passkey for the person (give them to the browser)',
        response: { 200: passkeyOptions, ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await registrationOptions(ctx, principalOf(request).userId) }),
  );

  app.post(
    '/auth/passkeys',
    {
      config: { ...enrolment, secret: true },
      schema: {
        tags,
        summary: 'Keep a new passkey: the browser’s answer to the registration options, and a name for it',
        description: 'The first second factor of a person also brings ten recovery codes, returned this once (else `recovery_codes` is null).',
        body: z.object({ challenge_id: z.uuid(), name: passkeyName, response: registrationResponse }),
        response: { 201: successEnvelope(z.object({ passkey, recovery_codes: recoveryCodes.nullable() })), ...commonErrors },
      },
    },
    async (request, reply) => reply.status(201).send({ status: 'success', data: await twoFactor.addPasskeyFor(ctx, principalOf(request), request.body) }),
  );

  app.patch(
    '/auth/passkeys/:id',
    {
      config: settings,
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: idParams,
        body: z.object({ name: passkeyName }),
        response: { 200: successEnvelope(passkey), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await twoFactor.renamePasskeyFor(ctx, principalOf(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      config: settings,
      schema: {
        tags,
        summary: 'Remove a passkey',
        description: 'Refused (409) when it is the last second factor of someone who must have one.',
        params: idParams,
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await twoFactor.removePasskeyFor(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'Passkey removed.' } };
    },
  );
};
