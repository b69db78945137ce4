import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/app/authentication';
import type { ZoneContext } from '../../services/context';
import * as invoicesService from '../../services/billing/invoices';
import { invoicePdf } from '../../services/billing/invoicePdf';
import { settleAccount } from '../../services/billing/billingLifeCycle';
import { invoice } from '../../schemas/billing';
import { commonErrors, idParams, listEnvelope, pagination, successEnvelope } from '../../schemas/common';
import { text } from '../../schemas/text';

const tags = ['invoices'];

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  // Paying can serve disabled zones again: their change notices go out after the commit.
  const zoneCtx: ZoneContext = { ...ctx, zoneChanges: app.zoneChanges };

  app.get(
    '/invoices',
    {
      config: { scope: 'customers:read', whileReadOnly: true },
      schema: { tags, summary: "Your customer's invoices, newest first", querystring: pagination, response: { 200: listEnvelope(invoice), ...commonErrors } },
    },
    async (request) => {
      const { items, total } = await invoicesService.listInvoices(ctx, principalOf(request), request.query);
      return { status: 'success' as const, data: items, meta: { total, ...request.query } };
    },
  );

  app.get(
    '/invoices/:id',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'One invoice', params: idParams, response: { 200: successEnvelope(invoice), ...commonErrors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: invoicesService.presentInvoice(await invoicesService.findInvoice(ctx.db, principalOf(request), request.params.id)),
    }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'One invoice as a PDF document',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'The invoice (application/pdf)' }), ...commonErrors },
      },
    },
    async (request, reply) => {
      const row = await invoicesService.findInvoice(ctx.db, principalOf(request), request.params.id);
      const pdf = await invoicePdf(row);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${invoicesService.formatInvoiceNumber(row.number)}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/invoices/:id/pay',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        summary: 'Record the payment of an invoice, e.g. a reconciled bank transfer (platform staff)',
        description: 'When no overdue invoice is left, a past-due or suspended subscription is active again and disabled zones are served again.',
        params: idParams,
        body: z.object({ reference: text().trim().min(1).max(200) }),
        response: { 200: successEnvelope(invoice), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await invoicesService.markInvoicePaid(zoneCtx, principalOf(request), request.params.id, request.body, settleAccount),
    }),
  );
};
