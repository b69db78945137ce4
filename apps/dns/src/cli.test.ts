import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseTsigKeyFile } from './cli';

describe('the command line', () => {
  it('reads zones, addresses and options', () => {
    const config = parseCommandLine(
      [
        '--zone',
        'Example.COM.=a.zone',
        '--zone',
        'example.net=b.zone',
        '--listen',
        '127.0.0.1:5300',
        '--listen',
        '[::1]:5301',
        '--workers',
        '1',
        '--node-name',
        'fra-1',
        '--tcp-idle-timeout',
        '5000',
      ],
      {},
    );
    expect(config).toMatchObject({
      zones: [
        { name: 'example.com', file: 'a.zone' },
        { name: 'example.net', file: 'b.zone' },
      ],
      listen: [
        { host: '127.0.0.1', port: 5300 },
        { host: '::1', port: 5301 },
      ],
      workers: 1,
      nodeName: 'fra-1',
      tcp: { idleTimeoutMs: 5000, ioTimeoutMs: 2000, maxConnections: 1000, maxConnectionsPerNetwork: 100 },
      udp: 'auto',
      rateLimit: { rate: 20, window: 15, slip: 2, exempt: [] },
      answerCacheSize: 200_000,
    });
  });

  it('reads --stale-after, else DNS_STALE_AFTER, for a database node only, and never below the time between syncs', () => {
    const database = { DATABASE_URL: 'postgres://x/y' };
    expect(parseCommandLine([], database)).toMatchObject({ staleAfterSeconds: 0 });
    expect(parseCommandLine([], { ...database, DNS_STALE_AFTER: '30' })).toMatchObject({ staleAfterSeconds: 30 });
    expect(parseCommandLine(['--stale-after', '45'], { ...database, DNS_STALE_AFTER: '30' })).toMatchObject({ staleAfterSeconds: 45 });
    expect(parseCommandLine(['--stale-after', '0'], database)).toMatchObject({ staleAfterSeconds: 0 });
    expect(() => parseCommandLine(['--stale-after', '5'], database)).toThrow('--stale-after must be 0 (never) or a whole number of seconds from 10');
    expect(() => parseCommandLine(['--stale-after', 'soon'], database)).toThrow('--stale-after must be');
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--stale-after', '30'], {})).toThrow('--stale-after goes with a database node');
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], { DNS_STALE_AFTER: '30' })).toMatchObject({ staleAfterSeconds: 0 });
  });

  it('reads response rate limiting from flags, else from DNS_RATE_LIMIT*', () => {
    const flags = ['--zone', 'example.com=a.zone', '--rate-limit', '0', '--rate-limit-slip', '1'];
    expect(parseCommandLine(flags, { DNS_RATE_LIMIT_WINDOW: '5', DNS_RATE_LIMIT: '50' })).toMatchObject({ rateLimit: { rate: 0, window: 5, slip: 1 } });
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--rate-limit-slip', '11'], {})).toThrow(
      '--rate-limit-slip must be a whole number from 0 to 10',
    );
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--rate-limit=-1'], {})).toThrow('--rate-limit must be a whole number');
    const exempting = ['--zone', 'example.com=a.zone', '--rate-limit-exempt', '198.51.100.0/24', '--rate-limit-exempt', '2001:db8::/48'];
    // The flags replace the environment's list.
    expect(parseCommandLine(exempting, { DNS_RATE_LIMIT_EXEMPT: '192.0.2.0/24' })).toMatchObject({
      rateLimit: {
        exempt: [
          { address: '198.51.100.0', prefix: 24, family: 'ipv4' },
          { address: '2001:db8::', prefix: 48, family: 'ipv6' },
        ],
      },
    });
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], { DNS_RATE_LIMIT_EXEMPT: '192.0.2.0/24' })).toMatchObject({
      rateLimit: { exempt: [{ address: '192.0.2.0', prefix: 24, family: 'ipv4' }] },
    });
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--rate-limit-exempt', '192.0.2.7'], {})).toThrow(
      '--rate-limit-exempt must be IPv4 networks of /8 to /24 or IPv6 networks of /40 to /56, as responses are counted per /24 and /56 (192.0.2.0/24, 2001:db8::/48), not 192.0.2.7',
    );
  });

  it('reads the TCP limits', () => {
    const flags = ['--zone', 'example.com=a.zone', '--tcp-io-timeout', '500', '--tcp-max-connections-per-network', '8'];
    expect(parseCommandLine(flags, {})).toMatchObject({ tcp: { ioTimeoutMs: 500, maxConnectionsPerNetwork: 8 } });
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--tcp-io-timeout', '0'], {})).toThrow('--tcp-io-timeout must be a positive whole number');
  });

  it('listens on DNS_ADDR and DNS_PORT when no --listen is given', () => {
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], { DNS_ADDR: '127.0.0.1,::1', DNS_PORT: '5353' })).toMatchObject({
      listen: [
        { host: '127.0.0.1', port: 5353 },
        { host: '::1', port: 5353 },
      ],
    });
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], {})).toMatchObject({ listen: [{ host: '127.0.0.1', port: 5300 }] });
  });

  it('serves metrics at --metrics, else at METRICS_ADDR, else nowhere', () => {
    const zone = ['--zone', 'example.com=a.zone'];
    expect(parseCommandLine(zone, {})).toMatchObject({ metrics: undefined });
    expect(parseCommandLine(zone, { METRICS_ADDR: '127.0.0.1' })).toMatchObject({ metrics: { host: '127.0.0.1', port: 9153 } });
    expect(parseCommandLine([...zone, '--metrics', '[::1]:9200'], { METRICS_ADDR: '127.0.0.1' })).toMatchObject({ metrics: { host: '::1', port: 9200 } });
    expect(() => parseCommandLine([...zone, '--metrics', 'localhost:9153'], {})).toThrow('--metrics localhost:9153: expected HOST:PORT');
  });

  it('reads TSIG keys and secondaries', () => {
    const secret = Buffer.alloc(32, 7).toString('base64');
    const config = parseCommandLine(
      [
        '--zone',
        'example.com=a.zone',
        '--tsig-key',
        `XFR.example.com.:hmac-sha512:${secret}`,
        '--secondary',
        'example.com=192.0.2.1/xfr.example.com',
        '--secondary',
        'example.com.=[2001:db8::1]:5353/xfr.example.com.',
      ],
      {},
    );
    const key = { name: 'xfr.example.com', algorithm: 'hmac-sha512', secret: new Uint8Array(Buffer.alloc(32, 7)) };
    expect(config).toMatchObject({
      secondaries: [
        { zone: 'example.com', address: '192.0.2.1', port: 53, key },
        { zone: 'example.com', address: '2001:db8::1', port: 5353, key },
      ],
    });
  });

  it('reads transfer rules: a zone or *, an address or a network, a key when named', () => {
    const sha1 = Buffer.alloc(20, 1).toString('base64');
    const config = parseCommandLine(
      [
        '--zone',
        'example.com=a.zone',
        '--tsig-key',
        `xfr.example.com:hmac-sha1:${sha1}`,
        '--allow-transfer',
        'example.com=192.0.2.0/24',
        '--allow-transfer',
        '*=2001:db8::/32,key=xfr.example.com.',
        '--allow-transfer',
        'Example.com.=198.51.100.7',
      ],
      {},
    );
    const key = { name: 'xfr.example.com', algorithm: 'hmac-sha1', secret: new Uint8Array(Buffer.alloc(20, 1)) };
    expect(config).toMatchObject({
      secondaries: [],
      transferRules: [
        { zone: 'example.com', cidr: '192.0.2.0/24' },
        { zone: '*', cidr: '2001:db8::/32', key },
        { zone: 'example.com', cidr: '198.51.100.7' },
      ],
    });
    const fails = (rule: string, message: string) =>
      expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--tsig-key', `xfr.example.com:hmac-sha1:${sha1}`, '--allow-transfer', rule], {})).toThrow(
        message,
      );
    fails('example.net=192.0.2.1', 'example.net is not a --zone served here');
    fails('example.com=192.0.2.0/33', 'is not an address or a network');
    fails('example.com=host.example.net', 'is not an address or a network');
    fails('example.com=192.0.2.1,key=nobody', 'no --tsig-key named nobody');
    fails('example.com', 'expected ZONE=CIDR[,key=KEYNAME]');
    expect(() => parseCommandLine(['--allow-transfer', '*=192.0.2.1'], { DATABASE_URL: 'postgres://x/y' })).toThrow('go with --zone');
  });

  it('reads TSIG keys of every algorithm, hmac-md5 included for old peers, and BIND key files', () => {
    const secret = Buffer.alloc(16, 2).toString('base64');
    for (const [given, algorithm] of [
      ['hmac-md5', 'hmac-md5.sig-alg.reg.int'],
      ['hmac-sha1', 'hmac-sha1'],
      ['hmac-sha224', 'hmac-sha224'],
    ]) {
      const config = parseCommandLine(
        ['--zone', 'example.com=a.zone', '--tsig-key', `k.example.com:${given}:${secret}`, '--secondary', 'example.com=192.0.2.1/k.example.com'],
        {},
      );
      expect(config).toMatchObject({ secondaries: [{ key: { name: 'k.example.com', algorithm } }] });
    }
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--tsig-key', `k.example.com:hmac-sha3:${secret}`], {})).toThrow('the algorithm must be');
    const file = `// made by tsig-keygen\nkey "old.example.com" {\n\talgorithm hmac-md5;\n\tsecret "${secret}";\n};\nkey new.example.com { algorithm hmac-sha256; secret "${secret}"; };\n`;
    expect(parseTsigKeyFile(file, 'keys.conf')).toEqual([
      { name: 'old.example.com', algorithm: 'hmac-md5.sig-alg.reg.int', secret: new Uint8Array(Buffer.alloc(16, 2)) },
      { name: 'new.example.com', algorithm: 'hmac-sha256', secret: new Uint8Array(Buffer.alloc(16, 2)) },
    ]);
    expect(() => parseTsigKeyFile('options { };', 'keys.conf')).toThrow('keys.conf: no key statement');
    expect(() => parseTsigKeyFile('key "a" { algorithm hmac-md5; };', 'keys.conf')).toThrow('key a needs an algorithm and a secret');
  });

  it('reads the zones to sign, with key files or keys made at start, NSEC or NSEC3', () => {
    const config = parseCommandLine(
      ['--zone', 'example.com=a.zone', '--zone', 'example.net=b.zone', '--dnssec', 'Example.com.=keys', '--dnssec', 'example.net', '--nsec3', 'example.net'],
      {},
    );
    expect(config).toMatchObject({
      dnssec: [
        { name: 'example.com', keyDir: 'keys', nsec3: false },
        { name: 'example.net', keyDir: undefined, nsec3: true },
      ],
    });
  });

  it.each([
    [['--zone', 'example.com=a', '--tsig-key', 'k:hmac-sha3:AAAA'], 'the algorithm must be'],
    [['--zone', 'example.com=a', '--tsig-key', 'k:hmac-sha256'], 'expected NAME:ALGORITHM:BASE64SECRET'],
    [['--zone', 'example.com=a', '--tsig-key', 'k:hmac-sha256:not base64'], 'must be base64'],
    [['--zone', 'example.com=a', '--secondary', 'example.com=192.0.2.1/k'], 'no --tsig-key named k'],
    [['--zone', 'example.com=a', '--tsig-key', 'k:hmac-sha256:AAAA', '--secondary', 'example.org=192.0.2.1/k'], 'is not a --zone served here'],
    [['--zone', 'example.com=a', '--tsig-key', 'k:hmac-sha256:AAAA', '--secondary', 'example.com=ns1.example.net/k'], 'expected ZONE=ADDRESS[:PORT]/KEYNAME'],
  ])('rejects the transfer options %j', (args, message) => {
    expect(() => parseCommandLine(args, {})).toThrow(message);
  });

  it.each([
    [[], 'give zone files with --zone NAME=FILE, or set DATABASE_URL'],
    [['--zone', 'example.com=a', '--dnssec', 'example.org'], 'example.org is not served'],
    [['--zone', 'example.com=a', '--dnssec', 'example.com='], 'expected NAME or NAME=KEYDIR'],
    [['--zone', 'example.com=a', '--nsec3', 'example.com'], 'the zone is not signed'],
    [['--zone', 'example.com'], 'expected NAME=FILE'],
    [['--zone', 'exa mple.com=a.zone'], 'space'],
    [['--zone', 'example.com=a', '--listen', 'localhost:53'], 'expected HOST:PORT'],
    [['--zone', 'example.com=a', '--listen', '127.0.0.1:70000'], 'expected HOST:PORT'],
    [['--zone', 'example.com=a', '--workers', '0'], '--workers must be a positive whole number'],
    [['--zone', 'example.com=a', '--bogus'], 'bogus'],
    [['--zone', 'example.com=a', '--udp', 'fast'], '--udp must be auto, batch or dgram'],
  ])('rejects %j', (args, message) => {
    expect(() => parseCommandLine(args, {})).toThrow(message);
  });

  it('serves the database at DATABASE_URL without --zone, and zone files alone with it', () => {
    const url = 'postgres://dns@db.example.test/kaja';
    expect(parseCommandLine(['--workers', '2'], { DATABASE_URL: url })).toMatchObject({ zones: [], databaseUrl: url, workers: 2 });
    expect(parseCommandLine(['--zone', 'example.com=a.zone'], { DATABASE_URL: url })).not.toHaveProperty('databaseUrl');
  });

  it('takes a read replica and the location relays for a database node, from flags or the environment', () => {
    const url = 'postgres://dns@primary.example.test/kaja';
    const replica = 'postgres://dns@replica.example.test/kaja';
    const env = { DATABASE_URL: url, RELAY_TOKEN: 'a-location-token-of-32-characters' };
    expect(parseCommandLine(['--replica-url', replica, '--relay', '10.0.0.5:5301,10.0.0.6:5301'], env)).toMatchObject({
      databaseUrl: url,
      replicaUrl: replica,
      relays: {
        addresses: [
          { host: '10.0.0.5', port: 5301 },
          { host: '10.0.0.6', port: 5301 },
        ],
        token: env.RELAY_TOKEN,
      },
    });
    expect(parseCommandLine([], { ...env, DNS_REPLICA_URL: replica, DNS_RELAYS: '[::1]:5301' })).toMatchObject({
      replicaUrl: replica,
      relays: { addresses: [{ host: '::1', port: 5301 }] },
    });
    const plain = parseCommandLine([], { DATABASE_URL: url });
    expect(plain).not.toHaveProperty('replicaUrl');
    expect(plain).not.toHaveProperty('relays');
    expect(() => parseCommandLine(['--relay', '10.0.0.5:5301'], { DATABASE_URL: url })).toThrow('needs RELAY_TOKEN');
    expect(() => parseCommandLine(['--relay', '10.0.0.5:5301'], { DATABASE_URL: url, RELAY_TOKEN: 'short' })).toThrow('16 characters');
    expect(() => parseCommandLine(['--relay', '10.0.0.5'], env)).toThrow('expected HOST:PORT');
    expect(() => parseCommandLine(['--replica-url', 'mysql://x/y'], env)).toThrow('must be a postgres:// URL');
    expect(() => parseCommandLine(['--zone', 'example.com=a.zone', '--replica-url', replica], env)).toThrow('are for a database node');
  });

  it('shows help', () => {
    expect(parseCommandLine(['--help'], {})).toBe('help');
  });
});
