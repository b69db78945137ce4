import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { resolveKeyEncryptionKey } from '@kaja/config';
import type { DnsNetwork } from '@kaja/db';
import { createUpdateService } from '@kaja/zone-writes';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { setPlan } from '@kaja/api/testing/zones';
import { type AliasResolver, type DatabaseDnsServer, serveDatabaseZones } from '@kaja/dns';
import { dnsNodeFlags } from '@kaja/dns/testing/nodeFlags';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

/**
 * What Node's resolver (c-ares) gets for a name and type from the server on 127.0.0.1:port:
 * the answer's values sorted, or the error code (EREFUSED, ENOTFOUND for NXDOMAIN, ENODATA).
 */
export function lookupWith(port: number): (name: string, type: 'A' | 'AAAA' | 'MX' | 'TXT' | 'SOA' | 'NS' | 'CNAME') => Promise<string[] | string> {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([`127.0.0.1:${port}`]);
  return async (name, type) => {
    try {
      const answer: unknown = await resolver.resolve(name, type);
      const values = Array.isArray(answer) ? answer : [answer];
      // Node.js 22 and later also name the record type in each object: the data alone is compared.
      const data = (value: unknown) =>
        typeof value === 'string' ? value : JSON.stringify(Array.isArray(value) ? value : { ...(value as object), type: undefined });
      return values.map(data).sort();
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };
}

export interface ApiWithNode {
  api: TestApi;
  /** A customer on the Scale plan. */
  owner: TestAccount;
  dns: DatabaseDnsServer;
  /** The node's port on 127.0.0.1 (UDP and TCP). */
  port: number;
  /** Calls `/v1<path>` as the owner; an error status fails with the envelope. */
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<any>;
  /** Resolves once the node answers the zone's SOA with the serial the API gives now (asked with `token`, the owner's key by default). */
  served(zone: { id: string; name: string }, token?: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real API over HTTP on a fresh database, and a DNS node on that database on 127.0.0.1:
 * signing with the keys the API makes, serving transfers and taking dynamic updates through the
 * API's update service; with `notify`, sending NOTIFY to the zones' secondaries. On PGlite the node hears changes in process, on PostgreSQL by LISTEN.
 */
export async function startApiWithNode(
  options: { env?: Record<string, string>; alias?: AliasResolver; notify?: boolean; network?: DnsNetwork } = {},
): Promise<ApiWithNode> {
  const api = await startTestApi({ env: options.env });
  let dns: DatabaseDnsServer | undefined;
  try {
    const owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    dns = await serveDatabaseZones({
      database: api.database,
      keyEncryptionKey: resolveKeyEncryptionKey(api.config),
      ...(api.database.kind === 'postgres' ? {} : { subscribe: (listener) => api.app.zoneChanges.subscribe(listener) }),
      listen: [{ host: '127.0.0.1', port: 0 }],
      nodeName: 'test-node',
      updates: createUpdateService({ ...api.app.context, zoneChanges: api.app.zoneChanges }),
      countsFlushIntervalMs: 600_000,
      ...(options.network ? { network: options.network } : {}),
      ...(options.alias ? { alias: options.alias } : {}),
      // NOTIFY to customers' secondaries, once the node holds the lease, to the addresses the operator allows.
      ...(options.notify ? { notify: true, secondaryAllowedCidrs: api.config.secondaryAllowedCidrs } : {}),
    });
    const node = dns;
    const port = node.addresses[0]!.port;
    const look = lookupWith(port);
    const send = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      const response = await api.request(method, path, { token: owner.apiKey, body, ...(headers ? { headers } : {}) });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body?.data;
    };
    return {
      api,
      owner,
      dns: node,
      port,
      send,
      async served(zone, token = owner.apiKey) {
        const response = await api.request('GET', `/zones/${zone.id}`, { token });
        if (response.status !== 200) throw new Error(`GET /zones/${zone.id}: ${response.status} ${JSON.stringify(response.body)}`);
        const { serial } = response.body.data;
        const deadline = Date.now() + 5000;
        for (;;) {
          const soa = await look(zone.name, 'SOA');
          if (Array.isArray(soa) && (JSON.parse(soa[0]!) as { serial: number }).serial === serial) return serial as number;
          if (Date.now() > deadline) throw new Error(`${zone.name} still served as ${JSON.stringify(soa)}, the API is at serial ${serial}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
      async close() {
        await node.close();
        await api.close();
      },
    };
  } catch (error) {
    await dns?.close();
    await api.close();
    throw error;
  }
}

/** Every kind of name a validator must be shown: a wildcard, delegations with and without DS, an empty non-terminal (b.c). */
export const coverageZoneText = (zone: string) => `$ORIGIN ${zone}.
$TTL 300
@             A     192.0.2.1
@             AAAA  2001:db8::1
@             MX    10 mail.${zone}.
@             TXT   "v=spf1 mx -all"
@             CAA   0 issue "letsencrypt.org"
mail          A     192.0.2.25
www           CNAME ${zone}.
_sip._tcp     SRV   10 60 5060 sip.${zone}.
sip           AAAA  2001:db8::5060
ptr           PTR   mail.${zone}.
_443._tcp.www TLSA  3 1 1 0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6
host          SSHFP 4 2 123456789abcdef67890123456789abcdef67890123456789abcdef123456789
svc           HTTPS 1 . alpn=h2,h3
naptr         NAPTR 100 10 "S" "SIP+D2U" "" _sip._udp.${zone}.
*.wild        TXT   "from the wildcard"
a.b.c         A     192.0.2.7
secure        NS    ns.secure.${zone}.
secure        DS    12345 13 2 4b1b1b4e4c8a9c2e2b9f1e2d3c4b5a69788796a5b4c3d2e1f0e1d2c3b4a59687
ns.secure     A     192.0.2.60
insecure      NS    ns.insecure.${zone}.
ns.insecure   A     192.0.2.61
`;

/**
 * Turns signing on through the API as a customer does (PATCH status, the key job run, the status
 * polled until active) and gives the SHA-256 DS of the KSK as GET /dnssec/ds shows it.
 */
export async function signThroughApi(kit: Pick<ApiWithNode, 'api' | 'send'>, zone: { id: string }, options: { nsec3?: boolean } = {}): Promise<string> {
  const started = await kit.send('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true, ...options });
  if (started.state !== 'signing') throw new Error(`signing did not start: ${JSON.stringify(started)}`);
  await kit.api.app.jobs.runUntilIdle();
  const status = await kit.send('GET', `/zones/${zone.id}/dnssec/status`);
  if (status.state !== 'active' || !status.keys_ready) throw new Error(`signing is not active: ${JSON.stringify(status)}`);
  const { ds } = await kit.send('GET', `/zones/${zone.id}/dnssec/ds`);
  return (ds as { digest_type: number; content: string }[]).find((record) => record.digest_type === 2)!.content;
}

/** The DNS server's own entry point, as `npm run dns` starts it. */
const dnsMain = builtProgram(new URL('../../../dns/src/main.ts', import.meta.url));

/** A DNS-only node started as `npm run dns` starts it, its output kept for the test to read. */
export interface DnsNodeProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `npm run dns` with `args`, on the database at DATABASE_URL, keeping its snapshot and id in
 * DATA_DIR (a directory of the test's: never the working directory's `data/`). `nodeFlags` are
 * given to Node.js beside the node's own (e.g. `--inspect=127.0.0.1:PORT` to reach its threads).
 */
export function startDnsNode(
  args: string[],
  env: { DATABASE_URL: string; DATA_DIR: string } & Record<string, string>,
  nodeFlags: string[] = [],
): DnsNodeProcess {
  const child = spawn(process.execPath, [...dnsNodeFlags, ...nodeFlags, dnsMain, ...args], {
    env: { ...process.env, ...compileCache, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
