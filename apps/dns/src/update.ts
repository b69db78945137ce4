import { decodeMessage, emptyMessage, encodeMessage, FormatError, Opcode, Rcode, type Message } from '@kaja/dns-model';
import { findTsig, signResponse, verifyMessage, type TsigKey, type TsigVerification } from '@kaja/dns-model/tsig';
import type { ReplayGuard } from './replayGuard';

/** A TSIG key that may sign updates, with its secret in clear. */
export interface UpdateKey extends TsigKey {
  id: string;
}

/**
 * Takes dynamic updates (RFC 2136) for the zones of the database: the database-mode node wires
 * the API's update service here. Without one, UPDATE is answered NOTIMP like any other opcode.
 */
export interface UpdateHandler {
  /** The key of `zone` (the update's zone section) that a TSIG record names (canonical names), or undefined when there is none. */
  findKey(zone: string, name: string): Promise<UpdateKey | undefined>;
  /** Applies an update whose signature by `keyId` was verified; gives the rcode of RFC 2136 section 3. */
  update(request: { message: Message; keyId: string; client: string | null }): Promise<{ rcode: number }>;
}

/** The client's address, read only when an update needs it (the batched UDP path keeps raw socket addresses). */
export type ClientAddress = string | (() => string | null) | null;

export const isUpdate = (packet: Uint8Array) => packet.length >= 12 && (packet[2]! & 0x80) === 0 && ((packet[2]! >> 3) & 0xf) === Opcode.UPDATE;

/**
 * Answers an UPDATE message. TSIG is required (RFC 8945): unsigned updates are REFUSED, a bad
 * signature gets NOTAUTH with BADKEY, BADSIG or BADTIME, and every answer to a signed request is
 * signed. A signed message seen before within its time window (a captured datagram sent again)
 * is a replay: NOTAUTH with BADTIME, nothing applied; while the first copy is still being applied,
 * the copy is a client's retransmission and gets no answer (the first copy's answer is the one it
 * waits for). The answer repeats the zone section and nothing else (RFC 2136 3.8). Never cached.
 */
export function answerUpdate(packet: Uint8Array, handler: UpdateHandler, client: ClientAddress, replays: ReplayGuard): Promise<Buffer | null> {
  // The listener may reuse the packet's buffer (and its record of the sender) for the next datagram.
  return answerSigned(new Uint8Array(packet), handler, typeof client === 'function' ? client() : client, replays);
}

async function answerSigned(packet: Uint8Array, handler: UpdateHandler, client: string | null, replays: ReplayGuard): Promise<Buffer | null> {
  let message: Message;
  try {
    message = decodeMessage(packet);
  } catch (error) {
    if (error instanceof FormatError) return headerOnly(packet, Rcode.FORMERR);
    throw error;
  }
  const found = findTsig(packet);
  if (found === undefined) return answer(message, Rcode.REFUSED, { status: 'unsigned' });
  if (found === 'malformed') return answer(message, Rcode.FORMERR, { status: 'unsigned' });
  let verification: TsigVerification = { status: 'unsigned' };
  try {
    // Key names are unique per zone only: the key is looked up in the zone the update names (BADKEY elsewhere).
    const key = await handler.findKey((message.questions[0]?.name ?? '').toLowerCase(), found.record.keyName.toLowerCase());
    verification = verifyMessage(packet, (name) => (key && key.name === name ? key : undefined));
    if (verification.status !== 'valid') {
      return answer(message, verification.status === 'invalid' && verification.error === Rcode.FORMERR ? Rcode.FORMERR : Rcode.NOTAUTH, verification);
    }
    const admission = replays.admit(verification.record);
    if (admission === 'replay') {
      return answer(message, Rcode.NOTAUTH, { status: 'invalid', error: Rcode.BADTIME, record: verification.record, key: verification.key });
    }
    if (admission === 'in-progress') return null;
    if (admission === 'full') return answer(message, Rcode.REFUSED, verification);
    try {
      const { rcode } = await handler.update({ message, keyId: key!.id, client });
      return answer(message, rcode, verification);
    } finally {
      replays.done(verification.record);
    }
  } catch (error) {
    console.error('dns: failed to apply an update:', error);
    return answer(message, Rcode.SERVFAIL, verification);
  }
}

function answer(request: Message, rcode: number, verification: TsigVerification): Buffer {
  const wire = encodeMessage(emptyMessage({ id: request.id, qr: true, opcode: Opcode.UPDATE, rcode, questions: request.questions.slice(0, 1) }));
  return Buffer.from(signResponse(wire, verification));
}

/** For a message that does not decode: its ID and opcode, the rcode, nothing else. */
function headerOnly(packet: Uint8Array, rcode: number): Buffer {
  const out = Buffer.alloc(12);
  out[0] = packet[0]!;
  out[1] = packet[1]!;
  out[2] = 0x80 | (packet[2]! & 0x78);
  out[3] = rcode & 0xf;
  return out;
}
