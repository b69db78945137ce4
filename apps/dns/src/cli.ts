import { readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig, parseRateLimitExemption, rateLimitExemptionRule, type Cidr } from '@kaja/config';
import { parseName } from '@kaja/dns-model';
import { tsigAlgorithmNamed, type TsigKey } from '@kaja/dns-model/tsig';
import type { RateLimitOptions } from './responseRateLimit';
import { defaultTcpOptions, type TcpOptions } from './tcp';
import type { ListenAddress, UdpMode } from './server';
import { network, type Secondary, type TransferRule } from './transferAccess';
import { parseRelays, type RelayAddress } from './relay/relayNotices';

export const usage = `Usage: npm run dns -- [--zone NAME=FILE ...] [options]

An authoritative DNS server over UDP and TCP. With --zone it serves RFC 1035 zone files
(standalone); without, it is a DNS-only node serving the zones in the PostgreSQL database at
DATABASE_URL, live as the API changes them, and heartbeating to the status page as DNS_NODE_ID (or
an id kept in DATA_DIR) in DNS_NETWORK and DNS_REGION every DNS_HEARTBEAT_INTERVAL seconds.

  --zone NAME=FILE         serve the zone NAME from the zone file FILE (repeatable)
  --listen HOST:PORT       address to serve on, IPv6 as [::1]:5300 (repeatable; default: every
                           address in DNS_ADDR on DNS_PORT, 127.0.0.1 and 5300 when unset)
  --workers N              threads sharing the port and the zones (default: one per CPU core)
  --node-name NAME         this node's name in NSID and CHAOS id.server answers (default: the host name)
  --dnssec NAME[=KEYDIR]   sign the zone NAME online for queries with the DO bit (repeatable), with
                           the BIND key files in KEYDIR (K<zone>.+<alg>+<tag>.key/.private from
                           dnssec-keygen), or with a KSK and a ZSK made at start (their DS printed)
  --nsec3 NAME             deny existence in the signed zone NAME with NSEC3 (RFC 9276) instead of NSEC
  --alias-resolver H:P     recursive resolver for apex ALIAS targets (repeatable; default: the system's)
  --udp auto|batch|dgram   UDP through the batching addon (recvmmsg/sendmmsg) or node's dgram;
                           auto (the default) takes the addon when npm install could build it
  --tcp-idle-timeout MS    close TCP connections idle this long (default ${defaultTcpOptions.idleTimeoutMs})
  --tcp-io-timeout MS      close a TCP connection whose query has begun but not arrived whole
                           within this long, as a trickling client's (default ${defaultTcpOptions.ioTimeoutMs})
  --tcp-max-connections N  TCP connections served at once per worker (default ${defaultTcpOptions.maxConnections})
  --tcp-max-connections-per-network N
                           TCP connections at once from one client network (IPv4 /24, IPv6 /56)
                           per worker, the rest kept for others (default ${defaultTcpOptions.maxConnectionsPerNetwork})
  --tcp-connection-buffer N
                           octets of unsent answers after which a TCP connection is not read from
                           until its client reads (default ${defaultTcpOptions.connectionBufferBytes})
  --tcp-max-buffered N     octets of unsent answers all TCP connections of a worker may hold,
                           transfers aside; past it the connection holding most is closed
                           (default ${defaultTcpOptions.maxBufferedBytes})
  --stale-after SECONDS    database node: stop answering (close the DNS listeners, so a health-checked
                           anycast route is withdrawn) while its journal lag passes this and another
                           node of its network is current; answer again once current (default
                           DNS_STALE_AFTER, else 0: never)
  --answer-cache-size N    questions (name, type, EDNS variant) whose encoded answers each
                           process keeps (default DNS_ANSWER_CACHE_SIZE, else 200000)
  --rate-limit N           UDP responses per second per client network (IPv4 /24, IPv6 /56) and
                           kind of answer, as BIND and Knot DNS limit them; 0 turns it off
                           (default DNS_RATE_LIMIT, else 20)
  --rate-limit-window S    seconds over which a network's credit and debt are kept (default
                           DNS_RATE_LIMIT_WINDOW, else 15)
  --rate-limit-slip N      every Nth limited response goes out truncated, so real clients retry
                           over TCP, the rest are dropped; 0 drops all, 1 truncates all (default
                           DNS_RATE_LIMIT_SLIP, else 2)
  --rate-limit-exempt CIDR a client network never limited, IPv4 /8 to /24 or IPv6 /40 to /56
                           (repeatable; default DNS_RATE_LIMIT_EXEMPT, comma-separated)
  --tsig-key NAME:ALG:SECRET
                           a TSIG key (ALG hmac-sha256, hmac-sha384, hmac-sha512, hmac-sha224,
                           hmac-sha1, or hmac-md5 for old peers; SECRET in base64) for --secondary
                           and --allow-transfer (repeatable)
  --tsig-key-file FILE     the TSIG keys of a BIND key file (key "NAME" { algorithm ALG; secret
                           "SECRET"; };), as tsig-keygen writes it (repeatable)
  --allow-transfer ZONE=CIDR[,key=KEY]
                           lets the addresses of CIDR (e.g. 192.0.2.0/24, 2001:db8::/32, one
                           address) transfer ZONE, or every zone for *: AXFR and IXFR over TCP, IXFR
                           over UDP answered with the SOA; with key=, only requests signed with the
                           TSIG key KEY. Sends no NOTIFY (repeatable; default: no transfers)
  --secondary ZONE=ADDR[:PORT]/KEY
                           lets ADDR transfer ZONE (AXFR/IXFR, signed with the TSIG key KEY) and
                           sends it NOTIFY (to PORT, default 53) after each change; IPv6 as
                           [::1]:53 (repeatable)
  --replica-url URL        a database node reads zones, journal, keys and transfers from this
                           read replica of DATABASE_URL (default DNS_REPLICA_URL), and writes
                           heartbeats, query counts and NOTIFY acknowledgements to DATABASE_URL
  --relay HOST:PORT[,HOST:PORT]
                           hear zone changes from the location's relays (npm run relay), the first
                           that answers, instead of a LISTEN on DATABASE_URL (default DNS_RELAYS;
                           the shared token in RELAY_TOKEN)
  --metrics HOST:PORT      serve Prometheus metrics at http://HOST:PORT/metrics, every worker's figures
                           added together (default: METRICS_ADDR, unset: no metrics served)
  --help                   show this text`;

