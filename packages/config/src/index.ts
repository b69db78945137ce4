import { defaultNameServers } from '@kaja/catalog';
import { join } from 'node:path';
import { z } from 'zod';
import { parseCidr, parseRateLimitExemption, rateLimitExemptionRule, type Cidr } from './cidr';
import { parseSentryDsn, sentryDsnRule, type SentryDsn } from './sentryDsn';
import { parseKeyEncryptionKey } from './keyEncryptionKey';

export { parseCidr, parseRateLimitExemption, rateLimitExemptionRule, type Cidr } from './cidr';
export { parseSentryDsn, type SentryDsn } from './sentryDsn';
export { secondaryAddressProblem, specialPurposeOf } from './secondaryAddresses';
export { dnsNodeIdFile, resolveDnsNodeId } from './dnsNodeId';
export { makeTreePrivate, privateDirectory, writePrivateFile } from './privateFiles';
export {
  beginKeyFileRotation,
  finishKeyFileRotation,
  keyEncryptionKeyFile,
  parseKeyEncryptionKey,
  resolveKeyEncryptionKey,
  type KeyEncryptionKeys,
} from './keyEncryptionKey';

/** A problem with one environment variable; the message is one line that names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const env = z.object({
  PORT: port.default(8080),
  APP_PORT: port.default(8081),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DNS_ADDR: list
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: 'must be a comma-separated list of IP addresses' })).min(1, 'must name at least one address'))
    .default(['127.0.0.1']),
  DNS_PORT: port.default(5300),
  METRICS_ADDR: z
    .string()
    .transform((value, context) => {
      const address = parseHostPort(value, 9153);
      if (!address) context.addIssue({ code: 'custom', message: 'must be an IP address with an optional port (127.0.0.1:9153, [::1]:9153)' });
      return address ?? { address: '', port: 0 };
    })
    .optional(),
  DNS_NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
  DNS_NETWORK: z.enum(['EU', 'GLOBAL'], { error: 'must be EU or GLOBAL' }).default('GLOBAL'),
  DNS_REGION: z.string().trim().min(1, 'must not be empty').max(100, 'must be a region name').optional(),
  DNS_HEARTBEAT_INTERVAL: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .default(15),
  DNS_QUERY_COUNTS_INTERVAL: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(3600, 'must be at most 3600 seconds (the counts are hourly)')
    .default(60),
  DNS_ANSWER_CACHE_SIZE: z.coerce
    .number({ error: 'must be a number of questions' })
    .int('must be a whole number of questions')
    .min(1, 'must be at least 1')
    .default(200_000),
  DNS_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number of responses per second' })
    .int('must be a whole number of responses per second')
    .min(0, 'must not be negative (0 turns response rate limiting off)')
    .default(20),
  DNS_RATE_LIMIT_WINDOW: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .default(15),
  DNS_RATE_LIMIT_SLIP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (drop every limited response) to 10')
    .max(10, 'must be 0 to 10 (1 truncates every limited response)')
    .default(2),
  DNS_RATE_LIMIT_EXEMPT: list
    .transform((items, context) =>
      items.map((item) => {
        const cidr = parseRateLimitExemption(item);
        if (!cidr) context.addIssue({ code: 'custom', message: rateLimitExemptionRule });
        return cidr!;
      }),
    )
    .default([]),
  REGION_OFFLINE_AFTER: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(2, 'must be at least 2 seconds')
    .default(60),
  REGION_DEGRADED_LAG: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .default(60),
  DNS_NOTIFY_LEASE: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(3, 'must be at least 3 seconds (it is renewed every third of it)')
    .default(15),
  DNS_STALE_AFTER: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must not be negative (0 turns it off)')
    // A current node's lag reaches the 5 s between its syncs: a smaller limit would withdraw it.
    .refine((seconds) => seconds === 0 || seconds >= 10, 'must be 0 (off) or at least 10 seconds (a current node lags up to 5 s between syncs)')
    .default(0),
  DNS_SNAPSHOT_DIR: z.string().min(1, 'must not be empty').optional(),
  JOURNAL_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .default(90),
  JOURNAL_KEEP_CHANGES: z.coerce
    .number({ error: 'must be a number of changes' })
    .int('must be a whole number of changes')
    .min(1, 'must be at least 1 change')
    .default(100),
  APP_MODE: z.enum(['production', 'sandbox'], { error: 'must be production or sandbox' }).default('production'),
  API_BASE_URL: url.optional(),
  APP_URL: url.optional(),
  SITE_URL: url.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be a mail address').default('Kaja DNS <no-reply@kaja.dns>'),
  SUPPORT_EMAIL: z.email('must be a mail address').default('support@kaja.dns'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  NS_EU: list.pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.?$/i, 'must be a comma-separated list of host names')).min(1)).optional(),
  NS_GLOBAL: list.pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.?$/i, 'must be a comma-separated list of host names')).min(1)).optional(),
  KEY_ENCRYPTION_KEY: z
    .string()
    .transform((value, context) => {
      const key = parseKeyEncryptionKey(value);
      if (!key) context.addIssue({ code: 'custom', message: 'must be 32 octets, as 64 hex digits or base64' });
      return key ?? new Uint8Array();
    })
    .optional(),
  KEY_ENCRYPTION_KEY_PREVIOUS: list
    .transform((items, context) =>
      items.map((item) => {
        const key = parseKeyEncryptionKey(item);
        if (!key) context.addIssue({ code: 'custom', message: 'must be a comma-separated list of keys of 32 octets, as 64 hex digits or base64' });
        return key ?? new Uint8Array();
      }),
    )
    .default([]),
  DNSSEC_KEY_REMOVAL_DELAY: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must not be negative')
    .default(172_800),
  SECONDARY_ALLOWED_CIDRS: list
    .transform((items, context) =>
      items.map((item) => {
        const cidr = parseCidr(item);
        if (!cidr) context.addIssue({ code: 'custom', message: 'must be a comma-separated list of IPv4 or IPv6 CIDRs (192.0.2.0/24, ::1)' });
        return cidr!;
      }),
    )
    .default([]),
  WEBHOOK_ALLOWED_CIDRS: list
    .transform((items, context) =>
      items.map((item) => {
        const cidr = parseCidr(item);
        if (!cidr) context.addIssue({ code: 'custom', message: 'must be a comma-separated list of IPv4 or IPv6 CIDRs (192.0.2.0/24, ::1)' });
        return cidr!;
      }),
    )
    .default([]),
  DELEGATION_RESOLVER: z
    .string()
    .transform((value, context) => {
      const address = parseHostPort(value, 53);
      if (!address)
        context.addIssue({ code: 'custom', message: 'must be an IP address with an optional port (192.0.2.53, 127.0.0.1:5353, [2001:db8::53]:53)' });
      return address ?? { address: '', port: 0 };
    })
    .optional(),
  DELEGATION_PARENT_PORT: port.default(53),
  DELEGATION_CHECK_INTERVAL: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60 seconds')
    .default(21_600),
  PENDING_ZONE_RELEASE_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0, 'must not be negative (0 keeps pending zones)')
    .default(28),
  ACCOUNT_MAIL_LIMIT: z.coerce
    .number({ error: 'must be a number of mails' })
    .int('must be a whole number of mails')
    .min(1, 'must be at least 1 mail')
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  ERROR_REPORTING: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  ERROR_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days')
    .default(30),
  ERROR_REPORTING_DSN: z
    .string()
    .transform((value, context) => {
      const dsn = parseSentryDsn(value);
      if (!dsn) context.addIssue({ code: 'custom', message: sentryDsnRule });
      return dsn!;
    })
    .optional(),
  ANALYTICS: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  ANALYTICS_RETENTION_MONTHS: z.coerce
    .number({ error: 'must be a number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .max(120, 'must be at most 120 months')
    .default(25),
});

export interface Config {
  port: number;
  appPort: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dnsAddr: string[];
  dnsPort: number;
  /** Where Prometheus metrics are served (port 9153 unless given); unset, none are. */
  metricsAddr: { address: string; port: number } | undefined;
  /** What a DNS node tells the platform about itself at every heartbeat (decision 038). */
  dnsNode: {
    /** DNS_NODE_ID; unset, `resolveDnsNodeId` keeps a generated one in DATA_DIR. */
    id: string | undefined;
    network: 'EU' | 'GLOBAL';
    /** The name of the status page region the node serves; unset, it counts for none. */
    region: string | undefined;
    heartbeatIntervalSeconds: number;
  };
  /** Seconds after which a region whose nodes have all stopped heartbeating shows offline. */
  regionOfflineAfterSeconds: number;
  /** A region whose reporting nodes' journal lag is above this many seconds shows degraded. */
  regionDegradedLagSeconds: number;
  /** How long the NOTIFY lease lasts unless renewed (renewed every third of it; decision 047). */
  dnsNotifyLeaseSeconds: number;
  /** A DNS node whose journal lag passes this many seconds stops answering while another node is current; 0: never. */
  dnsStaleAfterSeconds: number;
  /** Where a DNS node keeps its snapshot of what it serves (zones, sealed keys, serials). */
  dnsSnapshotDir: string;
  /**
   * The change journal's retention: a change is deleted once it is older than `days` and not
   * among its zone's last `keepChanges`.
   */
  zoneChangeRetention: { days: number; keepChanges: number };
  /**
   * Response rate limiting of the DNS server over UDP: responses per second per client network
   * and kind (0: off), the window in seconds, and which limited responses go out truncated.
   */
  dnsRateLimit: { rate: number; window: number; slip: number; exempt: Cidr[] };
  /** Query names whose encoded answers each DNS server process keeps. */
  dnsAnswerCacheSize: number;
  /** Seconds between two writes of a DNS worker's per-zone query counts (zone analytics, usage). */
  dnsQueryCountsIntervalSeconds: number;
  appMode: 'production' | 'sandbox';
  apiBaseUrl: string;
  appUrl: string;
  siteUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Name servers published for zones, per network (EU_GLOBAL zones get both sets). */
  nameServers: { EU: string[]; GLOBAL: string[] };
  /** Seconds a zone whose DNSSEC is being turned off keeps its keys (its DS must be gone from the parent first). */
  dnssecKeyRemovalDelay: number;
  /**
   * How the platform reads what parent zones say about hosted zones (NS and DS). Without a
   * resolver no check runs and new zones are active at once.
   */
  delegation: {
    /** A recursive resolver: finds each parent zone, its servers and their addresses. */
    resolver: { address: string; port: number } | undefined;
    /** The port the parent zones' servers are asked on (53; a lab parent may listen elsewhere). */
    parentPort: number;
    /** Seconds between two scheduled checks of a zone. */
    checkInterval: number;
    /** Days a zone may stay pending (never delegated to us) before its name is released; 0 keeps it. */
    pendingReleaseDays: number;
  };
  /** Account mail (sign-up, verification, password reset, invitations) per client address in 15 minutes; unset, the API's own (10). */
  accountMailLimit: number | undefined;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /**
   * Error reporting (decision 063): the site's and dashboard's browsers and the platform's own processes
   * report unexpected errors to staff; `retentionDays` is how long each event is kept (the issues' counts stay);
   * `forwardTo`, from ERROR_REPORTING_DSN: an external Sentry or GlitchTip that also receives each stored event.
   */
  errorReporting: { enabled: boolean; retentionDays: number; forwardTo: SentryDsn | null };
  /**
   * Privacy-first analytics (decision 064): the site's page views, referrers and sign-up button clicks as
   * daily counters, and the business funnel; `retentionMonths` is how long the site's daily counters are kept.
   */
  analytics: { enabled: boolean; retentionMonths: number };
  /** Special-purpose networks (loopback, private, ...) that zones' secondaries may use all the same. */
  secondaryAllowedCidrs: Cidr[];
  /** Special-purpose networks that webhook endpoints may resolve to all the same (decision 057). */
  webhookAllowedCidrs: Cidr[];
  /** Seals DNSSEC private keys and TSIG secrets; unset, `resolveKeyEncryptionKey` keeps one in DATA_DIR. */
  keyEncryptionKey: Uint8Array | undefined;
  /** Keys KEY_ENCRYPTION_KEY replaced: they still open what they sealed until `npm run admin -- kek rotate` re-sealed it. */
  previousKeyEncryptionKeys: Uint8Array[];
}

