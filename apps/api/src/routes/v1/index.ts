import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth';
import { customerRoutes } from './customers';
import { userRoutes } from './users';
import { apiKeyRoutes } from './apiKeys';
import { planRoutes } from './plans';
import { regionRoutes } from './regions';
import { dnsNodeRoutes } from './dnsNodes';
import { incidentRoutes } from './incidents';
import { supportRoutes } from './support';
import { invitationRoutes } from './invitations';
import { auditEventRoutes } from './auditEvents';
import { subscriptionRoutes } from './subscriptions';
import { invoiceRoutes } from './invoices';
import { healthRoutes } from './health';
import { sessionRoutes } from './sessions';
import { twoFactorRoutes } from './twoFactor';
import { webhookRoutes } from './webhooks';
import { errorReportRoutes } from './errorReports';
import { analyticsRoutes } from './analytics';

/** Every /v1 route; each file mirrors a part of the URL space. */
export const v1Routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionRoutes);
  await app.register(customerRoutes);
  await app.register(userRoutes);
  await app.register(apiKeyRoutes);
  await app.register(planRoutes);
  await app.register(regionRoutes);
  await app.register(dnsNodeRoutes);
  await app.register(incidentRoutes);
  await app.register(supportRoutes);
  await app.register(invitationRoutes);
  await app.register(auditEventRoutes);
  await app.register(subscriptionRoutes);
  await app.register(invoiceRoutes);
  await app.register(healthRoutes);
  await app.register(webhookRoutes);
  await app.register(errorReportRoutes);
  await app.register(analyticsRoutes);
};
