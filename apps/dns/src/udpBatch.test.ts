import { spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { fileURLToPath } from 'node:url';
import { DnsClass, decodeMessage, emptyMessage, encodeMessage, Rcode, RRType } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { Responder } from './respond';
import { listenUdpBatch, udpBatchAddon } from './udpBatch';
import { loadZoneText } from './zoneFile';
import { ZoneStore } from './zoneStore';

const addonPath = fileURLToPath(new URL('../build/Release/udp_batch.node', import.meta.url));

function open(addon: NonNullable<typeof udpBatchAddon>) {
  const { BATCH, SLOT } = addon;
  return addon.open('127.0.0.1', 0, Buffer.alloc(BATCH * SLOT), Buffer.alloc(BATCH * SLOT), new Int32Array(BATCH * 3), () => {})[0];
}

describe.runIf(udpBatchAddon)('the batched UDP addon', () => {
  it('lets a thread that ends with its socket open end alone, without aborting the process', () => {
    // Run in a process of its own: an abort would otherwise take the test runner's worker with it.
    const script = `
      const { Worker } = require('node:worker_threads');
      const worker = new Worker(\`
        const { BATCH, SLOT, open } = require(${JSON.stringify(addonPath)});
        open('127.0.0.1', 0, Buffer.alloc(BATCH * SLOT), Buffer.alloc(BATCH * SLOT), new Int32Array(BATCH * 3), () => {});
        require('node:worker_threads').parentPort.postMessage('open');
      \`, { eval: true });
      worker.on('message', () => void worker.terminate());
      worker.on('exit', () => console.log('thread ended'));
    `;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('thread ended\n');
    expect(child.status).toBe(0);
  });

  it('takes a second close without touching a socket opened since, and refuses to send on a closed one', async () => {
    const addon = udpBatchAddon!;
    const first = open(addon);
    addon.close(first);
    // libuv lets go of the closed socket on the next turn of the loop; its JavaScript handle outlives it.
    await new Promise((resolve) => setImmediate(resolve));
    const batches: number[] = [];
    const { BATCH, SLOT } = addon;
    const [second, port] = addon.open('127.0.0.1', 0, Buffer.alloc(BATCH * SLOT), Buffer.alloc(BATCH * SLOT), new Int32Array(BATCH * 3), (count) =>
      batches.push(count),
    );
    addon.close(first);
    expect(addon.sendTo(first, Buffer.from([0]), addon.peer(first, 0))).toBe(-1);

    const client = createSocket('udp4');
    try {
      await expect.poll(() => (client.send(Buffer.from('ping'), port, '127.0.0.1'), batches.length), { timeout: 5000, interval: 100 }).toBeGreaterThan(0);
    } finally {
      client.close();
      addon.close(second);
    }
  });
});

describe('onBatch', () => {
  /** A stand-in for the addon: it hands over the packets given as one batch, and keeps the answers written into their slots. */
  function batches(responder: Responder) {
    const [BATCH, SLOT] = [4, 512];
    let input: Buffer = Buffer.alloc(0);
    let output: Buffer = Buffer.alloc(0);
    let meta: Int32Array = new Int32Array(0);
    let onBatch: (count: number) => void = () => {};
    const addon = {
      BATCH,
      SLOT,
      open(_host: string, _port: number, i: Buffer, o: Buffer, m: Int32Array, callback: (count: number) => void): [unknown, number] {
        [input, output, meta, onBatch] = [i, o, m, callback];
        return [{}, 53];
      },
      peer: () => Buffer.from([2, 0, 0, 53, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
      sendTo: () => 0,
      close() {},
    };
    listenUdpBatch(addon, '127.0.0.1', 53, responder);
    return (packets: Buffer[]): Buffer[] => {
      packets.forEach((packet, i) => {
        packet.copy(input, i * SLOT);
        meta.set([packet.length, 0, -1], i * 3);
      });
      onBatch(packets.length);
      return packets.map((_, i) => Buffer.from(output.subarray(i * SLOT, i * SLOT + meta[i * 3 + 1]!)));
    };
  }

  it('writes answers the cache missed into their slots as respond gives them, and answers them again from the cache', () => {
    const zones = new ZoneStore();
    zones.put(loadZoneText('batch.example', '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 300\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.2\n'));
    const questions = (id: number) =>
      [
        encodeMessage({ ...emptyMessage({ id, rd: true }), questions: [{ name: 'www.batch.example', type: RRType.A, class: DnsClass.IN }] }),
        encodeMessage({ ...emptyMessage({ id: id + 1 }), questions: [{ name: 'NX.batch.example', type: RRType.A, class: DnsClass.IN }] }),
        encodeMessage({ ...emptyMessage({ id: id + 2 }), questions: [{ name: 'www.other.example', type: RRType.A, class: DnsClass.IN }] }),
      ].map((wire) => Buffer.from(wire));
    const expected = questions(7).map((packet) => new Responder(zones, { nodeName: 'test' }).respond(packet, false) as Buffer);
    const answer = batches(new Responder(zones, { nodeName: 'test' }));
    const first = answer(questions(7));
    expect(first).toEqual(expected);
    expect(decodeMessage(first[1]!).rcode).toBe(Rcode.NXDOMAIN);
    // The second time each comes from the answer cache, into the same slots.
    expect(answer(questions(7))).toEqual(expected);
  });
});
