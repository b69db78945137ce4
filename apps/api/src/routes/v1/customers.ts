import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as customersService from '../../services/accounts/customers';
import { billingAddress, customer, zoneRegion } from '../../schemas/accounts';
import { commonErrors, idParams, listEnvelope, message, pagination, successEnvelope } from '../../schemas/common';

const tags = ['customers'];
const name = text().trim().min(1).max(200);

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;

  app.post(
    '/customers',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Create a customer (platform staff; customers sign up through /auth/signup)',
        body: z.object({ name, default_region: zoneRegion.optional() }),
        response: { 201: successEnvelope(customer), ...commonErrors },
      },
    },
    async (request, reply) => {
      const created = await customersService.createCustomer(ctx, principalOf(request), request.body);
      return reply.status(201).send({ status: 'success', data: created });
    },
  );

  app.get(
    '/customers',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'Your customer (staff: all customers)',
        querystring: pagination,
        response: { 200: listEnvelope(customer), ...commonErrors },
      },
    },
    async (request) => {
      const { items, total } = await customersService.listCustomers(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/customers/:id',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'One customer', params: idParams, response: { 200: successEnvelope(customer), ...commonErrors } },
    },
    async (request) => ({ status: 'success' as const, data: await customersService.getCustomer(ctx, principalOf(request), request.params.id) }),
  );

  app.put(
    '/customers/:id',
    {
      config: { scope: 'customers:write', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Change the customer: name, default zone region, billing address, EU VAT ID (owners and admins)',
        description: 'A VAT ID is checked against the format of its member state and must match the billing country; send null to remove it.',
        params: idParams,
        body: z.object({
          name: name.optional(),
          default_region: zoneRegion.optional(),
          billing_address: billingAddress.optional(),
          vat_id: text().trim().max(20).nullable().optional(),
          require_two_factor: z
            .boolean()
            .optional()
            .describe(
              'Owners only: every member must sign in with a second factor; those without one set it up at their next sign-in. The owner needs one first.',
            ),
        }),
        response: { 200: successEnvelope(customer), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await customersService.updateCustomer(ctx, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/customers/:id',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Delete the customer with its users, keys and invitations (owners, staff)',
        params: idParams,
        response: { 200: message, ...commonErrors },
      },
    },
    async (request) => {
      await customersService.deleteCustomer(ctx, principalOf(request), request.params.id);
      return { status: 'success' as const, data: { message: 'Customer deleted.' } };
    },
  );
};