/** `address`, `address:port` or `[v6]:port`. */
function parseHostPort(value: string, defaultPort: number): { address: string; port: number } | undefined {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  const plain = /^([^:]+)(?::(\d+))?$/.exec(value);
  const [address, portText] = bracketed ? [bracketed[1]!, bracketed[2]] : plain ? [plain[1]!, plain[2]] : [value, undefined];
  if (!z.union([z.ipv4(), z.ipv6()]).safeParse(address).success) return undefined;
  const number = portText === undefined ? defaultPort : Number(portText);
  return Number.isInteger(number) && number >= 1 && number <= 65535 ? { address, port: number } : undefined;
}

const hostInUrl = (host: string) => {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return reachable.includes(':') ? `[${reachable}]` : reachable;
};

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/** Variables that may hold credentials: an error about them must not print their value. */
const secretVariables = new Set(['KEY_ENCRYPTION_KEY', 'KEY_ENCRYPTION_KEY_PREVIOUS', 'DATABASE_URL', 'SMTP_URL', 'ERROR_REPORTING_DSN']);

/** Reads the platform configuration from environment variables; throws ConfigError naming the bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and .env files commonly leave them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const shown = secretVariables.has(name) ? '(value not shown)' : `(got ${JSON.stringify(present[name] ?? '')})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} ${shown}`);
  }
  const values = parsed.data;
  const host = hostInUrl(values.HOST);
  const siteUrl = withoutTrailingSlash(values.SITE_URL ?? `http://${host}:${values.PORT}`);
  return {
    port: values.PORT,
    appPort: values.APP_PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    dnsAddr: values.DNS_ADDR,
    dnsPort: values.DNS_PORT,
    metricsAddr: values.METRICS_ADDR,
    dnsNode: {
      id: values.DNS_NODE_ID,
      network: values.DNS_NETWORK,
      region: values.DNS_REGION,
      heartbeatIntervalSeconds: values.DNS_HEARTBEAT_INTERVAL,
    },
    regionOfflineAfterSeconds: values.REGION_OFFLINE_AFTER,
    regionDegradedLagSeconds: values.REGION_DEGRADED_LAG,
    dnsNotifyLeaseSeconds: values.DNS_NOTIFY_LEASE,
    dnsStaleAfterSeconds: values.DNS_STALE_AFTER,
    dnsSnapshotDir: values.DNS_SNAPSHOT_DIR ?? join(values.DATA_DIR, 'dns-snapshot'),
    zoneChangeRetention: { days: values.JOURNAL_RETENTION_DAYS, keepChanges: values.JOURNAL_KEEP_CHANGES },
    dnsAnswerCacheSize: values.DNS_ANSWER_CACHE_SIZE,
    dnsQueryCountsIntervalSeconds: values.DNS_QUERY_COUNTS_INTERVAL,
    dnsRateLimit: { rate: values.DNS_RATE_LIMIT, window: values.DNS_RATE_LIMIT_WINDOW, slip: values.DNS_RATE_LIMIT_SLIP, exempt: values.DNS_RATE_LIMIT_EXEMPT },
    appMode: values.APP_MODE,
    apiBaseUrl: withoutTrailingSlash(values.API_BASE_URL ?? `http://${host}:${values.PORT}/v1`),
    appUrl: withoutTrailingSlash(values.APP_URL ?? `http://${host}:${values.APP_PORT}`),
    siteUrl,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    logLevel: values.LOG_LEVEL,
    nameServers: {
      EU: values.NS_EU ?? [...defaultNameServers.EU],
      GLOBAL: values.NS_GLOBAL ?? [...defaultNameServers.GLOBAL],
    },
    dnssecKeyRemovalDelay: values.DNSSEC_KEY_REMOVAL_DELAY,
    delegation: {
      resolver: values.DELEGATION_RESOLVER,
      parentPort: values.DELEGATION_PARENT_PORT,
      checkInterval: values.DELEGATION_CHECK_INTERVAL,
      pendingReleaseDays: values.PENDING_ZONE_RELEASE_DAYS,
    },
    accountMailLimit: values.ACCOUNT_MAIL_LIMIT,
    trustProxy: values.TRUST_PROXY,
    errorReporting: { enabled: values.ERROR_REPORTING, retentionDays: values.ERROR_RETENTION_DAYS, forwardTo: values.ERROR_REPORTING_DSN ?? null },
    analytics: { enabled: values.ANALYTICS, retentionMonths: values.ANALYTICS_RETENTION_MONTHS },
    secondaryAllowedCidrs: values.SECONDARY_ALLOWED_CIDRS,
    webhookAllowedCidrs: values.WEBHOOK_ALLOWED_CIDRS,
    keyEncryptionKey: values.KEY_ENCRYPTION_KEY,
    previousKeyEncryptionKeys: values.KEY_ENCRYPTION_KEY_PREVIOUS,
  };
}
export { releaseOf } from './release';
