import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as signInService from '../../services/accounts/signIn';
import * as secondFactor from '../../services/accounts/secondFactor';
import { customer, defaultApiKey, user } from '../../schemas/accounts';
import { commonErrors, email, message, password, successEnvelope, timestamp } from '../../schemas/common';
import { authenticationResponse, passkeyAssertion, passkeyOptions, recoveryCode, secondFactorStep, totpCode } from '../../schemas/twoFactor';
import { clearSessionCookie, clientOf, setSessionCookie } from './client';

const tags = ['auth'];
const session = z.object({ access_token: z.string(), expires_at: timestamp, user, customer }).meta({ id: 'SignedIn' });
const signedIn = successEnvelope(session);
/** The password was right: the session, or (for someone with a second factor) the second step. */
const passwordAccepted = successEnvelope(z.union([session, secondFactorStep]));
const verified = successEnvelope(z.object({ access_token: z.string(), expires_at: timestamp, user, default_api_key: defaultApiKey.optional() }));
const token = text().min(1).max(200);
const sameAnswer = 'If the address can receive mail from us, a message is on its way.';

type Started = Awaited<ReturnType<typeof signInService.signInWithSecondFactor>>;

const isStarted = (result: Started | Awaited<ReturnType<typeof signInService.signin>>): result is Started => 'session' in result;

function sessionOrStep(
  result: Awaited<ReturnType<typeof signInService.signin>>,
  request: Parameters<typeof clientOf>[0],
  reply: Parameters<typeof setSessionCookie>[1],
) {
  if (!isStarted(result)) return { status: 'success' as const, data: result };
  return started(result, request, reply);
}

