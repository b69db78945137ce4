import type { Socket } from 'node:dgram';
import type { AliasResolver } from './alias';
import { Responder } from './respond';
import { defaultTcpOptions, listenTcp, type TcpListener, type TcpOptions } from './tcp';
import { listenUdp } from './udp';
import type { ZoneStore } from './zoneStore';

export interface ListenAddress {
  host: string;
  /** 0 picks a free port, the same for UDP and TCP. */
  port: number;
}

export interface ServerOptions {
  listen: ListenAddress[];
  zones: ZoneStore;
  nodeName: string;
  alias?: AliasResolver;
  tcp?: Partial<TcpOptions>;
}

export interface DnsServer {
  responder: Responder;
  /** Where the server listens, ports resolved. */
  addresses: ListenAddress[];
  close(): Promise<void>;
}

/** Starts UDP and TCP listeners on every address, all answering through one responder. */
export async function startServer(options: ServerOptions): Promise<DnsServer> {
  const responder = new Responder(options.zones, { nodeName: options.nodeName, alias: options.alias });
  const tcpOptions = { ...defaultTcpOptions, ...options.tcp };
  const sockets: Socket[] = [];
  const servers: TcpListener[] = [];
  const addresses: ListenAddress[] = [];
  const close = async () => {
    await Promise.all([
      ...sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      ...servers.map((s) => s.close()),
    ]);
    options.alias?.cancel();
  };
  try {
    for (const { host, port } of options.listen) {
      const tcp = await listenTcp(host, port, responder, tcpOptions);
      servers.push(tcp);
      sockets.push(await listenUdp(host, tcp.port, responder));
      addresses.push({ host, port: tcp.port });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { responder, addresses, close };
}
