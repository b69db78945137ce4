import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as invitationsService from '../../services/accounts/invitations';
import { invitation, role, user } from '../../schemas/accounts';
import { commonErrors, email, idParams, listEnvelope, pagination, password, successEnvelope, timestamp } from '../../schemas/common';
import { clientOf, setSessionCookie } from './client';

const tags = ['invitations'];
const tokenParams = z.object({ token: text().min(1).max(200) });

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.post(
    '/invitations-admin',
    {
      config: { scope: 'customers:write', rateClass: 'mail' },
      schema: {
        tags,
        summary: 'Invite someone into your customer (owners and admins); mails a link valid 7 days, once',
        body: z.object({ email, role }),
        response: { 201: successEnvelope(invitation), ...commonErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: 'success', data: await invitationsService.createInvitation(ctx, principalOf(request), request.body) }),
  );

  app.get(
    '/invitations-admin',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: "Your customer's invitations (owners and admins)",
        querystring: pagination,
        response: { 200: listEnvelope(invitation), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await invitationsService.listInvitations(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/invitations-admin/:id',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'One invitation (owners and admins)', params: idParams, response: { 200: successEnvelope(invitation), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await invitationsService.getInvitation(ctx, principalOf(request), request.params.id) }),
  );

  app.delete(
    '/invitations-admin/:id',
    {
      config: { scope: 'customers:write', whileReadOnly: true },
      schema: { tags, summary: 'Withdraw a pending invitation', params: idParams, response: { 200: successEnvelope(invitation), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await invitationsService.deleteInvitation(ctx, principalOf(request), request.params.id) }),
  );

  app.get(
    '/invitations/:token/accept',
    {
      config: { auth: 'public', rateClass: 'write' },
      schema: {
        tags,
        summary: 'Accept an invitation',
        description:
          'Signed in with the invited address: you join the customer. For an address without an account the answer has `password_required: true`; then POST name and password to the same path.',
        params: tokenParams,
        response: {
          200: successEnvelope(z.object({ invitation, user: user.nullable(), password_required: z.boolean() })),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await invitationsService.acceptInvitation(ctx, request.params.token, request.principal) }),
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { auth: 'public', secret: true },
      schema: {
        tags,
        summary: 'Accept an invitation as a new user: choose name and password, and be signed in',
        params: tokenParams,
        body: z.object({ full_name: text().trim().min(1).max(200), password }),
        response: {
          201: successEnvelope(z.object({ invitation, user, access_token: z.string(), expires_at: timestamp })),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await invitationsService.acceptInvitationAsNewUser(ctx, request.params.token, request.body, clientOf(request));
      setSessionCookie(request, reply, result.session.token, result.session.expiresAt);
      return reply.status(201).send({
        status: 'success',
        data: { invitation: result.invitation, user: result.user, access_token: result.session.token, expires_at: result.session.expiresAt.toISOString() },
      });
    },
  );
};
