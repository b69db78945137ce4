import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerSupervisor } from './workerSupervisor';

// A worker as the node's are to their supervisor: it posts `ready`, closes on `stop`. Told
// `fail`, it throws, as a bug would; `failAtStart` ends it before it is ready.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.failAtStart) process.exit(3);
parentPort.on('message', (message) => {
  if (message.stop) process.exit(0);
  if (message.fail) throw new Error('a bug');
  if (message.lead) parentPort.postMessage({ lead: workerData.lead });
});
parentPort.postMessage({ ready: 1 });
`;

let supervisor: WorkerSupervisor | undefined;
afterEach(async () => {
  await supervisor?.stop(1000);
  supervisor = undefined;
});

const ask = (worker: Worker) =>
  new Promise<boolean>((resolve) => {
    const onMessage = (message: { lead?: boolean }) => {
      if (message.lead === undefined) return;
      worker.off('message', onMessage);
      resolve(message.lead);
    };
    worker.on('message', onMessage);
    worker.postMessage({ lead: true });
  });

describe('the supervisor of worker threads', () => {
  it('replaces a worker that ends, giving the lead role to the one started in place of its holder', async () => {
    const lines: string[] = [];
    let readies = 0;
    supervisor = new WorkerSupervisor({
      count: 2,
      start: (lead) => new Worker(workerCode, { eval: true, workerData: { lead } }),
      onReady: () => readies++,
      log: (line) => lines.push(line),
    });
    supervisor.start();
    await supervisor.started;
    expect(readies).toBe(1);
    const leads = async () => Promise.all([...supervisor!.workers].map(ask));
    expect((await leads()).sort()).toEqual([false, true]);

    const failed = [...supervisor.workers].map((worker) => worker.threadId);
    for (const worker of supervisor.workers) worker.postMessage({ fail: true });
    await expect.poll(() => lines.filter((line) => line.includes('serves in place of')).length, { timeout: 10_000 }).toBe(2);
    expect(lines.filter((line) => line.includes(': a bug'))).toHaveLength(2);
    // Named by the thread ids they had (an ended thread's reads -1), with how many workers serve.
    const ended = lines.filter((line) => line.includes('starting another'));
    expect(ended.map((line) => /worker (\d+) ended \(1\)/.exec(line)?.[1]).sort()).toEqual(failed.map(String).sort());
    expect(ended.at(-1)).toMatch(/\((0|1) of 2 workers serve\)$/);
    expect(lines.at(-1)).toMatch(/^dns: worker \d+ serves in place of worker \d+ \(2 of 2 workers serve\)$/);
    await expect.poll(() => supervisor!.workers.size).toBe(2);
    // One lead again, among the workers started in place of the two that ended.
    expect((await leads()).sort()).toEqual([false, true]);
    expect(readies).toBe(1);
  });

  it('ends every worker when one fails while the node starts', async () => {
    let started = 0;
    supervisor = new WorkerSupervisor({
      count: 3,
      start: (lead) => new Worker(workerCode, { eval: true, workerData: { lead, failAtStart: ++started === 2 } }),
      onReady: () => undefined,
      log: () => undefined,
    });
    supervisor.start();
    await expect(supervisor.started).rejects.toThrow('a worker ended (3) before every worker served');
    await expect.poll(() => supervisor!.workers.size, { timeout: 10_000 }).toBe(0);
    expect(started).toBe(3);
  });

  it('stops every worker when asked', async () => {
    supervisor = new WorkerSupervisor({
      count: 2,
      start: (lead) => new Worker(workerCode, { eval: true, workerData: { lead } }),
      onReady: () => undefined,
      log: () => undefined,
    });
    supervisor.start();
    await supervisor.started;
    await supervisor.stop();
    expect(supervisor.workers.size).toBe(0);
  });
});
