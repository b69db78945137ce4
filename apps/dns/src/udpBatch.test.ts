import { spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { udpBatchAddon } from './udpBatch';

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
