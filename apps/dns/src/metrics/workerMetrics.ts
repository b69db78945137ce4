import cluster, { type Worker } from 'node:cluster';
import type { Registry } from 'prom-client';
import type { MetricFamilies } from './metricsServer';

const type = 'kaja:metrics';

interface MetricsRequest {
  type: typeof type;
  id: number;
}

interface MetricsReply extends MetricsRequest {
  families: MetricFamilies;
}

const isMessage = (message: unknown): message is MetricsRequest =>
  typeof message === 'object' && message !== null && (message as MetricsRequest).type === type && typeof (message as MetricsRequest).id === 'number';

/** In a worker process: answers the primary's scrapes with this process's figures. */
export function answerMetricsRequests(registry: Registry): void {
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    void registry.getMetricsAsJSON().then((families) => process.send?.({ type, id: message.id, families } satisfies MetricsReply));
  });
}

let nextRequest = 1;

/**
 * In the primary: the figures of every worker, asked for at scrape time. A worker that does not
 * answer within `timeoutMs` (busy, or being replaced) is left out of this scrape; its counters are
 * not lost, the next scrape has them.
 */
export async function workerMetrics(timeoutMs = 2000): Promise<MetricFamilies[]> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker?.isConnected() === true);
  const id = nextRequest++;
  const replies = await Promise.all(workers.map((worker) => askWorker(worker, id, timeoutMs)));
  return replies.filter((families): families is MetricFamilies => families !== undefined);
}

function askWorker(worker: Worker, id: number, timeoutMs: number): Promise<MetricFamilies | undefined> {
  return new Promise((resolve) => {
    const done = (families: MetricFamilies | undefined) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(families);
    };
    const onMessage = (message: unknown) => {
      if (isMessage(message) && message.id === id) done((message as MetricsReply).families);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    worker.on('message', onMessage);
    worker.send({ type, id } satisfies MetricsRequest);
  });
}
