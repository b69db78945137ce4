import type { MessagePort, Worker } from 'node:worker_threads';
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

/** In a worker thread: answers the supervisor's scrapes (over `port`, its parent's) with this worker's figures. */
export function answerMetricsRequests(port: MessagePort, registry: Registry): void {
  port.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    void registry.getMetricsAsJSON().then((families) => port.postMessage({ type, id: message.id, families } satisfies MetricsReply));
  });
}

let nextRequest = 1;

/**
 * In the supervisor: the figures of every worker, asked for at scrape time. A worker that does not
 * answer within `timeoutMs` (busy, or being replaced) is left out of this scrape; its counters are
 * not lost, the next scrape has them.
 */
export async function workerMetrics(workers: Worker[], timeoutMs = 2000): Promise<MetricFamilies[]> {
  const id = nextRequest++;
  const replies = await Promise.all(workers.map((worker) => askWorker(worker, id, timeoutMs)));
  return replies.filter((families): families is MetricFamilies => families !== undefined);
}

function askWorker(worker: Worker, id: number, timeoutMs: number): Promise<MetricFamilies | undefined> {
  return new Promise((resolve) => {
    const done = (families: MetricFamilies | undefined) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(families);
    };
    const onMessage = (message: unknown) => {
      if (isMessage(message) && message.id === id) done((message as MetricsReply).families);
    };
    const onExit = () => done(undefined);
    const timer = setTimeout(() => done(undefined), timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage({ type, id } satisfies MetricsRequest);
  });
}
