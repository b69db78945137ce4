import { createServer } from 'node:http';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { metricsContentType } from './serverMetrics';

/** The metric families of one registry, as `Registry.getMetricsAsJSON` gives them (and as they cross processes). */
export type MetricFamilies = MetricObjectWithValues<MetricValue<string>>[];

export interface MetricsServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on `host:port` (0: a free port): at each scrape `gather` gives the families
 * of every registry concerned (the node's processes, the API beside them), and families of the
 * same name are added together (`AggregatorRegistry.aggregate`). Nothing else is served here: no
 * zone, no customer, nothing to authenticate, which is why the address is the operator's choice
 * (loopback or a monitoring network), never the API's.
 */
export function serveMetrics(host: string, port: number, gather: () => Promise<MetricFamilies[]>): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(path === '/metrics' ? 'GET only\n' : 'Not found: metrics are at /metrics\n');
      return;
    }
    gather()
      .then((families) => AggregatorRegistry.aggregate(families).metrics())
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
