import type { AliasResolver } from './alias';
import type { ZoneSigning } from './signing';
import type { NotifyReceiver } from './notifyIn';
import { Responder } from './respond';
import type { RateLimitOptions } from './responseRateLimit';
import { defaultTcpOptions, listenTcp, TcpBuffers, type TcpListener, type TcpOptions } from './tcp';
import { listenUdp, type UdpListener } from './udp';
import type { UpdateHandler } from './update';
import { listenUdpBatch, udpBatchAddon } from './udpBatch';
import { TransferResponder, type TransferOptions } from './xfr';
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
  /** Online DNSSEC for the zones its key source has keys for. */
  signing?: ZoneSigning;
  tcp?: Partial<TcpOptions>;
  /**
   * UDP through the batching addon (recvmmsg/sendmmsg, a socket per process with SO_REUSEPORT) or
   * node's dgram; `auto` takes the addon when it was built.
   */
  udp?: UdpMode;
  /** Zone transfers (over TCP; IXFR over UDP gets our SOA) to those allowed; without it AXFR and IXFR are REFUSED. */
  transfers?: TransferOptions;
  /** Takes dynamic updates; without it UPDATE is answered NOTIMP (zone-file mode). */
  updates?: UpdateHandler;
  /** Hears NOTIFY for secondary zones (database mode); without it NOTIFY is refused. */
  notifies?: NotifyReceiver;
  /** Response rate limiting over UDP (the command line turns it on by default); without it, none. */
  rateLimit?: RateLimitOptions;
  /** Query names whose encoded answers are kept (default 200,000). */
  answerCacheSize?: number;
  /** Other threads of the process listen on the same addresses: a node's workers (UDP always lets them). */
  reusePort?: boolean;
}

export type UdpMode = 'auto' | 'batch' | 'dgram';

export interface DnsServer {
  responder: Responder;
  /** Where the server listens, ports resolved. */
  addresses: ListenAddress[];
  close(): Promise<void>;
}

/** Starts UDP and TCP listeners on every address, all answering through one responder. */
export async function startServer(options: ServerOptions): Promise<DnsServer> {
  const transfers = options.transfers && new TransferResponder(options.zones, options.transfers);
  const responder = new Responder(options.zones, {
    nodeName: options.nodeName,
    alias: options.alias,
    updates: options.updates,
    signing: options.signing,
    transfers,
    notifies: options.notifies,
    rateLimit: options.rateLimit,
    answerCacheSize: options.answerCacheSize,
  });
  const tcpOptions = { ...defaultTcpOptions, ...options.tcp };
  // One limit for the unsent answers of every address this worker listens on.
  const tcpBuffers = new TcpBuffers(tcpOptions.maxBufferedBytes, responder.metrics);
  const sockets: UdpListener[] = [];
  const addon = options.udp === 'dgram' ? undefined : udpBatchAddon;
  if (options.udp === 'batch' && !addon) throw new Error('the batched UDP addon is not built (npm install builds it)');
  const servers: TcpListener[] = [];
  const addresses: ListenAddress[] = [];
  const close = async () => {
    await Promise.all([...sockets.map((s) => s.close()), ...servers.map((s) => s.close())]);
    options.alias?.cancel();
    options.signing?.close();
  };
  try {
    for (const { host, port } of options.listen) {
      const tcp = await listenTcp(host, port, responder, tcpOptions, transfers, options.reusePort, tcpBuffers);
      servers.push(tcp);
      sockets.push(addon ? listenUdpBatch(addon, host, tcp.port, responder) : await listenUdp(host, tcp.port, responder));
      addresses.push({ host, port: tcp.port });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { responder, addresses, close };
}
