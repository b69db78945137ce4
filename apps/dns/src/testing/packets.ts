import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';

/** A query built by dns-packet (a codec nobody here wrote), as raw bytes. */
export function query(name: string, type: string, id = 4242, extra: Partial<dnsPacket.Packet> = {}): Buffer {
  return dnsPacket.encode({ id, type: 'query', flags: dnsPacket.RECURSION_DESIRED, questions: [{ name, type: type as dnsPacket.RecordType }], ...extra });
}

/** Sends one datagram and waits for the reply, or resolves null after `waitMs`. */
export function udpExchange(port: number, packet: Uint8Array, waitMs = 1000, host = '127.0.0.1'): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    const timer = setTimeout(() => {
      socket.close();
      resolve(null);
    }, waitMs);
    socket.once('message', (reply) => {
      clearTimeout(timer);
      socket.close();
      resolve(reply);
    });
    socket.send(packet, port, host);
  });
}

/** A TCP connection that collects length-framed messages as they arrive. */
export interface TcpClient {
  socket: Socket;
  /** Resolves with the next `count` messages. */
  read(count: number, timeoutMs?: number): Promise<Buffer[]>;
  closed: Promise<void>;
}

export function tcpConnect(port: number, host = '127.0.0.1'): Promise<TcpClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host }, () => resolve(client));
    socket.once('error', reject);
    let buffered = Buffer.alloc(0);
    const messages: Buffer[] = [];
    let waiter: (() => void) | undefined;
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= buffered.readUInt16BE(0) + 2) {
        messages.push(buffered.subarray(2, buffered.readUInt16BE(0) + 2));
        buffered = buffered.subarray(buffered.readUInt16BE(0) + 2);
      }
      waiter?.();
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    const client: TcpClient = {
      socket,
      closed,
      read(count, timeoutMs = 2000) {
        return new Promise((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`only ${messages.length} of ${count} messages arrived`)), timeoutMs);
          const check = () => {
            if (messages.length < count) return;
            clearTimeout(timer);
            waiter = undefined;
            done(messages.splice(0, count));
          };
          waiter = check;
          check();
        });
      },
    };
  });
}

export function frame(message: Uint8Array): Buffer {
  const out = Buffer.alloc(message.length + 2);
  out.writeUInt16BE(message.length, 0);
  out.set(message, 2);
  return out;
}
