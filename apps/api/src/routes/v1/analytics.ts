import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { funnelSteps } from '@kaja/db';
import { ApiError } from '../../errors';
import { principalOf } from '../../plugins/app/authentication';
import { requireStaff } from '../../services/accounts/principal';
import { funnelReport } from '../../services/ops/analytics/funnel';
import { periodKinds } from '../../services/ops/analytics/periods';
import { conversionReport, countersOf, countSiteEvent, pagesReport } from '../../services/ops/analytics/siteCounts';
import { InvalidSiteEventError, isCrawler, optedOut, parseSiteEvent } from '../../services/ops/analytics/siteEvents';
import { text } from '../../schemas/text';
import { commonErrors, successEnvelope } from '../../schemas/common';

const tags = ['analytics'];
/** One event is a few dozen bytes. */
const eventBodyLimit = 1024;

const day = z.iso.date().describe('A day, UTC');
const days = z.object({ days: z.coerce.number().int().min(1).max(400).default(30).describe('How many days up to today (UTC)') });
const step = z.enum(funnelSteps);
const share = z.number().nullable().describe('A fraction (0.25 is 25 %); null when there is nothing to divide by');

const pages = z
  .object({
    days: z.array(z.object({ day, views: z.number().int() })).describe('Page views per day, oldest first'),
    pages: z
      .array(z.object({ path: z.string().describe('The page’s path as the site pre-renders it'), views: z.number().int() }))
      .describe('The 50 most viewed pages'),
    referrers: z.array(z.object({ host: z.string(), views: z.number().int() })).describe('The 50 sites that sent the most visitors (host only)'),
  })
  .meta({ id: 'SitePageViews' });
const conversion = z
  .object({
    days: z.array(z.object({ day, clicks: z.number().int(), sign_ups: z.number().int() })),
    buttons: z.array(
      z.object({ button: z.string().describe('The button: trial (Start Free Trial) or signup (the header’s Sign Up)'), clicks: z.number().int() }),
    ),
    clicks: z.number().int(),
    sign_ups: z.number().int(),
    conversion: share.describe('Sign-ups per click of the sign-up buttons (it may pass 1: not every sign-up starts with a click on the site)'),
  })
  .meta({ id: 'SignUpConversion' });
const funnel = z
  .object({
    period: z.enum(periodKinds),
    steps: z.array(step),
    periods: z
      .array(
        z.object({
          start: day.describe('The period’s first day (weeks begin on Monday)'),
          ...Object.fromEntries(funnelSteps.map((name) => [name, z.number().int()])),
        }),
      )
      .describe('Customers who reached each step in each period, oldest first'),
    cohort: z
      .array(z.object({ step, customers: z.number().int(), conversion: share.describe('Of the cohort at the step before, the share who reached this one') }))
      .describe('The customers who signed up in these periods: how many reached each step since'),
  })
  .meta({ id: 'Funnel' });

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  const ownHosts = [new URL(ctx.config.siteUrl).host.toLowerCase()];

  app.post(
    '/analytics/events',
    {
      config: { auth: 'public', rateClass: 'analytics' },
      bodyLimit: eventBodyLimit,
      schema: {
        tags,
        summary: 'Count a page view or a sign-up button click on the site (limited per client address)',
        description:
          'What the site’s pages send with `sendBeacon`: JSON as text, so no preflight. Counted per day only, with no cookie, no identifier and no address kept; ' +
          'not counted when the browser sends `DNT: 1` or `Sec-GPC: 1`, nor while analytics is off.',
        consumes: ['text/plain'],
        body: text({ freeForm: true }).min(1).max(eventBodyLimit),
        response: { 200: successEnvelope(z.object({ counted: z.boolean().describe('Whether the event was counted') })), ...commonErrors },
      },
    },
    async (request) => {
      let event;
      try {
        event = parseSiteEvent(request.body);
      } catch (error) {
        if (error instanceof InvalidSiteEventError) throw new ApiError('bad_request', error.message);
        throw error;
      }
      const counted = ctx.config.analytics.enabled && !optedOut(request.headers) && !isCrawler(request.headers['user-agent']);
      if (counted) await countSiteEvent(ctx.db, countersOf(event, [...ownHosts, (request.headers.host ?? '').toLowerCase()]), ctx.now());
      return { status: 'success' as const, data: { counted } };
    },
  );

  app.get(
    '/analytics/pages',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'The site’s page views per day, per page and per referring site (platform staff)',
        querystring: days,
        response: { 200: successEnvelope(pages), ...commonErrors },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      return { status: 'success' as const, data: await pagesReport(ctx.db, request.query.days, ctx.now()) };
    },
  );

  app.get(
    '/analytics/conversion',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'Clicks of the site’s sign-up buttons against sign-ups, per day (platform staff)',
        querystring: days,
        response: { 200: successEnvelope(conversion), ...commonErrors },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      return { status: 'success' as const, data: await conversionReport(ctx.db, request.query.days, ctx.now()) };
    },
  );

  app.get(
    '/analytics/funnel',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'The funnel from sign-up to the first paid invoice, per day or week, each step once per customer (platform staff)',
        querystring: z.object({
          period: z.enum(periodKinds).default('day'),
          periods: z.coerce.number().int().min(1).max(120).default(30).describe('How many days or weeks up to this one'),
        }),
        response: { 200: successEnvelope(funnel), ...commonErrors },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      return { status: 'success' as const, data: await funnelReport(ctx.db, request.query.period, request.query.periods, ctx.now()) };
    },
  );
};
