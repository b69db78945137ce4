import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as usersService from '../../services/accounts/users';
import { presentUser } from '../../services/accounts/presenters';
import { role, user } from '../../schemas/accounts';
import { commonErrors, email, idParams, listEnvelope, message, pagination, password, successEnvelope } from '../../schemas/common';

const tags = ['users'];
const fullName = text().trim().min(1).max(200);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.post(
    '/users',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Add a user to your customer (owners and admins)',
        body: z.object({ email, full_name: fullName, role, password }),
        response: { 201: successEnvelope(user), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await usersService.createUser(ctx, principalOf(request), request.body);
      return reply.status(201).send({ status: 'success', data: presentUser(created) });
    },
  );

  app.get(
    '/users',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: "List your customer's users (staff: all, or one customer's with customer_id)",
        querystring: pagination.extend({ customer_id: z.uuid().optional() }),
        response: { 200: listEnvelope(user), ...commonErrors },
      },
    },
    async (request) => {
      const { limit, offset, customer_id } = request.query;
      const { items, total } = await usersService.listUsers(ctx, principalOf(request), { limit, offset }, customer_id);
      return { status: 'success' as const, data: items, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/users/:id',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'One user', params: idParams, response: { 200: successEnvelope(user), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await usersService.getUser(ctx, principalOf(request), request.params.id) }),
  );

  app.put(
    '/users/:id',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'Change a user: your own name, or (owners and admins) anyone’s name and role',
        description: 'Changing others or any role needs customers:write. The last owner keeps the owner role.',
        params: idParams,
        body: z.object({ full_name: fullName.optional(), role: role.optional() }),
        response: { 200: successEnvelope(user), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await usersService.updateUser(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/users/:id',
    {
      config: { scope: 'customers:write', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Remove a user; their sessions and API keys stop working',
        params: idParams,
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await usersService.deleteUser(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'User deleted.' } };
    },
  );
};
