import type { MetricFamilies } from '@kaja/dns';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The platform process's own figures (CPU, memory, event loop delay, garbage collection), as
 * prom-client collects them. prom-client names three gauges `nodejs_active_*_total`, which the
 * exposition format keeps for counters (`promtool check metrics` refuses them): they are served
 * without the suffix.
 */
export function processMetrics(): () => Promise<MetricFamilies> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return async () =>
    (await registry.getMetricsAsJSON()).map((family) =>
      String(family.type) === 'gauge' && family.name.endsWith('_total') ? { ...family, name: family.name.slice(0, -'_total'.length) } : family,
    );
}
