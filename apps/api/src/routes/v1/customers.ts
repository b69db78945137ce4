import { z } from 'zod';
import { text } from '../../schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import * as customersService from '../../services/accounts/customers';
import { customerOverview, customerStates, listCustomers } from '../../services/accounts/customerDirectory';
import { extendTrial, maxTrialExtensionDays, suspendCustomer, unsuspendCustomer } from '../../services/billing/staffActions';
import type { ZoneContext } from '../../services/context';
import { billingAddress, customer, subscription, user, zoneRegion } from '../../schemas/accounts';
import { accountUsage, invoice } from '../../schemas/billing';
import { commonErrors, idParams, listEnvelope, message, pagination, successEnvelope, timestamp } from '../../schemas/common';

const tags = ['customers'];
const name = text().trim().min(1).max(200);
const staffReason = z.object({ reason: text().trim().min(1).max(500).describe('Why: kept in the audit log, which the customer’s owners and admins read too') });
const customerWithUsage = customer.extend({ usage: accountUsage }).meta({ id: 'CustomerWithUsage' });
const overviewZone = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(['primary', 'secondary', 'catalog']),
  status: z.enum(['active', 'disabled', 'deleting']),
  dnssec_state: z.enum(['off', 'signing', 'active', 'disabling']),
  record_count: z.number().int(),
  created_at: timestamp,
});
const overview = z
  .object({
    customer,
    usage: accountUsage,
    members: z.array(user),
    zones: z.array(overviewZone).describe('The first 200 by name'),
    zone_count: z.number().int(),
    invoices: z.array(invoice).describe('The latest 24'),
    invoice_count: z.number().int(),
  })
  .meta({ id: 'CustomerOverview' });

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  // Lifting a suspension or extending a lapsed trial can serve disabled zones again: their notices go out after the commit.
  const zoneCtx: ZoneContext = { ...ctx, zoneChanges: app.zoneChanges };

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
        summary: 'Your customer with its usage (staff: all customers, searched and filtered)',
        querystring: pagination.extend({
          q: text().trim().max(200).optional().describe('Part of the name or of a member’s e-mail address, or the customer’s id'),
          state: z.enum(customerStates).optional().describe('The subscription’s state; canceled: no current subscription'),
        }),
        response: { 200: listEnvelope(customerWithUsage), ...commonErrors },
      },
    },
    async (request) => {
      const { q, state, ...page } = request.query;
      const { items, total } = await listCustomers(ctx, principalOf(request), page, { q, state });
      return { status: 'success' as const, data: items, meta: { total, ...page } };
    },
  );

  app.get(
    '/customers/:id/overview',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'A customer’s members, zones, usage and latest invoices, read-only (platform staff)',
        params: idParams,
        response: { 200: successEnvelope(overview), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await customerOverview(ctx, principalOf(request), request.params.id) }),
  );

  app.post(
    '/customers/:id/suspend',
    {
      config: { auth: 'session', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Suspend the customer’s account: read-only, its zones disabled after 30 days (platform staff)',
        description: 'The life cycle’s suspension with the reason `staff`: paying or ordering a plan does not end it, only unsuspending.',
        params: idParams,
        body: staffReason,
        response: { 200: successEnvelope(subscription), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await suspendCustomer(zoneCtx, principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/customers/:id/unsuspend',
    {
      config: { auth: 'session', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Lift a suspension by staff: the subscription is back as it was, disabled zones served again (platform staff)',
        params: idParams,
        body: staffReason,
        response: { 200: successEnvelope(subscription), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await unsuspendCustomer(zoneCtx, principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/customers/:id/trial-extension',
    {
      config: { auth: 'session', whileReadOnly: true },
      schema: {
        tags,
        summary: 'Extend the customer’s trial, or reopen one that ended without a plan (platform staff)',
        params: idParams,
        body: z.object({ days: z.number().int().min(1).max(maxTrialExtensionDays).describe('Added to the trial’s end, or to now when it has ended') }),
        response: { 200: successEnvelope(subscription), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await extendTrial(zoneCtx, principalOf(request), request.params.id, request.body) }),
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
