import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorIssueStates, errorSources } from '@kaja/db';
import { ApiError } from '../../errors';
import { principalOf } from '../../plugins/app/authentication';
import { requireStaff } from '../../services/accounts/principal';
import { EnvelopeError } from '../../services/ops/errorReports/envelope';
import { InvalidReportError } from '../../services/ops/errorReports/reports';
import { getIssue, listIssues, setIssueState } from '../../services/ops/errorReports/store';
import { text } from '../../schemas/text';
import { commonErrors, idParams, listEnvelope, pagination, successEnvelope, timestamp } from '../../schemas/common';

const tags = ['errors'];
/** A browser's report is one event of a few kilobytes; anything far larger is not one. */
export const envelopeBodyLimit = 64 * 1024;

const source = z.enum(errorSources).describe('site or dashboard (visitors’ browsers), api, job or dns (the platform itself)');
const state = z.enum(errorIssueStates).describe('open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted)');
const issue = z
  .object({
    id: z.uuid(),
    source,
    type: z.string(),
    message: z.string().describe('Of the latest event, with e-mail addresses, credentials and query strings removed'),
    culprit: z.string().nullable().describe('`file:line` of the top frame outside dependencies'),
    event_count: z.number().int().describe('Every event since the first, also those past the retention period'),
    first_seen_at: timestamp,
    last_seen_at: timestamp,
    first_release: z.string(),
    last_release: z.string(),
    state,
    state_changed_at: timestamp.nullable().describe('When staff or a recurrence last changed the state; null while never changed'),
  })
  .meta({ id: 'ErrorIssue' });
const frame = z.object({
  file: z.string().describe('The source file when `mapped`, else the built script'),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  function: z.string().nullable(),
  mapped: z.boolean(),
});
const event = z.object({
  id: z.uuid(),
  received_at: timestamp,
  release: z.string(),
  type: z.string(),
  message: z.string(),
  route: z.string().nullable().describe('The page’s path or the API route’s template, never a query string'),
  browser: z.string().nullable().describe('Browser and major version'),
  frames: z.array(frame).describe('The stack, innermost frame first'),
});

const issueWithEvents = issue.extend({ events: z.array(event).describe('The latest 20 events kept, newest first') });

export const errorReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.context;
  // The Sentry browser SDK sends its envelopes as text (no preflight); the envelope's own type too.
  app.addContentTypeParser('application/x-sentry-envelope', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/errors/envelope',
    {
      config: { auth: 'public', rateClass: 'errors' },
      bodyLimit: envelopeBodyLimit,
      schema: {
        tags,
        summary: 'Report errors from the site or the dashboard: a Sentry envelope of event items (limited per client address)',
        description: 'What the Sentry browser SDK sends to its `tunnel`. Events are kept for staff without e-mail addresses, credentials or query strings.',
        consumes: ['text/plain', 'application/x-sentry-envelope'],
        body: text({ freeForm: true }).min(1).max(envelopeBodyLimit),
        response: {
          200: successEnvelope(z.object({ accepted: z.number().int().describe('Events stored (0 while error reporting is off)') })),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      try {
        const accepted = await app.errorReports.ingest(request.body, request.headers['user-agent'] ?? null);
        return { status: 'success' as const, data: { accepted } };
      } catch (error) {
        if (error instanceof EnvelopeError || error instanceof InvalidReportError) throw new ApiError('bad_request', error.message);
        throw error;
      }
    },
  );

  app.get(
    '/errors',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'Error issues, grouped by fingerprint, the most recently seen first (platform staff)',
        description: 'Without `state`, every issue but the muted ones.',
        querystring: pagination.extend({ source: source.optional(), state: state.optional() }),
        response: { 200: listEnvelope(issue), ...commonErrors },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      const { items, total } = await listIssues(ctx.db, request.query);
      return { status: 'success' as const, data: items, meta: { total, limit: request.query.limit, offset: request.query.offset } };
    },
  );

  app.get(
    '/errors/:id',
    {
      config: { scope: 'customers:read' },
      schema: {
        tags,
        summary: 'One error issue with its latest events and their stacks, mapped to the sources (platform staff)',
        params: idParams,
        response: { 200: successEnvelope(issueWithEvents), ...commonErrors },
      },
    },
    async (request) => {
      requireStaff(principalOf(request));
      return { status: 'success' as const, data: await getIssue(ctx.db, request.params.id) };
    },
  );

  app.put(
    '/errors/:id/state',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Resolve, mute or reopen an error issue (platform staff)',
        params: idParams,
        body: z.object({ state }),
        response: { 200: successEnvelope(issueWithEvents), ...commonErrors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      requireStaff(principal);
      return { status: 'success' as const, data: await setIssueState(ctx.db, principal, request.params.id, request.body.state, ctx.now()) };
    },
  );
};
