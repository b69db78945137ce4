import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { NativeAnswersAddon } from './nativeAnswers';
import type { Responder } from './respond';
import type { UdpListener } from './udp';

/** The native addon (native/udp_batch.c), built at install; absent where it could not be built. */
interface UdpBatchAddon extends Partial<NativeAnswersAddon> {
  BATCH: number;
  SLOT: number;
  open(host: string, port: number, input: Buffer, output: Buffer, meta: Int32Array, onBatch: (count: number) => void, answers?: unknown): [unknown, number];
  peer(handle: unknown, index: number): Buffer;
  sendTo(handle: unknown, message: Buffer, peer: Buffer): number;
  close(handle: unknown): void;
}

function loadAddon(): UdpBatchAddon | undefined {
  try {
    return createRequire(import.meta.url)('../build/Release/udp_batch.node') as UdpBatchAddon;
  } catch {
    return undefined;
  }
}

export const udpBatchAddon = loadAddon();

/**
 * Serves DNS over UDP through the addon: up to BATCH queries arrive per system call into one
 * shared buffer, are answered into another, and leave in one sendmmsg. The addon answers those
 * whose answers are cached (src/nativeAnswers.ts) and calls `onBatch` for the rest, if any.
 * Answers that wait for an ALIAS target are sent on their own when they are ready.
 */
export function listenUdpBatch(addon: UdpBatchAddon, host: string, port: number, responder: Responder): UdpListener {
  const { BATCH, SLOT } = addon;
  const input = Buffer.alloc(BATCH * SLOT);
  const output = Buffer.alloc(BATCH * SLOT);
  // Per packet: the query's length (-1 when it did not fit a slot), the answer's length (0: none),
  // and the client's network as `clientNetwork` numbers it.
  const meta = new Int32Array(BATCH * 3);
  // A view of each slot, made once: a query the cache answers is read in place, by its length,
  // and only a missed one gets a view of its own (a Buffer made per packet was garbage to collect).
  const slots = Array.from({ length: BATCH }, (_, i) => input.subarray(i * SLOT, (i + 1) * SLOT));
  // Bound after `onBatch`, which the addon needs to open the socket and which reads the handle.
  // eslint-disable-next-line prefer-const
  let handle: unknown;
  const onBatch = (count: number) => {
    // The batch's answers leave together, in one sendmmsg: each waits as long as the batch takes.
    const started = performance.now();
    let answered = 0;
    for (let i = 0; i < count; i++) {
      const length = meta[i * 3]!;
      // Answered by the addon, or too long for a slot.
      if (length < 0) continue;
      const network = meta[i * 3 + 2]!;
      const cached = responder.respondFromCache(slots[i]!, output, i * SLOT, network, length);
      if (cached >= 0) {
        meta[i * 3 + 1] = cached;
        answered++;
        continue;
      }
      const packet = input.subarray(i * SLOT, i * SLOT + length);
      const reply = responder.respondMissed(packet, () => socketAddress(addon.peer(handle, i)), network, output, i * SLOT);
      if (typeof reply === 'number') {
        meta[i * 3 + 1] = reply;
        answered++;
        continue;
      }
      if (reply === null) continue;
      if (reply instanceof Promise) {
        const peer = addon.peer(handle, i);
        void reply.then((late) => {
          if (!late) return;
          responder.metrics.took(performance.now() - started);
          addon.sendTo(handle, late, peer);
        });
        continue;
      }
      output.set(reply, i * SLOT);
      meta[i * 3 + 1] = reply.length;
      answered++;
    }
    if (answered > 0) responder.metrics.took(performance.now() - started, answered);
  };
  const [opened, bound] = addon.open(host, port, input, output, meta, onBatch, hasCachedPath(addon) ? responder.nativeAnswers(addon) : undefined);
  handle = opened;
  return {
    port: bound,
    close: async () => addon.close(handle),
  };
}

/** Whether the addon answers cached questions itself: a stand-in for it (tests, the answer path's benchmark) may not. */
function hasCachedPath(addon: UdpBatchAddon): addon is UdpBatchAddon & NativeAnswersAddon {
  return addon.answerCache !== undefined;
}

/** The IP address in a Linux `sockaddr_in` or `sockaddr_in6` (the family is in host byte order). */
export function socketAddress(sockaddr: Buffer): string | null {
  const family = endianness() === 'LE' ? sockaddr.readUInt16LE(0) : sockaddr.readUInt16BE(0);
  if (family === 2 && sockaddr.length >= 8) return [...sockaddr.subarray(4, 8)].join('.');
  if (family === 10 && sockaddr.length >= 24) {
    const groups: string[] = [];
    for (let offset = 8; offset < 24; offset += 2) groups.push(sockaddr.readUInt16BE(offset).toString(16));
    return groups.join(':');
  }
  return null;
}
