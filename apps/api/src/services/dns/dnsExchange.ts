import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIP, Socket } from 'node:net';
import { DnsClass, decodeMessage, emptyMessage, encodeMessage, type Message } from '@kaja/dns-model';

export interface DnsServerAddress {
  address: string;
  port: number;
}

export interface DnsQuestion {
  name: string;
  type: number;
  /** Recursion desired: set for a resolver, cleared when asking an authoritative server for what it holds. */
  recursion: boolean;
}

/** Why a server gave no usable answer, in words fit for the customer's screen. */
export class DnsExchangeError extends Error {
  override name = 'DnsExchangeError';
}

/**
 * Asks one question over UDP (EDNS, DO set so DS answers come with their signatures) and again
 * over TCP when the answer is truncated. Resolves with the decoded answer; rejects with
 * DnsExchangeError after `timeoutMs` per transport or when the answer does not match the question.
 * `label` names the server in those errors (customers see them: an internal resolver is not named).
 */
export async function askDns(
  server: DnsServerAddress,
  question: DnsQuestion,
  timeoutMs = 2000,
  label = `${server.address} port ${server.port}`,
): Promise<Message> {
  const id = randomInt(0x10000);
  const query = encodeMessage(
    emptyMessage({
      id,
      rd: question.recursion,
      questions: [{ name: question.name, type: question.type, class: DnsClass.IN }],
      edns: { udpSize: 1232, version: 0, do: true, flags: 0, options: [] },
    }),
  );
  let answer = matching(await overUdp(server, query, timeoutMs, label), id, question, label);
  if (answer.tc) answer = matching(await overTcp(server, query, timeoutMs, label), id, question, label);
  return answer;
}

function matching(bytes: Uint8Array, id: number, question: DnsQuestion, where: string): Message {
  let message: Message;
  try {
    message = decodeMessage(bytes);
  } catch {
    throw new DnsExchangeError(`${where} sent a malformed answer`);
  }
  const asked = message.questions[0];
  if (message.id !== id || !message.qr || !asked || asked.name !== question.name.toLowerCase() || asked.type !== question.type) {
    throw new DnsExchangeError(`${where} answered another question`);
  }
  return message;
}

function overUdp(server: DnsServerAddress, query: Uint8Array, timeoutMs: number, label: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIP(server.address) === 6 ? 'udp6' : 'udp4');
    const finish = (error: Error | null, packet?: Uint8Array) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(packet!);
    };
    const timer = setTimeout(() => finish(new DnsExchangeError(`no answer from ${label} within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (error) => finish(new DnsExchangeError(`${label} could not be reached: ${error.message}`)));
    socket.on('message', (packet, from) => {
      // Datagrams from elsewhere, or with another id, are not the answer: keep waiting.
      if (from.port === server.port && packet.length >= 2 && packet.readUInt16BE(0) === ((query[0]! << 8) | query[1]!)) finish(null, packet);
    });
    socket.send(query, server.port, server.address);
  });
}

/** One answer over TCP: the first message of the stream. */
async function overTcp(server: DnsServerAddress, query: Uint8Array, timeoutMs: number, label: string): Promise<Uint8Array> {
  let answer: Uint8Array | undefined;
  await exchangeOverTcp(server, query, timeoutMs, label, (message) => {
    answer = message;
    return true;
  });
  return answer!;
}

/**
 * Sends one length-prefixed query over TCP (RFC 7766) and hands each answer message to `take`
 * until it says the stream is complete (one message for a query, many for a zone transfer).
 * Rejects with DnsExchangeError on a timeout, a refused or closed connection, or when `take` throws.
 */
export function exchangeOverTcp(
  server: DnsServerAddress,
  query: Uint8Array,
  timeoutMs: number,
  label: string,
  take: (message: Uint8Array) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let buffered = Buffer.alloc(0);
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new DnsExchangeError(`${label}: no complete answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      try {
        while (buffered.length >= 2) {
          const size = buffered.readUInt16BE(0);
          if (buffered.length < 2 + size) break;
          const message = buffered.subarray(2, 2 + size);
          buffered = buffered.subarray(2 + size);
          if (take(message)) return finish();
        }
      } catch (error) {
        finish(error instanceof DnsExchangeError ? error : new DnsExchangeError(`${label}: a malformed answer (${(error as Error).message})`));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(new DnsExchangeError(`${label}: ${error.code === 'ECONNREFUSED' ? 'connection refused' : error.message}`)),
    );
    socket.once('close', () => finish(new DnsExchangeError(`${label} closed the connection before the answer was complete`)));
    socket.connect(server.port, server.address, () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
  });
}
