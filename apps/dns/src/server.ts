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

/** Ports tried for a listen address of port 0 before its failure is the server's. */
const FREE_PORT_ATTEMPTS = 5;

/** Whether opening a socket failed because its address is taken (dgram's code, the addon's message). */
const addressInUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /Address already in use/.test((error as Error).message);

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
  /** Makes the answers to held names ahead of their queries (decision 094): the command line's servers do. */
  answersAhead?: boolean;
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

/** A server whose listeners can be closed and opened again on the same addresses, answers and state kept. */
export interface ListeningServer extends DnsServer {
  /** Whether the UDP and TCP listeners are open. */
  readonly listening: boolean;
  /**
   * Closes every listener (`false`: the addresses stop answering, as a stopped server's do) or
   * opens them again on the same ports (`true`). Throws when an address cannot be taken again.
   */
  setListening(on: boolean): Promise<void>;
}

/** Starts UDP and TCP listeners on every address, all answering through one responder. */
export async function startServer(options: ServerOptions): Promise<ListeningServer> {
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
    answersAhead: options.answersAhead,
  });
  const tcpOptions = { ...defaultTcpOptions, ...options.tcp };
  // One limit for the unsent answers of every address this worker listens on.
  const tcpBuffers = new TcpBuffers(tcpOptions.maxBufferedBytes, responder.metrics);
  const addon = options.udp === 'dgram' ? undefined : udpBatchAddon;
  if (options.udp === 'batch' && !addon) throw new Error('the batched UDP addon is not built (npm install builds it)');
  let sockets: UdpListener[] = [];
  let servers: TcpListener[] = [];
  const closeListeners = async () => {
    const closing = [...sockets.map((s) => s.close()), ...servers.map((s) => s.close())];
    sockets = [];
    servers = [];
    await Promise.all(closing);
  };
  /** Opens TCP and UDP on one address; port 0 takes a port free for both. */
  const openAddress = async (host: string, port: number): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      const tcp = await listenTcp(host, port, responder, tcpOptions, transfers, options.reusePort, tcpBuffers);
      servers.push(tcp);
      try {
        sockets.push(addon ? listenUdpBatch(addon, host, tcp.port, responder) : await listenUdp(host, tcp.port, responder));
        return tcp.port;
      } catch (error) {
        // The port free for TCP may be another socket's for UDP (a client's ephemeral port): another is taken.
        if (port !== 0 || attempt >= FREE_PORT_ATTEMPTS || !addressInUse(error)) throw error;
        servers.pop();
        await tcp.close();
      }
    }
  };
  /** Opens the listeners on `listen` (port 0: a free one, the same for UDP and TCP); all or none. */
  const open = async (listen: ListenAddress[]): Promise<ListenAddress[]> => {
    const opened: ListenAddress[] = [];
    try {
      for (const { host, port } of listen) opened.push({ host, port: await openAddress(host, port) });
    } catch (error) {
      await closeListeners();
      throw error;
    }
    return opened;
  };
  const close = async () => {
    responder.close();
    await closeListeners();
    options.alias?.cancel();
    options.signing?.close();
  };
  let addresses: ListenAddress[];
  try {
    addresses = await open(options.listen);
  } catch (error) {
    await close();
    throw error;
  }
  let listening = true;
  return {
    responder,
    addresses,
    close,
    get listening() {
      return listening;
    },
    async setListening(on) {
      if (on === listening) return;
      if (on) await open(addresses);
      else await closeListeners();
      listening = on;
    },
  };
}