function started(result: Started, request: Parameters<typeof clientOf>[0], reply: Parameters<typeof setSessionCookie>[1]) {
  setSessionCookie(request, reply, result.session.token, result.session.expiresAt);
  return {
    status: 'success' as const,
    data: { access_token: result.session.token, expires_at: result.session.expiresAt.toISOString(), user: result.user, customer: result.customer },
  };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.post(
    '/auth/signin/second-factor',
    {
      config: { auth: 'public', secret: true },
      schema: {
        tags,
        summary: 'Sign in, second step: the sign-in token and one second factor give the session',
        description:
          'Give exactly one of `code` (authenticator app; a code works once), `recovery_code` (each works once) or `passkey` (a signature over the options from POST /auth/signin/passkey-options). A wrong factor answers 422 and counts as a failed sign-in; after 5 the sign-in token ends and the password is asked again.',
        body: z.object({ sign_in_token: token, code: totpCode.optional(), recovery_code: recoveryCode.optional(), passkey: passkeyAssertion.optional() }),
        response: { 200: signedIn, ...commonErrors },
      },
    },
    async (request, reply) => started(await signInService.signInWithSecondFactor(ctx, request.body, clientOf(request)), request, reply),
  );

  app.post(
    '/auth/signin/passkey-options',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign in, second step with a passkey: WebAuthn options for the person’s passkeys',
        body: z.object({ sign_in_token: token }),
        response: { 200: passkeyOptions, ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await secondFactor.secondFactorPasskeyOptions(ctx, request.body.sign_in_token) }),
  );

  app.post(
    '/auth/passkeys/sign-in-options',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone: WebAuthn options (the browser offers the passkeys it holds for the dashboard)',
        response: { 200: passkeyOptions, ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: await signInService.passkeySignInOptions(ctx) }),
  );

  app.post(
    '/auth/passkeys/sign-in',
    {
      config: { auth: 'public', secret: true },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone (instead of the password and a second factor)',
        description:
          'A passkey is both factors: something the person holds, unlocked on their device. Failures count against the client address like wrong passwords.',
        body: z.object({ challenge_id: z.uuid(), response: authenticationResponse }),
        response: { 200: signedIn, ...commonErrors },
      },
    },
    async (request, reply) => started(await signInService.signInWithPasskey(ctx, request.body, clientOf(request)), request, reply),
  );

  app.post(
    '/auth/signup',
    {
      config: { auth: 'public', rateClass: 'mail' },
      schema: {
        tags,
        summary: 'Sign up: creates the customer and its owner and mails a verification link',
        description: 'Answers the same whether or not the email is already registered.',
        body: z.object({ email, password, full_name: text().trim().min(1).max(200), company: text().trim().min(1).max(200) }),
        response: { 202: message, ...commonErrors },
      },
    },
    async (request, reply) => {
      await signInService.signup(ctx, request.body, clientOf(request));
      return reply.status(202).send({ status: 'success', data: { message: 'Check your inbox: we sent you a link to verify your email address.' } });
    },
  );

  app.post(
    '/auth/signin',
    {
      config: { auth: 'public', secret: true },
      schema: {
        tags,
        summary: 'Sign in: returns an access token and sets the session cookie',
        description:
          'Failed sign-ins are counted per client address (30 in 15 minutes) and per account and client address (10): past either, 429 with Retry-After. After 20 failures for an account from anywhere, the right password answers 403 with `details.sign_in_link_sent` and a sign-in link is mailed (see /auth/sign-in-link): the owner is never locked out.\n\nWith two-step sign-in set up, the right password answers `second_factor_required` and a `sign_in_token` instead of a session: finish with POST /auth/signin/second-factor. A sign-in from a browser or program not used on the account before is mailed to its owner.',
        body: z.object({ email, password: text({ freeForm: true }).min(1).max(256) }),
        response: { 200: passwordAccepted, ...commonErrors },
      },
    },
    async (request, reply) => sessionOrStep(await signInService.signin(ctx, request.body, clientOf(request)), request, reply),
  );

  app.post(
    '/auth/sign-in-link',
    {
      config: { auth: 'public', secret: true },
      schema: {
        tags,
        summary: 'Finish signing in with a mailed sign-in link',
        description:
          'When many wrong passwords were tried on an account from elsewhere, the right password does not give a session at once: sign-in answers 403 with `details.sign_in_link_sent` and mails a link (valid 15 minutes, once). Its token, sent here, signs the person in.',
        body: z.object({ token }),
        response: { 200: passwordAccepted, ...commonErrors },
      },
    },
    async (request, reply) => sessionOrStep(await signInService.signInWithLink(ctx, request.body.token, clientOf(request)), request, reply),
  );

  app.post(
    '/auth/signout',
    {
      config: { auth: 'session', whileReadOnly: true, whileEnrolling: true },
      schema: { tags, summary: 'Sign out: revokes the session', response: { 200: message, ...commonErrors } },
    },
    async (request, reply) => {
      await signInService.signout(ctx, principalOf(request));
      clearSessionCookie(reply);
      return { status: 'success' as const, data: { message: 'Signed out.' } };
    },
  );

  app.post(
    '/auth/signout-everywhere',
    {
      config: { auth: 'session', whileReadOnly: true, whileEnrolling: true },
      schema: {
        tags,
        summary: 'Sign out everywhere: revokes every session of the user, this one included',
        description: 'For a lost or shared device. API keys are not sessions: revoke them under API keys.',
        response: { 200: message, ...commonErrors },
      },
    },
    async (request, reply) => {
      await signInService.signoutEverywhere(ctx, principalOf(request));
      clearSessionCookie(reply);
      return { status: 'success' as const, data: { message: 'Signed out everywhere.' } };
    },
  );

  app.get(
    '/auth/session',
    {
      config: { auth: 'session', whileReadOnly: true, whileEnrolling: true },
      schema: {
        tags,
        summary: 'The signed-in user and their customer',
        description:
          '`two_factor_enrolment_required` is true when the person must set up two-step sign-in before anything else (platform staff, or the customer requires it).',
        response: { 200: successEnvelope(z.object({ user, customer, two_factor_enrolment_required: z.boolean() })), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await signInService.currentSession(ctx, principalOf(request)) }),
  );

  const verify = async (tokenValue: string, request: Parameters<typeof clientOf>[0], reply: Parameters<typeof setSessionCookie>[1]) => {
    const result = await signInService.verifyEmail(ctx, tokenValue, clientOf(request));
    setSessionCookie(request, reply, result.session.token, result.session.expiresAt);
    return {
      status: 'success' as const,
      data: {
        access_token: result.session.token,
        expires_at: result.session.expiresAt.toISOString(),
        user: result.user,
        ...(result.defaultApiKey ? { default_api_key: result.defaultApiKey } : {}),
      },
    };
  };

  app.get(
    '/auth/verify-email',
    {
      config: { auth: 'public', rateClass: 'write', secret: true },
      schema: {
        tags,
        summary: 'Verify the email address with the mailed token',
        description: 'Returns an access token and, the first time, `default_api_key` with its secret (shown once).',
        querystring: z.object({ token }),
        response: { 200: verified, ...commonErrors },
      },
    },
    async (request, reply) => verify(request.query.token, request, reply),
  );

  app.post(
    '/auth/verify-email',
    {
      config: { auth: 'public', secret: true },
      schema: { tags, summary: 'Verify the email address with the mailed token', body: z.object({ token }), response: { 200: verified, ...commonErrors } },
    },
    async (request, reply) => verify(request.body.token, request, reply),
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { auth: 'public', rateClass: 'mail' },
      schema: {
        tags,
        summary: 'Send the verification mail again',
        description: 'Answers the same whether or not the email is registered.',
        querystring: z.object({ email }),
        response: { 202: message, ...commonErrors },
      },
    },
    async (request, reply) => {
      signInService.resendVerification(ctx, request.query.email);
      return reply.status(202).send({ status: 'success', data: { message: sameAnswer } });
    },
  );

  app.post(
    '/auth/request-password-reset',
    {
      config: { auth: 'public', rateClass: 'mail' },
      schema: {
        tags,
        summary: 'Mail a password reset link (valid 1 hour, once)',
        description: 'Answers the same whether or not the email is registered.',
        body: z.object({ email }),
        response: { 202: message, ...commonErrors },
      },
    },
    async (request, reply) => {
      signInService.requestPasswordReset(ctx, request.body.email, clientOf(request));
      return reply.status(202).send({ status: 'success', data: { message: sameAnswer } });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the mailed token; all sessions and other reset links end',
        description:
          'API keys keep working unless `revoke_api_keys` is true: then every API key of the person is revoked too (use it when the account may have been taken over).',
        body: z.object({
          token,
          password,
          revoke_api_keys: z.boolean().optional().describe('Also revoke every API key of the person (default false)'),
        }),
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await signInService.resetPassword(ctx, request.body, clientOf(request));
      const message = request.body.revoke_api_keys
        ? 'Password changed and every API key revoked. Sign in with your new password.'
        : 'Password changed. Sign in with your new password.';
      return { status: 'success' as const, data: { message } };
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { auth: 'session', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        body: z.object({ current_password: text({ freeForm: true }).min(1).max(256), new_password: password }),
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await signInService.changePassword(ctx, principalOf(request), request.body);
      return { status: 'success' as const, data: { message: 'Password changed.' } };
    },
  );
};
