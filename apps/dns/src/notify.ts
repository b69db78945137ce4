import { createSocket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import { decodeMessage, DnsClass, emptyMessage, encodeMessage, Opcode, Rcode, RRType } from '@kaja/dns-model';
import { signMessage, verifyMessage } from '@kaja/dns-model/tsig';
import type { Secondary, TransferAccess } from './transferAccess';
import type { ZoneStore } from './zoneStore';

export interface NotifyOptions {
  access: TransferAccess;
  /** A secondary answered the NOTIFY for `serial` (the database records it). */
  onNotified?: (secondary: Secondary, serial: number) => void | Promise<void>;
  /** Tries per secondary and change (default 5). */
  attempts?: number;
  /** Wait for the first answer; doubled after each try (default 1000 ms). */
  timeoutMs?: number;
  /**
   * Why no NOTIFY may go to an address, or null: set for secondaries customers gave (the platform's
   * `secondaryAddressProblem`), asked before every datagram since the operator's allowance may have changed.
   */
  addressProblem?: (address: string) => string | null;
  /**
   * Whether this process may send NOTIFY now (it holds the deployment's NOTIFY lease): asked at
   * each change and before every datagram; without it, always.
   */
  sending?: () => boolean;
}

export type NotifyOutcome = 'acknowledged' | 'refused' | 'unanswered' | 'superseded';

/**
 * Sends NOTIFY (RFC 1996) to a zone's secondaries after each change of the zone in the store:
 * over UDP, signed with the secondary's key, retried with a doubling wait until the secondary
 * answers with a valid signature. A newer change stops the retries of an older one.
 */
export class Notifier {
  /** Per secondary, the latest serial being sent, so an older round stops. */
  private readonly latest = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly zones: ZoneStore,
    private readonly options: NotifyOptions,
  ) {
    zones.onChange((zone) => {
      if (zone !== undefined && this.sending()) void this.notifyZone(zone);
    });
  }

  /** Notifies every secondary of the zone of its current serial; resolves when all are done. */
  async notifyZone(zoneName: string): Promise<NotifyOutcome[]> {
    const round = (async () => {
      const secondaries = await this.options.access.secondaries(zoneName);
      return Promise.all(secondaries.map((secondary) => this.notifySecondary(zoneName, secondary)));
    })().catch((error) => {
      console.error(`dns: NOTIFY for ${zoneName} failed:`, error);
      return [] as NotifyOutcome[];
    });
    this.pending.add(round);
    void round.finally(() => this.pending.delete(round));
    return round;
  }

  /** Resolves when every round under way has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops retrying and waits for rounds under way. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private sending(): boolean {
    return this.options.sending?.() ?? true;
  }

  private async notifySecondary(zoneName: string, secondary: Secondary): Promise<NotifyOutcome> {
    const zone = this.zones.get(zoneName);
    if (!zone) return 'superseded';
    const serial = zone.serial;
    const target = `${zoneName} ${secondary.address} ${secondary.port}`;
    this.latest.set(target, serial);
    const soa = { name: zone.name, type: RRType.SOA, class: DnsClass.IN, ttl: zone.soa.ttl, rdata: zone.soa.rdata[0]! };
    const attempts = this.options.attempts ?? 5;
    let wait = this.options.timeoutMs ?? 1000;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (this.closed || !this.sending() || this.latest.get(target) !== serial) return 'superseded';
      const problem = this.options.addressProblem?.(secondary.address);
      if (problem) {
        console.error(`dns: no NOTIFY for ${zoneName} to port ${secondary.port}: ${problem}`);
        return 'refused';
      }
      const id = randomInt(0x10000);
      const message = encodeMessage(
        emptyMessage({ id, opcode: Opcode.NOTIFY, aa: true, questions: [{ name: zone.name, type: RRType.SOA, class: DnsClass.IN }], answers: [soa] }),
      );
      const request = signMessage(message, secondary.key);
      const reply = await exchange(secondary, request.wire, wait, (packet) => isAnswerTo(packet, id));
      wait *= 2;
      if (!reply) continue;
      const verified = verifyMessage(reply, (name) => (name === secondary.key.name ? secondary.key : undefined), { requestMac: request.mac });
      const rcode = decodeMessage(reply).rcode;
      if (verified.status !== 'valid' || rcode !== Rcode.NOERROR) {
        console.error(
          `dns: ${secondary.address} port ${secondary.port} refused NOTIFY for ${zoneName} (rcode ${rcode}, TSIG ${verified.status === 'invalid' ? verified.error : verified.status})`,
        );
        return 'refused';
      }
      await this.options.onNotified?.(secondary, serial);
      return 'acknowledged';
    }
    return this.latest.get(target) === serial ? 'unanswered' : 'superseded';
  }
}

function isAnswerTo(packet: Buffer, id: number): boolean {
  return packet.length >= 12 && packet.readUInt16BE(0) === id && (packet[2]! & 0x80) !== 0 && ((packet[2]! >> 3) & 0xf) === Opcode.NOTIFY;
}

/** Sends one datagram and waits for the matching answer from that address, or null after `waitMs`. */
function exchange(to: { address: string; port: number }, packet: Uint8Array, waitMs: number, matches: (packet: Buffer) => boolean): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const socket = createSocket(isIP(to.address) === 6 ? 'udp6' : 'udp4');
    const done = (reply: Buffer | null) => {
      clearTimeout(timer);
      socket.close();
      resolve(reply);
    };
    const timer = setTimeout(() => done(null), waitMs);
    socket.on('error', () => done(null));
    socket.on('message', (reply, from) => {
      if (from.port === to.port && matches(reply)) done(reply);
    });
    socket.send(packet, to.port, to.address);
  });
}
