import { countedTypeName, rcodeName } from '@kaja/dns-model';
import { signatureCacheCounts } from '@kaja/dnssec';
import { Counter, Gauge, Registry, type MetricValue } from 'prom-client';
import { latencyBounds, type ServerCounters } from './serverCounters';

/** What one DNS server process (a worker, or the platform's DNS thread) reports. */
export interface ServerMetricsSource {
  counters: ServerCounters;
  /** Zones this process serves now. */
  zones(): number;
  /**
   * Seconds since the last moment this process was known to serve every change committed before
   * it (database mode; undefined until the first complete sync). Absent for zone files.
   */
  journalLagSeconds?: () => number | undefined;
  /** Whether this process holds the deployment's NOTIFY lease (database mode, the process that takes part in it). */
  notifyLeaseHeld?: () => boolean;
  /** Whether the node's DNS listeners are closed because it is stale (database mode with DNS_STALE_AFTER). */
  staleWithdrawn?: () => boolean;
  /** Answers given SERVFAIL because their zone's keys were not held (`ZoneSigning.unavailable`); absent without signing. */
  signingUnavailable?: () => number;
  /** The response rate limiter's counts; absent when rate limiting is off. */
  rateLimit?: { readonly slipped: number; readonly dropped: number } | undefined;
}

/** The metrics exposition's content type (Prometheus text format 0.0.4). */
export const metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * The DNS metrics of one process as a prom-client registry whose collect callbacks read the plain
 * counters at scrape time. Processes of one node are added together by `AggregatorRegistry.aggregate`
 * (see `metricsServer.ts`): counters and histograms are summed, zones loaded is the fewest any
 * process serves, journal lag the largest.
 */
export function serverRegistry(source: ServerMetricsSource): Registry {
  const registry = new Registry();
  const { counters } = source;
  const registers = [registry];
  new Counter({
    name: 'kaja_dns_queries_total',
    help: 'Queries answered, by query type (OTHER: types without a mnemonic), response code and transport.',
    labelNames: ['qtype', 'rcode', 'transport'],
    registers,
    collect() {
      this.reset();
      for (const { qtype, rcode, transport, count } of counters.queries()) {
        this.inc({ qtype: countedTypeName(qtype), rcode: rcodeName(rcode), transport }, count);
      }
    },
  });
  registry.registerMetric(latencyHistogram(counters) as never);
  counterOf(registry, 'kaja_dns_answer_cache_hits_total', 'Queries answered from the answer cache.', () => counters.cacheHits);
  counterOf(
    registry,
    'kaja_dns_answer_cache_misses_total',
    'Queries answered by the whole answer pipeline (not cached yet, stale, or not cacheable).',
    () => counters.cacheMisses,
  );
  counterOf(
    registry,
    'kaja_dns_signature_cache_hits_total',
    'RRSIG sets taken from the signature cache (for answers and transfers).',
    () => signatureCacheCounts.hits,
  );
  counterOf(
    registry,
    'kaja_dns_signature_cache_misses_total',
    'RRSIG sets made because none was cached (a new or changed RRset, or an ageing signature).',
    () => signatureCacheCounts.misses,
  );
  counterOf(
    registry,
    'kaja_dns_tcp_backed_up_total',
    'Times a TCP connection stopped being read because its client left its answers unread (past the connection buffer).',
    () => counters.tcpBackedUp,
  );
  counterOf(
    registry,
    'kaja_dns_tcp_closed_for_memory_total',
    'TCP connections closed because the unsent answers of all a process holds passed its limit (the one holding most is closed).',
    () => counters.tcpClosedForMemory,
  );
  const unavailable = source.signingUnavailable;
  if (unavailable) {
    counterOf(
      registry,
      'kaja_dns_signing_unavailable_total',
      'Answers to queries with the DO bit for a zone that publishes DNSSEC keys this process does not hold (not read yet, unreadable, would not open): SERVFAIL, never unsigned.',
      unavailable,
    );
  }
  new Gauge({
    name: 'kaja_dns_zones',
    help: 'Zones loaded (with several processes, the fewest any of them serves).',
    aggregator: 'min',
    registers,
    collect() {
      this.set(source.zones());
    },
  });
  new Gauge({
    name: 'kaja_dns_processes',
    help: 'Processes or threads of this node answering queries whose figures are in this scrape.',
    registers,
    collect() {
      this.set(1);
    },
  });
  const lag = source.journalLagSeconds;
  if (lag) {
    new Gauge({
      name: 'kaja_dns_journal_lag_seconds',
      help: 'Seconds since the node was last known to serve every committed zone change (the start of its last complete sync; the largest of its processes).',
      aggregator: 'max',
      registers,
      collect() {
        this.reset();
        const seconds = lag();
        if (seconds !== undefined) this.set(seconds);
      },
    });
  }
  const leaseHeld = source.notifyLeaseHeld;
  if (leaseHeld) {
    new Gauge({
      name: 'kaja_dns_notify_lease_held',
      help: "1 while this node holds the deployment's NOTIFY lease and sends NOTIFY to the secondaries, 0 while it stands by.",
      aggregator: 'max',
      registers,
      collect() {
        this.set(leaseHeld() ? 1 : 0);
      },
    });
  }
  const withdrawn = source.staleWithdrawn;
  if (withdrawn) {
    new Gauge({
      name: 'kaja_dns_stale_withdrawn',
      help: 'Database node with DNS_STALE_AFTER: 1 while its DNS listeners are closed because its journal lag passed the limit and another node is current, else 0.',
      aggregator: 'max',
      registers,
      collect() {
        this.set(withdrawn() ? 1 : 0);
      },
    });
  }
  const limited = source.rateLimit;
  if (limited) {
    new Counter({
      name: 'kaja_dns_rrl_actions_total',
      help: 'UDP responses held back by response rate limiting: slip (sent truncated, so the client retries over TCP) or drop.',
      labelNames: ['action'],
      registers,
      collect() {
        this.reset();
        this.inc({ action: 'slip' }, limited.slipped);
        this.inc({ action: 'drop' }, limited.dropped);
      },
    });
  }
  return registry;
}

/** A counter without labels whose value is read at scrape time. */
function counterOf(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * The answer latency histogram in prom-client's exposition form, from the counter's buckets: a
 * prom-client Histogram can only be fed one observation at a time, which the answer path must not do.
 */
function latencyHistogram(counters: ServerCounters) {
  const name = 'kaja_dns_answer_duration_seconds';
  const help = 'Time from taking up a query (or its batch) to its answer being ready to send.';
  const metric = { name, help, type: 'histogram' as const, aggregator: 'sum' as const };
  return {
    ...metric,
    get: async () => {
      const values: (MetricValue<string> & { metricName: string })[] = [];
      let cumulative = 0;
      for (let bucket = 0; bucket <= latencyBounds.length; bucket++) {
        cumulative += counters.latencyBuckets[bucket]!;
        values.push({ metricName: `${name}_bucket`, labels: { le: bucket < latencyBounds.length ? latencyBounds[bucket]! : '+Inf' }, value: cumulative });
      }
      values.push({ metricName: `${name}_sum`, labels: {}, value: counters.latencySeconds });
      values.push({ metricName: `${name}_count`, labels: {}, value: cumulative });
      return { ...metric, values };
    },
  };
}
