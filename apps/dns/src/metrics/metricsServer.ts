import promClient, { Registry, type Aggregator, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { metricsContentType } from './serverMetrics';

/** The metric families of one registry, as `Registry.getMetricsAsJSON` gives them (and as they cross processes). */
export type MetricFamilies = Family[];

type Family = MetricObjectWithValues<MetricValue<string>>;

// What `AggregatorRegistry.aggregate` applies per family; exported by prom-client, missing from its typings.
const { aggregators } = promClient as unknown as { aggregators: Record<Aggregator, (families: Family[]) => Family | undefined> };

export interface MetricsServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * One registry of the families of several: a family that several processes report is combined by
 * its `aggregator` (the sum, for counters and histograms), one that only one reports is taken as it
 * is (prom-client's own aggregation would drop those marked `omit`, such as the start time).
 */
export function combineFamilies(lists: MetricFamilies[]): Registry {
  const byName = new Map<string, MetricFamilies>();
  for (const list of lists) for (const family of list) byName.set(family.name, [...(byName.get(family.name) ?? []), family]);
  const registry = new Registry();
  for (const group of byName.values()) {
    const family = group.length === 1 ? group[0] : aggregators[group[0]!.aggregator](group);
    if (family) registry.registerMetric({ ...family, get: () => family } as never);
  }
  return registry;
}

/**
 * Serves `GET /metrics` on `host:port` (0: a free port): at each scrape `gather` gives the families
 * of every registry concerned (the node's processes, the API beside them), combined by
 * `combineFamilies`. Nothing else is served here: no
 * zone, no customer, nothing to authenticate, which is why the address is the operator's choice
 * (loopback or a monitoring network), never the API's.
 */
export function serveMetrics(host: string, port: number, gather: () => Promise<MetricFamilies[]>): Promise<MetricsServer> {
  // Taken from Node's own module rather than imported: importing `node:http` makes its ES module
  // face, which reads every export, and so loads undici behind its WebSocket getters in every thread of
  // the server at its start (0.1 s of processor time each) for a server most nodes never open.
  const { createServer } = process.getBuiltinModule('node:http');
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(path === '/metrics' ? 'GET only\n' : 'Not found: metrics are at /metrics\n');
      return;
    }
    gather()
      .then((families) => combineFamilies(families).metrics())
      .then(
        (text) => response.writeHead(200, { 'content-type': metricsContentType }).end(request.method === 'HEAD' ? undefined : text),
        (error: Error) => {
          console.error(`metrics: could not gather the figures: ${error.message}`);
          response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('The figures could not be gathered\n');
        },
      );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, ipv6Only: host.includes(':') }, () => {
      server.off('error', reject);
      resolve({
        host,
        port: (server.address() as { port: number }).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