export interface ZoneSource {
  name: string;
  file: string;
}

/** A zone signed in standalone mode: keys from BIND key files, or made at start. */
export interface DnssecSource {
  name: string;
  keyDir?: string;
  nsec3: boolean;
}

export interface Config {
  /** Zone files to serve; none means the zones in the database at `databaseUrl`. */
  zones: ZoneSource[];
  databaseUrl?: string;
  /** A read replica of the database, for every read of a database node (its writes go to `databaseUrl`). */
  replicaUrl?: string;
  /** The location's relays of zone change notices, and the token they take. */
  relays?: { addresses: RelayAddress[]; token: string };
  /** Zone files to sign (standalone); a database node signs the zones whose keys the API made. */
  dnssec: DnssecSource[];
  listen: ListenAddress[];
  workers: number;
  nodeName: string;
  aliasResolvers: string[];
  tcp: TcpOptions;
  udp: UdpMode;
  rateLimit: RateLimitOptions;
  answerCacheSize: number;
  /** Database node: seconds of journal lag after which it stops answering while another node is current; 0: never. */
  staleAfterSeconds: number;
  secondaries: Secondary[];
  /** --allow-transfer: who else may transfer which zones, without NOTIFY. */
  transferRules: TransferRule[];
  /** Where Prometheus metrics are served; none: nowhere. */
  metrics: ListenAddress | undefined;
}

