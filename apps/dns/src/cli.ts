import { availableParallelism, hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '@kaja/config';
import { parseName } from '@kaja/dns-model';
import { defaultTcpOptions, type TcpOptions } from './tcp';
import type { ListenAddress, UdpMode } from './server';

export const usage = `Usage: npm run dns -- [--zone NAME=FILE ...] [options]

An authoritative DNS server over UDP and TCP. With --zone it serves RFC 1035 zone files
(standalone); without, it is a DNS-only node serving the zones in the PostgreSQL database at
DATABASE_URL, live as the API changes them.

  --zone NAME=FILE         serve the zone NAME from the zone file FILE (repeatable)
  --listen HOST:PORT       address to serve on, IPv6 as [::1]:5300 (repeatable; default: every
                           address in DNS_ADDR on DNS_PORT, 127.0.0.1 and 5300 when unset)
  --workers N              processes sharing the port (default: one per CPU core)
  --node-name NAME         this node's name in NSID and CHAOS id.server answers (default: the host name)
  --alias-resolver H:P     recursive resolver for apex ALIAS targets (repeatable; default: the system's)
  --udp auto|batch|dgram   UDP through the batching addon (recvmmsg/sendmmsg) or node's dgram;
                           auto (the default) takes the addon when npm install could build it
  --tcp-idle-timeout MS    close TCP connections idle this long (default ${defaultTcpOptions.idleTimeoutMs})
  --tcp-max-connections N  TCP connections served at once per process (default ${defaultTcpOptions.maxConnections})
  --help                   show this text`;

export interface ZoneSource {
  name: string;
  file: string;
}

export interface Config {
  /** Zone files to serve; none means the zones in the database at `databaseUrl`. */
  zones: ZoneSource[];
  databaseUrl?: string;
  listen: ListenAddress[];
  workers: number;
  nodeName: string;
  aliasResolvers: string[];
  tcp: TcpOptions;
  udp: UdpMode;
}

/** Reads the command line; throws an Error whose message is meant for the person who typed it. */
export function parseCommandLine(args: string[], env: NodeJS.ProcessEnv = process.env): Config | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      zone: { type: 'string', multiple: true },
      listen: { type: 'string', multiple: true },
      workers: { type: 'string' },
      'node-name': { type: 'string' },
      'alias-resolver': { type: 'string', multiple: true },
      udp: { type: 'string' },
      'tcp-idle-timeout': { type: 'string' },
      'tcp-max-connections': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const zones = (values.zone ?? []).map(parseZoneSource);
  const databaseUrl = zones.length > 0 ? undefined : loadConfig(env).databaseUrl;
  if (zones.length === 0 && !databaseUrl) {
    throw new Error('give zone files with --zone NAME=FILE, or set DATABASE_URL (PostgreSQL) to serve the zones in the database (the embedded database is served by npm start)');
  }
  return {
    zones,
    ...(databaseUrl ? { databaseUrl } : {}),
    listen: values.listen ? values.listen.map(parseListenAddress) : defaultListen(env),
    workers: values.workers === undefined ? availableParallelism() : positive(values.workers, '--workers'),
    nodeName: values['node-name'] ?? hostname(),
    aliasResolvers: values['alias-resolver'] ?? [],
    udp: udpMode(values.udp ?? 'auto'),
    tcp: {
      idleTimeoutMs: values['tcp-idle-timeout'] === undefined ? defaultTcpOptions.idleTimeoutMs : positive(values['tcp-idle-timeout'], '--tcp-idle-timeout'),
      maxConnections: values['tcp-max-connections'] === undefined ? defaultTcpOptions.maxConnections : positive(values['tcp-max-connections'], '--tcp-max-connections'),
    },
  };
}

function parseZoneSource(text: string): ZoneSource {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) throw new Error(`--zone ${text}: expected NAME=FILE`);
  return { name: parseName(text.slice(0, at).replace(/\.$/, '') + '.'), file: text.slice(at + 1) };
}

function defaultListen(env: NodeJS.ProcessEnv): ListenAddress[] {
  const { dnsAddr, dnsPort } = loadConfig(env);
  return dnsAddr.map((host) => ({ host, port: dnsPort }));
}

export function parseListenAddress(text: string): ListenAddress {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):([0-9]{1,5})$/.exec(text);
  const port = Number(match?.[3]);
  if (!match || port > 65535) throw new Error(`--listen ${text}: expected HOST:PORT, e.g. 127.0.0.1:5300 or [::1]:5300`);
  return { host: match[1] ?? match[2]!, port };
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
