import { Resolver } from 'node:dns/promises';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { createUpdateService } from '@kaja/api';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from '@kaja/api/testing';
import { setPlan } from '@kaja/api/testing/zones';
import { serveDatabaseZones, type DatabaseDnsServer } from './serve';

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
      return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).sort();
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
  /** Resolves once the node answers the zone's SOA with the serial the API gives now. */
  served(zone: { id: string; name: string }): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real API over HTTP on a fresh database, and a DNS node on that database on 127.0.0.1:
 * signing with the keys the API makes, serving transfers and taking dynamic updates through the
 * API's update service. On PGlite the node hears changes in process, on PostgreSQL by LISTEN.
 */
export async function startApiWithNode(options: { env?: Record<string, string> } = {}): Promise<ApiWithNode> {
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
      async served(zone) {
        const { serial } = await send('GET', `/zones/${zone.id}`);
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