/** Reads the command line; throws an Error whose message is meant for the person who typed it. */
export function parseCommandLine(args: string[], env: NodeJS.ProcessEnv = process.env): Config | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      zone: { type: 'string', multiple: true },
      dnssec: { type: 'string', multiple: true },
      nsec3: { type: 'string', multiple: true },
      listen: { type: 'string', multiple: true },
      workers: { type: 'string' },
      'node-name': { type: 'string' },
      'alias-resolver': { type: 'string', multiple: true },
      udp: { type: 'string' },
      'tcp-idle-timeout': { type: 'string' },
      'tcp-io-timeout': { type: 'string' },
      'tcp-max-connections': { type: 'string' },
      'tcp-max-connections-per-network': { type: 'string' },
      'tcp-connection-buffer': { type: 'string' },
      'tcp-max-buffered': { type: 'string' },
      'answer-cache-size': { type: 'string' },
      'stale-after': { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-limit-window': { type: 'string' },
      'rate-limit-slip': { type: 'string' },
      'rate-limit-exempt': { type: 'string', multiple: true },
      'tsig-key': { type: 'string', multiple: true },
      'tsig-key-file': { type: 'string', multiple: true },
      'allow-transfer': { type: 'string', multiple: true },
      secondary: { type: 'string', multiple: true },
      metrics: { type: 'string' },
      'replica-url': { type: 'string' },
      relay: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const zones = (values.zone ?? []).map(parseZoneSource);
  const databaseUrl = zones.length > 0 ? undefined : loadConfig(env).databaseUrl;
  if (zones.length === 0 && !databaseUrl) {
    throw new Error(
      'give zone files with --zone NAME=FILE, or set DATABASE_URL (PostgreSQL) to serve the zones in the database (the embedded database is served by npm start)',
    );
  }
  const given = [...(values['tsig-key'] ?? []).map(parseTsigKey), ...(values['tsig-key-file'] ?? []).flatMap(readTsigKeyFile)];
  const keys = new Map(given.map((key) => [key.name, key]));
  if (databaseUrl && (keys.size > 0 || values.secondary?.length || values['allow-transfer']?.length || values.dnssec?.length || values.nsec3?.length)) {
    throw new Error(
      '--tsig-key, --tsig-key-file, --secondary, --allow-transfer, --dnssec and --nsec3 go with --zone: a database node takes keys and secondaries from the API',
    );
  }
  const secondaries = (values.secondary ?? []).map((text) => parseSecondary(text, keys, zones));
  const replicaUrl = values['replica-url'] ?? (env.DNS_REPLICA_URL || undefined);
  const relayText = values.relay ?? (env.DNS_RELAYS || undefined);
  if (!databaseUrl && (values['replica-url'] !== undefined || values.relay !== undefined)) {
    throw new Error('--replica-url and --relay are for a database node (DATABASE_URL, no --zone)');
  }
  if (replicaUrl !== undefined && !/^postgres(ql)?:\/\//.test(replicaUrl)) throw new Error('--replica-url (DNS_REPLICA_URL) must be a postgres:// URL');
  const relayToken = env.RELAY_TOKEN ?? '';
  if (databaseUrl && relayText !== undefined && relayToken.length < 16)
    throw new Error("--relay (DNS_RELAYS) needs RELAY_TOKEN, the relays' shared token, of 16 characters or more");
  return {
    zones,
    secondaries,
    transferRules: (values['allow-transfer'] ?? []).map((text) => parseTransferRule(text, keys, zones)),
    dnssec: dnssecSources(zones, values.dnssec ?? [], values.nsec3 ?? []),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(databaseUrl && replicaUrl ? { replicaUrl } : {}),
    ...(databaseUrl && relayText !== undefined ? { relays: { addresses: parseRelays(relayText), token: relayToken } } : {}),
    listen: values.listen ? values.listen.map((text) => parseListenAddress(text)) : defaultListen(env),
    metrics: values.metrics === undefined ? defaultMetrics(env) : parseListenAddress(values.metrics, '--metrics'),
    workers: values.workers === undefined ? availableParallelism() : positive(values.workers, '--workers'),
    nodeName: values['node-name'] ?? hostname(),
    aliasResolvers: values['alias-resolver'] ?? [],
    udp: udpMode(values.udp ?? 'auto'),
    rateLimit: rateLimit(values, env),
    answerCacheSize:
      values['answer-cache-size'] === undefined ? loadConfig(env).dnsAnswerCacheSize : positive(values['answer-cache-size'], '--answer-cache-size'),
    tcp: tcpOptions(values),
    staleAfterSeconds: staleAfter(values['stale-after'], env, databaseUrl),
  };
}

/** --stale-after, else DNS_STALE_AFTER; only a database node follows a journal it can fall behind. */
function staleAfter(text: string | undefined, env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  if (text === undefined) return databaseUrl ? loadConfig(env).dnsStaleAfterSeconds : 0;
  const n = Number(text);
  // A current node's lag reaches the 5 s between its syncs: a smaller limit would withdraw it.
  if (!Number.isInteger(n) || n < 0 || (n > 0 && n < 10)) throw new Error('--stale-after must be 0 (never) or a whole number of seconds from 10');
  if (!databaseUrl && n > 0) throw new Error('--stale-after goes with a database node: zone files have no journal to fall behind');
  return n;
}

function parseZoneSource(text: string): ZoneSource {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) throw new Error(`--zone ${text}: expected NAME=FILE`);
  return { name: zoneName(text.slice(0, at)), file: text.slice(at + 1) };
}

