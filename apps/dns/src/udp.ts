import { createSocket } from 'node:dgram';
// Imported: the global `performance` is an accessor, and reading it twice per datagram was a
// call each time where the answer's own work is a few hundred instructions more.
import { performance } from 'node:perf_hooks';
import type { Responder } from './respond';
import { clientNetwork } from './responseRateLimit';

export interface UdpListener {
  port: number;
  close(): Promise<void>;
}

/** Room for bursts: at 100,000 queries per second the default buffer holds a few milliseconds. */
const SOCKET_BUFFER = 4 * 1024 * 1024;

/** Each worker (a thread) binds a socket of its own and the kernel spreads the datagrams over them (SO_REUSEPORT). */
const reusePort = process.platform === 'linux';

/**
 * The socket's lookup: it is only given IP addresses (the one bound, and each client's as the
 * kernel reported it). The default asks `dns.lookup`, which answers an address with itself on
 * the next tick; for every answer sent that is a deferred call as dear as the rest of a cached
 * answer. Answered at once, the send goes out within the message's own event.
 */
function literalAddress(address: string, family: unknown, callback: (error: null, address: string, family: number) => void): void {
  // dgram passes its socket's family as 4 or 6.
  callback(null, address, family === 6 ? 6 : 4);
}

/** Serves DNS over UDP on one address with node's dgram: one event and one send per query. */
export function listenUdp(host: string, port: number, responder: Responder): Promise<UdpListener> {
  const socket = createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', ipv6Only: host.includes(':'), reusePort, lookup: literalAddress });
  socket.on('message', (packet, peer) => {
    const started = performance.now();
    const reply = responder.respond(packet, false, peer.address, responder.rateLimiter ? clientNetwork(peer.address) : -1);
    if (reply === null) return;
    if (reply instanceof Promise) {
      void reply.then((late) => {
        if (!late) return;
        responder.metrics.took(performance.now() - started);
        socket.send(late, peer.port, peer.address);
      });
    } else {
      responder.metrics.took(performance.now() - started);
      socket.send(reply, peer.port, peer.address);
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind({ port, address: host, exclusive: reusePort }, () => {
      socket.off('error', reject);
      // A failed send (a client gone, a full buffer) loses one answer; the client retries.
      socket.on('error', (error) => console.error(`dns: UDP ${host}:${port}: ${error.message}`));
      for (const set of [(size: number) => socket.setRecvBufferSize(size), (size: number) => socket.setSendBufferSize(size)]) {
        try {
          set(SOCKET_BUFFER);
        } catch {
          // The system's limit applies; smaller buffers only mean earlier drops under load.
        }
      }
      // Closing twice (a caller's own stop, then its owner's) does nothing the second time, as the TCP
      // listener and the batched socket do: dgram throws for a socket already closed.
      let closed: Promise<void> | undefined;
      const close = () => (closed ??= new Promise<void>((done) => socket.close(() => done())));
      resolve({ port: socket.address().port, close });
    });
  });
}
