import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

describe('loadConfig', () => {
  it('gives the documented defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      appPort: 8081,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      dnsAddr: ['127.0.0.1'],
      dnsPort: 5300,
      appMode: 'production',
      apiBaseUrl: 'http://127.0.0.1:8080/v1',
      appUrl: 'http://127.0.0.1:8081',
      siteUrl: 'http://127.0.0.1:8080',
      smtpUrl: undefined,
      logLevel: 'info',
      errorReporting: { enabled: true, retentionDays: 30, forwardTo: null },
      analytics: { enabled: true, retentionMonths: 25 },
    });
    expect(config.nameServers.EU.length).toBeGreaterThan(0);
  });

  it('turns error reporting off and bounds its retention', () => {
    expect(loadConfig({ ERROR_REPORTING: 'off', ERROR_RETENTION_DAYS: '7' }).errorReporting).toEqual({ enabled: false, retentionDays: 7, forwardTo: null });
    expect(() => loadConfig({ ERROR_REPORTING: 'yes' })).toThrow('Invalid configuration: ERROR_REPORTING must be on or off (got "yes")');
    expect(() => loadConfig({ ERROR_RETENTION_DAYS: '0' })).toThrow('ERROR_RETENTION_DAYS must be at least 1 day');
  });

  it('reads the DSN errors are forwarded to: its envelope endpoint and key, never printing it when wrong', () => {
    expect(loadConfig({ ERROR_REPORTING_DSN: 'https://abc123@o1.ingest.sentry.io/4507' }).errorReporting.forwardTo).toEqual({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/4507/envelope/',
      publicKey: 'abc123',
    });
    // GlitchTip on a path of its own, with the legacy secret part ignored.
    expect(loadConfig({ ERROR_REPORTING_DSN: 'http://key:old@127.0.0.1:8000/glitchtip/7' }).errorReporting.forwardTo).toEqual({
      envelopeUrl: 'http://127.0.0.1:8000/glitchtip/api/7/envelope/',
      publicKey: 'key',
    });
    for (const wrong of ['https://o1.ingest.sentry.io/4507', 'ftp://k@host/1', 'https://k@host/', 'not a url key-in-here']) {
      expect(() => loadConfig({ ERROR_REPORTING_DSN: wrong }), wrong).toThrow(
        'ERROR_REPORTING_DSN must be a DSN: https://<key>@<host>/<project id> (value not shown)',
      );
    }
  });

  it('turns analytics off and bounds its retention', () => {
    expect(loadConfig({ ANALYTICS: 'off', ANALYTICS_RETENTION_MONTHS: '13' }).analytics).toEqual({ enabled: false, retentionMonths: 13 });
    expect(() => loadConfig({ ANALYTICS: 'no' })).toThrow('Invalid configuration: ANALYTICS must be on or off (got "no")');
    expect(() => loadConfig({ ANALYTICS_RETENTION_MONTHS: '0' })).toThrow('ANALYTICS_RETENTION_MONTHS must be at least 1 month');
  });

  it('derives the URLs from HOST and the ports, bracketing IPv6', () => {
    const config = loadConfig({ HOST: '::1', PORT: '9000', APP_PORT: '9001' });
    expect(config.apiBaseUrl).toBe('http://[::1]:9000/v1');
    expect(config.appUrl).toBe('http://[::1]:9001');
    expect(config.siteUrl).toBe('http://[::1]:9000');
  });

  it('reads lists and explicit URLs', () => {
    const config = loadConfig({
      DNS_ADDR: '127.0.0.1, ::1',
      APP_URL: 'https://app.example.eu/',
      APP_MODE: 'sandbox',
      NS_EU: 'a.ns.example,b.ns.example',
    });
    expect(config.dnsAddr).toEqual(['127.0.0.1', '::1']);
    expect(config.appUrl).toBe('https://app.example.eu');
    expect(config.appMode).toBe('sandbox');
    expect(config.nameServers.EU).toEqual(['a.ns.example', 'b.ns.example']);
  });

  it('reads the networks secondaries may use although special-purpose (none by default)', () => {
    expect(loadConfig({}).secondaryAllowedCidrs).toEqual([]);
    expect(loadConfig({ SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8, ::1,10.1.2.0/24' }).secondaryAllowedCidrs).toEqual([
      { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
      { address: '::1', prefix: 128, family: 'ipv6' },
      { address: '10.1.2.0', prefix: 24, family: 'ipv4' },
    ]);
  });

  it('reads the delegation resolver with or without a port (no checks by default)', () => {
    expect(loadConfig({}).delegation).toEqual({ resolver: undefined, parentPort: 53, checkInterval: 21_600, pendingReleaseDays: 28 });
    expect(loadConfig({ DELEGATION_RESOLVER: '127.0.0.1:5353' }).delegation.resolver).toEqual({ address: '127.0.0.1', port: 5353 });
    expect(loadConfig({ DELEGATION_RESOLVER: '192.0.2.53' }).delegation.resolver).toEqual({ address: '192.0.2.53', port: 53 });
    expect(loadConfig({ DELEGATION_RESOLVER: '[2001:db8::53]:8053' }).delegation.resolver).toEqual({ address: '2001:db8::53', port: 8053 });
    expect(loadConfig({ DELEGATION_RESOLVER: '2001:db8::53' }).delegation.resolver).toEqual({ address: '2001:db8::53', port: 53 });
    expect(() => loadConfig({ DELEGATION_RESOLVER: 'resolver.example:53' })).toThrow(/DELEGATION_RESOLVER must be an IP address/);
    expect(() => loadConfig({ DELEGATION_RESOLVER: '127.0.0.1:99999' })).toThrow(/DELEGATION_RESOLVER/);
  });

  it('serves metrics only where METRICS_ADDR says, on port 9153 unless it names one', () => {
    expect(loadConfig({}).metricsAddr).toBeUndefined();
    expect(loadConfig({ METRICS_ADDR: '127.0.0.1' }).metricsAddr).toEqual({ address: '127.0.0.1', port: 9153 });
    expect(loadConfig({ METRICS_ADDR: '[::1]:9100' }).metricsAddr).toEqual({ address: '::1', port: 9100 });
    expect(() => loadConfig({ METRICS_ADDR: 'localhost:9153' })).toThrow(/METRICS_ADDR must be an IP address/);
    expect(() => loadConfig({ METRICS_ADDR: '127.0.0.1:0' })).toThrow(/METRICS_ADDR/);
  });

  it('reads what a DNS node tells at its heartbeats and when a region without them shows offline', () => {
    expect(loadConfig({}).dnsNode).toEqual({ id: undefined, network: 'GLOBAL', region: undefined, heartbeatIntervalSeconds: 15 });
    expect(loadConfig({}).regionOfflineAfterSeconds).toBe(60);
    const config = loadConfig({ DNS_NODE_ID: 'fra-1', DNS_NETWORK: 'EU', DNS_REGION: ' Europe ', DNS_HEARTBEAT_INTERVAL: '5', REGION_OFFLINE_AFTER: '20' });
    expect(config.dnsNode).toEqual({ id: 'fra-1', network: 'EU', region: 'Europe', heartbeatIntervalSeconds: 5 });
    expect(config.regionOfflineAfterSeconds).toBe(20);
  });

  it('reads the NOTIFY lease, when a node counts as stale and when a lagging region shows degraded', () => {
    expect(loadConfig({})).toMatchObject({ dnsNotifyLeaseSeconds: 15, dnsStaleAfterSeconds: 0, regionDegradedLagSeconds: 60 });
    expect(loadConfig({ DNS_NOTIFY_LEASE: '6', DNS_STALE_AFTER: '120', REGION_DEGRADED_LAG: '30' })).toMatchObject({
      dnsNotifyLeaseSeconds: 6,
      dnsStaleAfterSeconds: 120,
      regionDegradedLagSeconds: 30,
    });
    expect(() => loadConfig({ DNS_NOTIFY_LEASE: '2' })).toThrow(/DNS_NOTIFY_LEASE/);
    expect(() => loadConfig({ DNS_STALE_AFTER: '-1' })).toThrow(/DNS_STALE_AFTER/);
    expect(() => loadConfig({ DNS_STALE_AFTER: '5' })).toThrow(/at least 10 seconds/);
  });

  it('reads the DNS node snapshot directory (under DATA_DIR by default) and the journal retention', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/kaja' })).toMatchObject({
      dnsSnapshotDir: '/var/lib/kaja/dns-snapshot',
      zoneChangeRetention: { days: 90, keepChanges: 100 },
    });
    expect(loadConfig({ DNS_SNAPSHOT_DIR: '/srv/snapshot', JOURNAL_RETENTION_DAYS: '30', JOURNAL_KEEP_CHANGES: '10' })).toMatchObject({
      dnsSnapshotDir: '/srv/snapshot',
      zoneChangeRetention: { days: 30, keepChanges: 10 },
    });
    expect(() => loadConfig({ JOURNAL_RETENTION_DAYS: '0' })).toThrow('Invalid configuration: JOURNAL_RETENTION_DAYS must be at least 1 day (got "0")');
    expect(() => loadConfig({ JOURNAL_KEEP_CHANGES: 'many' })).toThrow('Invalid configuration: JOURNAL_KEEP_CHANGES must be a number of changes (got "many")');
  });

  it('limits DNS responses over UDP by default, as DNS_RATE_LIMIT* set', () => {
    expect(loadConfig({}).dnsRateLimit).toEqual({ rate: 20, window: 15, slip: 2, exempt: [] });
    expect(loadConfig({}).dnsAnswerCacheSize).toBe(200_000);
    expect(loadConfig({ DNS_RATE_LIMIT: '0', DNS_RATE_LIMIT_WINDOW: '5', DNS_RATE_LIMIT_SLIP: '1' }).dnsRateLimit).toEqual({
      rate: 0,
      window: 5,
      slip: 1,
      exempt: [],
    });
    expect(loadConfig({ DNS_RATE_LIMIT_EXEMPT: '198.51.100.0/24, 2001:db8::/48' }).dnsRateLimit.exempt).toEqual([
      { address: '198.51.100.0', prefix: 24, family: 'ipv4' },
      { address: '2001:db8::', prefix: 48, family: 'ipv6' },
    ]);
    expect(() => loadConfig({ DNS_RATE_LIMIT_EXEMPT: '198.51.100.7' })).toThrow(
      'Invalid configuration: DNS_RATE_LIMIT_EXEMPT must be IPv4 networks of /8 to /24',
    );
  });

  it('leaves the account mail limit to the API unless ACCOUNT_MAIL_LIMIT sets it', () => {
    expect(loadConfig({}).accountMailLimit).toBeUndefined();
    expect(loadConfig({ ACCOUNT_MAIL_LIMIT: '200' }).accountMailLimit).toBe(200);
    expect(() => loadConfig({ ACCOUNT_MAIL_LIMIT: '0' })).toThrow('ACCOUNT_MAIL_LIMIT must be at least 1 mail');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_PORT', '1.5'],
    ['DNS_ADDR', 'not-an-ip'],
    ['DNS_PORT', '0'],
    ['DNS_RATE_LIMIT', '-1'],
    ['DNS_RATE_LIMIT_WINDOW', '0'],
    ['DNS_RATE_LIMIT_SLIP', '11'],
    ['APP_MODE', 'staging'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_URL', 'ftp://x'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['DNS_NODE_ID', 'node one'],
    ['DNS_NETWORK', 'ASIA'],
    ['DNS_HEARTBEAT_INTERVAL', '0'],
    ['DNS_QUERY_COUNTS_INTERVAL', '0'],
    ['DNS_QUERY_COUNTS_INTERVAL', '7200'],
    ['REGION_OFFLINE_AFTER', '1'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['KEY_ENCRYPTION_KEY', 'c2hvcnQ='],
    ['SECONDARY_ALLOWED_CIDRS', '127.0.0.0/33'],
    ['SECONDARY_ALLOWED_CIDRS', 'localhost'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it('does not print the value of a variable that may hold a credential', () => {
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY: 'secret-but-short' })).toThrow(/KEY_ENCRYPTION_KEY .*value not shown/);
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY: 'secret-but-short' })).not.toThrow(/secret-but-short/);
  });
});
