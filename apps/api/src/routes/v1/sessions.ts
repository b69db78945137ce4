import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import { commonErrors, idParams, message, successEnvelope } from '../../schemas/common';
import { session } from '../../schemas/twoFactor';
import * as signInService from '../../services/accounts/signIn';

const tags = ['auth'];

/** The signed-in person's sessions (signed-in browsers and programs); API keys are listed under API keys. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.get(
    '/auth/sessions',
    {
      config: { auth: 'session', whileEnrolling: true },
      schema: {
        tags,
        summary: 'The person’s open sessions: when started and last used, from which address and browser',
        response: { 200: successEnvelope(z.array(session)), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await signInService.listSessions(ctx, principalOf(request)) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { auth: 'session', whileReadOnly: true, whileEnrolling: true },
      schema: {
        tags,
        summary: 'Sign one session out (e.g. a lost device); the current one too when named',
        params: idParams,
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await signInService.endSession(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'Session signed out.' } };
    },
  );
};
