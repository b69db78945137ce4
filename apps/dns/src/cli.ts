import { availableParallelism, hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '@kaja/config';
import { parseName } from '@kaja/dns-model';
import { defaultTcpOptions, type TcpOptions } from './tcp';
import type { ListenAddress, UdpMode } from './server';

export const usage = `Usage: npm run dns -- --zone NAME=FILE [--zone NAME=FILE ...] [options]

Serves RFC 1035 zone files as an authoritative DNS server over UDP and TCP.

  --zone NAME=FILE         serve the zone NAME from the zone file FILE (required, repeatable)
  --listen HOST:PORT       address to serve on, IPv6 as [::1]:5300 (repeatable; default: every
                           address in DNS_ADDR on DNS_PORT, 127.0.0.1 and 5300 when unset)
  --workers N              processes sharing the port (default: one per CPU core)
  --node-name NAME         this node's name in NSID and CHAOS id.server answers (default: the host name)
  --dnssec NAME[=KEYDIR]   sign the zone NAME online for queries with the DO bit (repeatable), with
                           the BIND key files in KEYDIR (K<zone>.+<alg>+<tag>.key/.private from
                           dnssec-keygen), or with a KSK and a ZSK made at start (their DS printed)
  --nsec3 NAME             deny existence in the signed zone NAME with NSEC3 (RFC 9276) instead of NSEC
  --alias-resolver H:P     recursive resolver for apex ALIAS targets (repeatable; default: the system's)
  --udp auto|batch|dgram   UDP through the batching addon (recvmmsg/sendmmsg) or node's dgram;
                           auto (the default) takes the addon when npm install could build it
  --tcp-idle-timeout MS    close TCP connections idle this long (default ${defaultTcpOptions.idleTimeoutMs})
  --tcp-max-connections N  TCP connections served at once per process (default ${defaultTcpOptions.maxConnections})
  --help                   show this text

Zones come only from files for now: serving zones from the database arrives with the zones schema.`;

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
  zones: ZoneSource[];
  dnssec: DnssecSource[];
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
      dnssec: { type: 'string', multiple: true },
      nsec3: { type: 'string', multiple: true },
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
  if (!values.zone?.length) throw new Error('at least one --zone NAME=FILE is required');
  const zones = values.zone.map(parseZoneSource);
  return {
    zones,
    dnssec: dnssecSources(zones, values.dnssec ?? [], values.nsec3 ?? []),
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