function dnssecSources(zones: ZoneSource[], dnssec: string[], nsec3: string[]): DnssecSource[] {
  const sources = dnssec.map((text) => {
    const at = text.indexOf('=');
    const name = zoneName(at < 0 ? text : text.slice(0, at));
    if (!zones.some((z) => z.name === name)) throw new Error(`--dnssec ${text}: ${name} is not served (no --zone ${name}=FILE)`);
    if (at === text.length - 1) throw new Error(`--dnssec ${text}: expected NAME or NAME=KEYDIR`);
    return { name, keyDir: at < 0 ? undefined : text.slice(at + 1), nsec3: false };
  });
  for (const text of nsec3) {
    const source = sources.find((s) => s.name === zoneName(text));
    if (!source) throw new Error(`--nsec3 ${text}: the zone is not signed (no --dnssec ${text})`);
    source.nsec3 = true;
  }
  return sources;
}

function zoneName(text: string): string {
  return parseName(text.replace(/\.$/, '') + '.');
}

function parseTsigKey(text: string): TsigKey {
  const [name, algorithm, secret, ...rest] = text.split(':');
  if (!name || !algorithm || !secret || rest.length > 0) throw new Error(`--tsig-key ${text}: expected NAME:ALGORITHM:BASE64SECRET`);
  return tsigKey(name, algorithm, secret, `--tsig-key ${text}`);
}

function tsigKey(name: string, algorithm: string, secret: string, source: string): TsigKey {
  const known = tsigAlgorithmNamed(algorithm);
  if (!known) throw new Error(`${source}: the algorithm must be hmac-sha256, hmac-sha384, hmac-sha512, hmac-sha224, hmac-sha1 or hmac-md5`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret) || secret.length % 4 !== 0) throw new Error(`${source}: the secret must be base64`);
  return { name: zoneName(name), algorithm: known, secret: new Uint8Array(Buffer.from(secret, 'base64')) };
}

