import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '@kaja/config';
import { JobRunner, type DatabaseHandle } from '@kaja/db';
import { authenticationPlugin } from './plugins/app/authentication';
import { errorsPlugin } from './plugins/app/errors';
import { metricsPlugin } from './plugins/app/metrics';
import { openapiPlugin } from './plugins/external/openapi';
import { defaultRateLimits, failedAuthenticationLimitPlugin, rateLimitPlugin, type RateLimits } from './plugins/app/rateLimit';
import { securityPlugin } from './plugins/external/security';
import { dyndnsRoutes } from './routes/nic/update';
import { v1Routes } from './routes/v1/index';
import { zoneRoutes } from './routes/v1/zones/index';
import { createServiceContext, type ServiceContext } from './services/context';
import { createMailer, type Mailer } from './services/ops/mail';
import { RateLimiter } from './services/ops/rateLimiter';
import { registerJobs } from './jobs';
import { ZoneChangePublisher } from '@kaja/zone-writes';
import { WorkerPool, type WorkerPoolOptions } from './workers/pool';
import { installValidationMessages } from './schemas/messages';
import { errorSerializer, logRedaction, requestSerializer } from './logging';
import { releaseOf } from '@kaja/config';
import { ErrorForwarder } from './services/ops/errorReports/forward';
import { ErrorReports } from './services/ops/errorReports/service';
import type { SourceMapDirectories } from './services/ops/errorReports/sourceMaps';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to SMTP_URL, or .eml files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Overrides of the anonymous and mail limits (tests use these to reach 429 quickly). */
  rateLimits?: Partial<RateLimits>;
  /** Runs background jobs; routes register their handlers on it (default: a runner the caller starts). */
  jobs?: JobRunner;
  /** Pino destination for the logs (default stdout). */
  logStream?: NodeJS.WritableStream;
  /** Announces committed zone changes (share it with a DNS server in the same process). */
  zoneChanges?: ZoneChangePublisher;
  /** The time the services and jobs go by (default the system clock). */
  clock?: () => Date;
  /** Size of the worker pool and of its queue (defaults in WorkerPool). */
  workers?: WorkerPoolOptions;
  /** Where the site's and the dashboard's builds keep their source maps (browser stacks are mapped at ingestion). */
  sourceMaps?: SourceMapDirectories;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: ServiceContext;
    /** Every route added, in order (the OpenAPI test compares them with the document). */
    registeredRoutes: { method: string | string[]; url: string }[];
    /** The background job runner: register handlers at start-up, enqueue with enqueueJob in a transaction. */
    jobs: JobRunner;
    /** Committed zone changes, in process and as PostgreSQL notifications on `zone_changes`. */
    zoneChanges: ZoneChangePublisher;
    /** Threads for the CPU-heavy part of requests (zone files), off the event loop that serves the rest. */
    workers: WorkerPool;
    /** Resolves once the mail and background work begun so far is done (mail handed to the mail server). */
    settled(): Promise<void>;
    /** Unexpected errors of the browsers and of the platform itself, kept for staff (decision 063). */
    errorReports: ErrorReports;
  }
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** Where the API lives; everything under it is the API's, answered in its envelope (pages beside it must leave it alone). */
export const apiPrefix = '/v1';

/** Whether `url` (path and query) is under the API's prefix. */
export const isApiPath = (url: string) => url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);

installValidationMessages();

/** The /v1 API as a Fastify instance, ready to listen (or to have more routes added, like the site). */
export async function buildApp({
  config,
  database,
  mailer,
  rateLimits,
  jobs,
  logStream,
  zoneChanges,
  clock,
  workers,
  sourceMaps = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: logRedaction, censor: '[redacted]' },
      serializers: { req: requestSerializer, err: errorSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Owner names reach 1024 characters in path parameters (records by name): the schemas bound them, not the router.
    routerOptions: { maxParamLength: 2048 },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  const registeredRoutes: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    registeredRoutes.push({ method: route.method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // JSON only: nothing in an API response may load or frame anything. Pages served beside the API set their own.
    if (isApiPath(request.url)) reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  });

  const outgoing = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger: app.log });
  const runner =
    jobs ??
    new JobRunner({
      db: database.db,
      onError: (error, job) => {
        app.log.error({ err: error, job }, 'job failed');
        context.background('error report', () => errorReports.report('job', error, job.name));
      },
    });
  const { context, drain } = createServiceContext({ db: database.db, config, log: app.log, jobs: runner, ...(clock ? { clock } : {}) });
  // Paths in the server's stacks are kept relative to where the platform runs from (the repository).
  const release = config.errorReporting.enabled ? releaseOf(process.cwd()) : 'unknown';
  const { forwardTo } = config.errorReporting;
  const errorReports = new ErrorReports({
    db: database.db,
    log: app.log,
    now: () => context.now(),
    enabled: config.errorReporting.enabled,
    release,
    root: process.cwd(),
    sourceMaps,
    forwarder: forwardTo
      ? new ErrorForwarder(forwardTo, { log: app.log, release, now: () => context.now(), background: (label, task) => context.background(label, task) })
      : undefined,
  });
  app.decorate('context', context);
  app.decorate('errorReports', errorReports);
  app.decorate('settled', drain);
  app.addHook('onClose', async () => {
    await drain();
    if (!mailer) outgoing.close();
  });

  await errorsPlugin(app);
  metricsPlugin(app, { database });
  await securityPlugin(app, { config });
  await openapiPlugin(app, { config });
  app.decorate('jobs', runner);
  app.decorate('zoneChanges', zoneChanges ?? new ZoneChangePublisher(app.log));
  registerJobs(runner, { ...context, zoneChanges: app.zoneChanges }, outgoing);
  const pool = new WorkerPool(workers);
  app.decorate('workers', pool);
  app.addHook('onClose', () => pool.close());

  // Credentials and rate limits belong to the API only, not to pages served beside it.
  const limits = {
    ...defaultRateLimits,
    ...(config.accountMailLimit === undefined ? {} : { mail: { ...defaultRateLimits.mail, limit: config.accountMailLimit } }),
    ...rateLimits,
  };
  const refusedCredentials = new RateLimiter();
  await app.register(
    async (v1) => {
      await failedAuthenticationLimitPlugin(v1, { limits, limiter: refusedCredentials });
      await authenticationPlugin(v1, { context });
      await rateLimitPlugin(v1, { limits });
      await v1.register(v1Routes);
      await v1.register(zoneRoutes, { limits });
    },
    { prefix: apiPrefix },
  );
  // Dynamic DNS where routers and ddclient look for it (dyndns2), with its own answers in plain text.
  await app.register(async (nic) => {
    await failedAuthenticationLimitPlugin(nic, { limits, limiter: refusedCredentials });
    await nic.register(dyndnsRoutes, { limits });
  });
  return app;
}
