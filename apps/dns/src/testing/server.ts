import { type DnsServer, startServer, type ServerOptions } from '../server';
import { loadZoneText } from '../zoneFile';
import { ZoneStore } from '../zoneStore';

export interface TestServer extends DnsServer {
  port: number;
  zones: ZoneStore;
}

/**
 * Serves zones given as zone-file texts (zone name -> text) on 127.0.0.1 and ::1, on a free port.
 * The test that starts it closes it.
 */
export async function serveZones(texts: Record<string, string>, options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const zones = new ZoneStore();
  for (const [name, text] of Object.entries(texts)) zones.put(loadZoneText(name, text));
  const server = await startServer({
    listen: [{ host: '127.0.0.1', port: 0 }],
    nodeName: 'test-node',
    ...options,
    zones,
  });
  return { ...server, port: server.addresses[0]!.port, zones };
}
