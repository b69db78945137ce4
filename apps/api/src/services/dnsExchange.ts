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

function overTcp(server: DnsServerAddress, query: Uint8Array, timeoutMs: number, label: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let received = Buffer.alloc(0);
    const finish = (error: Error | null, packet?: Uint8Array) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(packet!);
    };
    const timer = setTimeout(() => finish(new DnsExchangeError(`no answer over TCP from ${label} within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (error) => finish(new DnsExchangeError(`${label} could not be reached over TCP: ${error.message}`)));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) finish(null, received.subarray(2, 2 + received.readUInt16BE(0)));
    });
    socket.on('close', () => finish(new DnsExchangeError(`${label} closed the TCP connection without an answer`)));
    socket.connect(server.port, server.address, () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
  });
}