/** The `key` statements of a BIND key file (named.conf syntax, as tsig-keygen and rndc-confgen write). */
export function readTsigKeyFile(path: string): TsigKey[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--tsig-key-file ${path}: ${(error as Error).message}`, { cause: error });
  }
  return parseTsigKeyFile(text, path);
}

export function parseTsigKeyFile(text: string, source: string): TsigKey[] {
  const body = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(\/\/|#)[^\n]*/g, ' ');
  const keys: TsigKey[] = [];
  const statement = /key\s+"?([^"\s{]+)"?\s*\{([^}]*)\}\s*;/g;
  for (const match of body.matchAll(statement)) {
    const algorithm = /algorithm\s+"?([^";\s]+)"?\s*;/.exec(match[2]!)?.[1];
    const secret = /secret\s+"([^"]+)"\s*;/.exec(match[2]!)?.[1];
    if (!algorithm || !secret) throw new Error(`${source}: key ${match[1]} needs an algorithm and a secret`);
    keys.push(tsigKey(match[1]!, algorithm, secret, `${source}: key ${match[1]}`));
  }
  if (keys.length === 0) throw new Error(`${source}: no key statement (key "NAME" { algorithm ALG; secret "BASE64"; };)`);
  return keys;
}

function parseTransferRule(text: string, keys: Map<string, TsigKey>, zones: ZoneSource[]): TransferRule {
  const match = /^([^=]+)=([^,]+)(?:,key=(.+))?$/.exec(text);
  if (!match) throw new Error(`--allow-transfer ${text}: expected ZONE=CIDR[,key=KEYNAME], e.g. example.com=192.0.2.0/24,key=xfr.example.com`);
  const zone = match[1] === '*' ? '*' : zoneName(match[1]!);
  if (zone !== '*' && !zones.some((z) => z.name === zone)) throw new Error(`--allow-transfer ${text}: ${zone} is not a --zone served here`);
  try {
    network(match[2]!);
  } catch (error) {
    throw new Error(`--allow-transfer ${text}: ${(error as Error).message}`, { cause: error });
  }
  if (match[3] === undefined) return { zone, cidr: match[2]! };
  const key = keys.get(zoneName(match[3]));
  if (!key) throw new Error(`--allow-transfer ${text}: no --tsig-key named ${match[3]}`);
  return { zone, cidr: match[2]!, key };
}

function parseSecondary(text: string, keys: Map<string, TsigKey>, zones: ZoneSource[]): Secondary {
  const match = /^([^=]+)=(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+))(?::([0-9]{1,5}))?\/(.+)$/.exec(text);
  if (!match) throw new Error(`--secondary ${text}: expected ZONE=ADDRESS[:PORT]/KEYNAME, e.g. example.com=192.0.2.1/xfr.example.com`);
  const zone = zoneName(match[1]!);
  if (!zones.some((z) => z.name === zone)) throw new Error(`--secondary ${text}: ${zone} is not a --zone served here`);
  const key = keys.get(zoneName(match[5]!));
  if (!key) throw new Error(`--secondary ${text}: no --tsig-key named ${match[5]}`);
  const port = match[4] === undefined ? 53 : Number(match[4]);
  if (port < 1 || port > 65535) throw new Error(`--secondary ${text}: the port must be 1 to 65535`);
  return { zone, address: match[2] ?? match[3]!, port, key };
}

function defaultListen(env: NodeJS.ProcessEnv): ListenAddress[] {
  const { dnsAddr, dnsPort } = loadConfig(env);
  return dnsAddr.map((host) => ({ host, port: dnsPort }));
}

function defaultMetrics(env: NodeJS.ProcessEnv): ListenAddress | undefined {
  const address = loadConfig(env).metricsAddr;
  return address && { host: address.address, port: address.port };
}

export function parseListenAddress(text: string, option = '--listen'): ListenAddress {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):([0-9]{1,5})$/.exec(text);
  const port = Number(match?.[3]);
  if (!match || port > 65535) throw new Error(`${option} ${text}: expected HOST:PORT, e.g. 127.0.0.1:5300 or [::1]:5300`);
  return { host: match[1] ?? match[2]!, port };
}

function tcpOptions(values: Record<string, unknown>): TcpOptions {
  const read = (option: string, fallback: number) => {
    const text = values[option] as string | undefined;
    return text === undefined ? fallback : positive(text, `--${option}`);
  };
  return {
    idleTimeoutMs: read('tcp-idle-timeout', defaultTcpOptions.idleTimeoutMs),
    ioTimeoutMs: read('tcp-io-timeout', defaultTcpOptions.ioTimeoutMs),
    maxConnections: read('tcp-max-connections', defaultTcpOptions.maxConnections),
    maxConnectionsPerNetwork: read('tcp-max-connections-per-network', defaultTcpOptions.maxConnectionsPerNetwork),
    connectionBufferBytes: read('tcp-connection-buffer', defaultTcpOptions.connectionBufferBytes),
    maxBufferedBytes: read('tcp-max-buffered', defaultTcpOptions.maxBufferedBytes),
  };
}

function rateLimit(values: Record<string, unknown>, env: NodeJS.ProcessEnv): RateLimitOptions {
  const defaults = loadConfig(env).dnsRateLimit;
  const exempt = values['rate-limit-exempt'] as string[] | undefined;
  const read = (option: string, fallback: number, min: number, max: number) => {
    const text = values[option] as string | undefined;
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${option} must be a whole number from ${min} to ${max}`);
    return n;
  };
  return {
    rate: read('rate-limit', defaults.rate, 0, 1_000_000_000),
    window: read('rate-limit-window', defaults.window, 1, 3600),
    slip: read('rate-limit-slip', defaults.slip, 0, 10),
    exempt: exempt === undefined ? defaults.exempt : exempt.map(exemptNetwork),
  };
}

function exemptNetwork(text: string): Cidr {
  const cidr = parseRateLimitExemption(text);
  if (!cidr) throw new Error(`--rate-limit-exempt ${rateLimitExemptionRule}, not ${text}`);
  return cidr;
}

function udpMode(text: string): UdpMode {
  if (text === 'auto' || text === 'batch' || text === 'dgram') return text;
  throw new Error(`--udp must be auto, batch or dgram, not ${text}`);
}

function positive(text: string, option: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${option} must be a positive whole number`);
  return n;
}
