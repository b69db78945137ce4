import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import { delv } from '@kaja/test-support/delv';
import { answerData, rcodeOf } from './latencyProbe';

export interface WorkerValidation {
  /** DO answers received, over every source port and name. */
  answers: number;
  /** Different answers among them (each worker signs on its own: signatures differ between workers). */
  distinct: number;
  /** Of those, the ones delv validated. */
  validated: number;
  /** What went wrong, one line each: a lost or unsigned answer, a failed validation. */
  failures: string[];
}

export interface WorkerValidationOptions {
  port: number;
  zone: string;
  /** delv's trust-anchors file holding the zone's DS (`writeDsTrustAnchor`). */
  anchors: string;
  /** The questions, positive and negative, e.g. `['www.example.com', 'A']`, `['nx.example.com', 'A']`. */
  questions: [string, dnsPacket.RecordType][];
  /** Source ports asked from; with N workers sharing the port, one is missed with probability N·(1-1/N)^ports. */
  sourcePorts?: number;
}

/**
 * Asks every worker of a node: the workers share the port through SO_REUSEPORT, where the kernel
 * picks the worker from a hash of the client's address and port, so DO queries go out from many
 * source ports (each from a /24 of its own, which response rate limiting counts apart). Every
 * answer must carry signatures; every different answer is then validated by delv from the same
 * source address and port, so that delv's queries (DNSKEY, the name) reach the same worker.
 */
export async function validateEveryWorker(options: WorkerValidationOptions): Promise<WorkerValidation> {
  const failures: string[] = [];
  /** Per question: the different answers, each with a source it came to. */
  const distinct = new Map<string, { source: string; question: [string, string] }>();
  let answers = 0;
  for (let i = 0; i < (options.sourcePorts ?? 24); i++) {
    const address = `127.0.${100 + i}.1`;
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, address, resolve));
    const { port } = socket.address();
    try {
      for (const [name, type] of options.questions) {
        const reply = await exchange(socket, options.port, name, type);
        if (!reply) {
          failures.push(`${name} ${type} from ${address}#${port}: no answer within 2 s`);
          continue;
        }
        answers++;
        const packet = dnsPacket.decode(reply);
        const signatures = [...(packet.answers ?? []), ...(packet.authorities ?? [])].filter((record) => record.type === 'RRSIG');
        if (signatures.length === 0) failures.push(`${name} ${type} from ${address}#${port}: ${rcodeOf(reply)} without RRSIG`);
        const key = `${name} ${type} ${reply.subarray(2).toString('hex')}`;
        if (!distinct.has(key)) distinct.set(key, { source: `${address}#${port}`, question: [name, type] });
      }
    } finally {
      socket.close();
    }
  }
  let validated = 0;
  for (const { source, question } of distinct.values()) {
    const output = await delv(options.port, options.anchors, options.zone, question[0], question[1], ['-b', source]);
    if (/fully validated/.test(output)) validated++;
    else failures.push(`delv ${question.join(' ')} from ${source}: ${output.trim().split('\n').slice(0, 3).join(' | ')}`);
  }
  return { answers, distinct: distinct.size, validated, failures };
}

/**
 * What the workers answer for `name` (the data of its `type` records, or the rcode), asked from as
 * many source ports as `validateEveryWorker` asks from: one entry per different answer, sorted.
 */
export async function answersOfEveryWorker(port: number, name: string, type: dnsPacket.RecordType = 'A', sourcePorts = 24): Promise<string[]> {
  const seen = new Set<string>();
  for (let i = 0; i < sourcePorts; i++) {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, `127.0.${100 + i}.1`, resolve));
    try {
      const reply = await exchange(socket, port, name, type, false);
      if (!reply) seen.add('no answer');
      else {
        const data = answerData(reply, type);
        seen.add(data.length > 0 ? data.sort().join(' ') : rcodeOf(reply));
      }
    } finally {
      socket.close();
    }
  }
  return [...seen].sort();
}

function exchange(socket: ReturnType<typeof createSocket>, port: number, name: string, type: dnsPacket.RecordType, dnssec = true): Promise<Buffer | undefined> {
  const id = Math.floor(Math.random() * 0xffff);
  const query = dnsPacket.encode({
    id,
    type: 'query',
    flags: 0,
    questions: [{ name, type }],
    additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnssec ? dnsPacket.DNSSEC_OK : 0 } as dnsPacket.Answer],
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('message', listener);
      resolve(undefined);
    }, 2000);
    const listener = (message: Buffer) => {
      if (message.readUInt16BE(0) !== id) return;
      clearTimeout(timer);
      socket.off('message', listener);
      resolve(message);
    };
    socket.on('message', listener);
    socket.send(query, port, '127.0.0.1');
  });
}
