import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import dnsPacket from 'dns-packet';

/** What a DNS latency probe saw: every query's wait, and the answers that came too late or wrong. */
export interface LatencyFigures {
  sent: number;
  /** Queries with no answer within a second: what a resolver would have retried or given up on. */
  lost: number;
  /** Answers that were not the one expected (a wrong address, an error rcode). */
  wrong: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LatencyProbe {
  /** Stops asking, waits a second for the last answers and gives the figures. */
  stop(): Promise<LatencyFigures>;
  /** The wrong answers seen so far, described. */
  wrongAnswers(): string[];
  /** When the queries not answered within a second were sent, in seconds since the probe started. */
  lostAt(): number[];
}

export interface LatencyProbeOptions {
  port: number;
  name: string;
  type: dnsPacket.RecordType;
  /** Whether an answer (the whole message) is right; a wrong one is counted and kept. */
  accepts(reply: Buffer): boolean;
  intervalMs?: number;
  /**
   * The probe's source address: a /24 of its own (e.g. 127.0.1.1), so that it is a client apart
   * from the abusive ones, which response rate limiting rightly slows.
   */
  source?: string;
  /** Over TCP, a new connection for each query, as a resolver retrying after truncation does. */
  tcp?: boolean;
}

const lostAfterMs = 1000;

/**
 * A client asking one question over UDP every `intervalMs` (default 100), without waiting for the
 * previous answer, as resolvers behind a busy provider do; each answer's wait is kept.
 */
export async function probeLatency(options: LatencyProbeOptions): Promise<LatencyProbe> {
  const socket = createSocket('udp4');
  const source = options.source ?? '127.0.0.1';
  await new Promise<void>((resolve) => socket.bind(0, source, resolve));
  const asked = new Map<number, number>();
  const waits: number[] = [];
  const wrong: string[] = [];
  const lostAt: number[] = [];
  const began = performance.now();
  let sent = 0;
  let id = 0;
  const answered = (message: Buffer) => {
    const id = message.readUInt16BE(0);
    const at = asked.get(id);
    if (at === undefined) return;
    asked.delete(id);
    const wait = performance.now() - at;
    waits.push(wait);
    if (wait > lostAfterMs) lostAt.push((at - began) / 1000);
    if (!options.accepts(message)) wrong.push(`${rcodeOf(message)}: ${JSON.stringify(dnsPacket.decode(message).answers)}`);
  };
  socket.on('message', answered);
  const ask = () => {
    id = (id + 1) & 0xffff;
    asked.set(id, performance.now());
    sent++;
    const query = dnsPacket.encode({ id, type: 'query', flags: dnsPacket.RECURSION_DESIRED, questions: [{ name: options.name, type: options.type }] });
    if (!options.tcp) return socket.send(query, options.port, '127.0.0.1');
    const connection = connect({ port: options.port, host: '127.0.0.1', localAddress: source }, () =>
      connection.write(Buffer.concat([Buffer.from([query.length >> 8, query.length & 255]), query])),
    );
    let buffered = Buffer.alloc(0);
    connection.on('error', () => connection.destroy());
    connection.setTimeout(5000, () => connection.destroy());
    connection.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < buffered.readUInt16BE(0) + 2) return;
      answered(buffered.subarray(2, buffered.readUInt16BE(0) + 2));
      connection.destroy();
    });
  };
  const timer = setInterval(ask, options.intervalMs ?? 100);
  return {
    wrongAnswers: () => [...wrong],
    lostAt: () => [...lostAt].sort((a, b) => a - b),
    async stop() {
      clearInterval(timer);
      await new Promise((resolve) => setTimeout(resolve, lostAfterMs));
      // Unanswered now means unanswered within a second.
      for (const at of asked.values()) lostAt.push((at - began) / 1000);
      asked.clear();
      socket.close();
      const sorted = [...waits].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { sent, lost: lostAt.length, wrong: wrong.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
    },
  };
}

const rcodes = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED'];

/** The response code of a message, by name (dns-packet's types do not carry it). */
export const rcodeOf = (message: Buffer): string => rcodes[message[3]! & 0x0f] ?? `RCODE${message[3]! & 0x0f}`;

/** The data of the `type` records in the answer section, as JSON text. */
export const answerData = (message: Buffer, type: string): string[] =>
  (dnsPacket.decode(message).answers ?? []).filter((record) => record.type === type).map((record) => JSON.stringify((record as { data?: unknown }).data));

/** An answer holding exactly `addresses` as its A set (NOERROR). */
export const answersWith =
  (addresses: string[]) =>
  (reply: Buffer): boolean =>
    rcodeOf(reply) === 'NOERROR' && JSON.stringify(answerData(reply, 'A').sort()) === JSON.stringify(addresses.map((a) => JSON.stringify(a)).sort());
