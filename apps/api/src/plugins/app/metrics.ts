import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { jobs, type DatabaseHandle } from '@kaja/db';
import { inArray, sql } from '@kaja/db/orm';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's Prometheus metrics, served by the platform on METRICS_ADDR (never on the API's port). */
    metrics: Registry;
  }
}

/** The route label of a request no route matched (a 404): the URL itself would let anyone add series. */
export const unmatchedRoute = '(unmatched)';

/**
 * Requests by method, route pattern and status with a latency histogram, counted as each response
 * ends; the job queue and the database pool read at scrape time. No label carries a customer, a
 * zone or a URL as sent.
 */
export function metricsPlugin(app: FastifyInstance, { database }: { database: DatabaseHandle }): void {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'kaja_api_requests_total',
    help: 'API requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const durations = new Histogram({
    name: 'kaja_api_request_duration_seconds',
    help: 'Time to answer an API request, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? unmatchedRoute;
    requests.inc({ method: request.method, route, status: reply.statusCode });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  // Each family reads the queue itself (a small query on the index of waiting and running jobs):
  // a scrape every few seconds costs the database little, and no family can show an earlier scrape's figure.
  new Gauge({
    name: 'kaja_api_jobs',
    help: 'Background jobs waiting or running: due (queued, their time has come), scheduled (queued for later) and running.',
    labelNames: ['state'],
    registers,
    async collect() {
      const { due, scheduled, running } = await readJobQueue(database);
      this.set({ state: 'due' }, due);
      this.set({ state: 'scheduled' }, scheduled);
      this.set({ state: 'running' }, running);
    },
  });
  new Gauge({
    name: 'kaja_api_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has been waiting for a runner (0 when none is due).',
    registers,
    async collect() {
      this.set((await readJobQueue(database)).oldestDueSeconds);
    },
  });

  const pool = database.pool?.bind(database);
  if (pool) {
    new Gauge({
      name: 'kaja_api_database_connections',
      help: 'Connections of the PostgreSQL pool: busy (checked out, LISTEN included) and idle.',
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle } = pool();
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: 'kaja_api_database_waiting_requests',
      help: 'Queries waiting for a connection of the PostgreSQL pool.',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
    new Gauge({
      name: 'kaja_api_database_max_connections',
      help: 'The most connections the PostgreSQL pool opens.',
      registers,
      collect() {
        this.set(pool().max);
      },
    });
  }
  app.decorate('metrics', registry);
}

interface JobQueue {
  due: number;
  scheduled: number;
  running: number;
  oldestDueSeconds: number;
}

/** The queue as the database sees it now (its clock is the runners'), through the index on waiting and running jobs. */
async function readJobQueue(database: DatabaseHandle): Promise<JobQueue> {
  const [row] = await database.db
    .select({
      due: sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= now())`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} > now())`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${jobs.status} = 'running')`.mapWith(Number),
      oldestDueSeconds:
        sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= now())), 0)`.mapWith(
          Number,
        ),
    })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']));
  return row!;
}
