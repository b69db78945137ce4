import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerSupervisor } from './workerSupervisor';

// A worker as the node's are to their supervisor: it loads for `loadMs` (a real one loads the
// server's code), posts `ready`, closes on `stop`. A spare loads, then waits to be told to serve
// (and with which role). Told `fail`, it throws, as a bug would; `failAtStart` ends it before it is ready.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.failAtStart) process.exit(3);
let lead = workerData.lead;
let loaded = false;
let told = false;
const serve = () => { if (loaded && told) parentPort.postMessage({ ready: 1 }); };
parentPort.on('message', (message) => {
  if (message.stop) process.exit(0);
  if (message.serve) { lead = message.serve.lead; told = true; serve(); }
  if (message.fail) throw new Error('a bug');
  if (message.lead) parentPort.postMessage({ lead });
});
told = !workerData.spare;
setTimeout(() => { loaded = true; serve(); }, workerData.loadMs ?? 0);
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
      start: (lead, spare) => new Worker(workerCode, { eval: true, workerData: { lead, spare } }),
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

  it('ends every worker (and the spare) when one fails while the node starts', async () => {
    let started = 0;
    const threads: Worker[] = [];
    supervisor = new WorkerSupervisor({
      count: 3,
      start: (lead, spare) => {
        threads.push(new Worker(workerCode, { eval: true, workerData: { lead, spare, failAtStart: !spare && ++started === 2 } }));
        return threads.at(-1)!;
      },
      onReady: () => undefined,
      log: () => undefined,
    });
    supervisor.start();
    await expect(supervisor.started).rejects.toThrow('a worker ended (3) before every worker served');
    await expect.poll(() => supervisor!.workers.size, { timeout: 10_000 }).toBe(0);
    expect(started).toBe(3);
    await expect.poll(() => threads.map((thread) => thread.threadId), { timeout: 10_000 }).toEqual([-1, -1, -1, -1]);
  });

  it('stops every worker when asked, and the spare', async () => {
    const threads: Worker[] = [];
    supervisor = new WorkerSupervisor({
      count: 2,
      start: (lead, spare) => {
        threads.push(new Worker(workerCode, { eval: true, workerData: { lead, spare } }));
        return threads.at(-1)!;
      },
      onReady: () => undefined,
      log: () => undefined,
    });
    supervisor.start();
    await supervisor.started;
    expect(threads).toHaveLength(3);
    await supervisor.stop();
    expect(supervisor.workers.size).toBe(0);
    expect(threads.map((thread) => thread.threadId)).toEqual([-1, -1, -1]);
  });

  it("starts the spare once every worker serves when told to (a standalone node, past its zone files' read)", async () => {
    const lines: string[] = [];
    const starts: boolean[] = [];
    let startsWhenReady: boolean[] = [];
    supervisor = new WorkerSupervisor({
      count: 2,
      start: (lead, spare) => {
        starts.push(spare);
        return new Worker(workerCode, { eval: true, workerData: { lead, spare, loadMs: 1000 } });
      },
      onReady: () => (startsWhenReady = [...starts]),
      log: (line) => lines.push(line),
    });
    supervisor.start({ spareOnceServing: true });
    await supervisor.started;
    expect(startsWhenReady).toEqual([false, false]);
    expect(starts).toEqual([false, false, true]);

    // A worker that ends while the spare still loads: the spare serves in its place once loaded, no
    // thread is started anew for it, and the next spare loads once both serve again.
    [...supervisor.workers][0]!.postMessage({ fail: true });
    await expect.poll(() => lines.filter((line) => line.includes('serves in place of')).length, { timeout: 10_000 }).toBe(1);
    expect(lines.find((line) => line.includes('starting another'))).toMatch(/\(the spare\) \(1 of 2 workers serve\)$/);
    expect(lines.at(-1)).toMatch(/\(2 of 2 workers serve\)$/);
    expect(starts).toEqual([false, false, true, true]);
  });

  it('keeps a spare that has loaded, so that a replacement serves at once, even when a second worker ends meanwhile', async () => {
    // Each thread takes 1.5 s to load, as a node's did (2 to 5 s). Without a spare, the lead
    // ending after the other would leave no worker serving until a replacement loaded.
    const loadMs = 1500;
    const lines: string[] = [];
    const starts: boolean[] = [];
    supervisor = new WorkerSupervisor({
      count: 2,
      start: (lead, spare) => {
        starts.push(spare);
        return new Worker(workerCode, { eval: true, workerData: { lead, spare, loadMs } });
      },
      onReady: () => undefined,
      log: (line) => lines.push(line),
    });
    supervisor.start();
    await supervisor.started;
    // The spare, started with the workers, has loaded by the time they serve.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [first, second] = [...supervisor.workers];
    const other = (await ask(first!)) ? second! : first!;
    const lead = other === first ? second! : first!;

    const failedAt = performance.now();
    other.postMessage({ fail: true });
    await expect.poll(() => lines.filter((line) => line.includes('serves in place of')).length, { timeout: 5000, interval: 20 }).toBe(1);
    const servedAfterMs = performance.now() - failedAt;
    expect(servedAfterMs).toBeLessThan(loadMs / 2);
    expect(lines.at(-1)).toMatch(/\(2 of 2 workers serve\)$/);

    // The lead ends before the next spare has loaded: the worker that took the first's place serves meanwhile.
    lead.postMessage({ fail: true });
    await expect.poll(() => lines.filter((line) => line.includes('starting another')).length, { timeout: 5000, interval: 20 }).toBe(2);
    expect(lines.filter((line) => line.includes('starting another')).at(-1)).toMatch(/\(1 of 2 workers serve\)$/);
    await expect.poll(() => lines.filter((line) => line.includes('serves in place of')).length, { timeout: 10_000 }).toBe(2);
    expect((await Promise.all([...supervisor.workers].map(ask))).sort()).toEqual([false, true]);
    // Every thread after the first two was started as a spare.
    expect(starts.slice(0, 2)).toEqual([false, false]);
    expect(starts.slice(2).every((spare) => spare)).toBe(true);

    // Both workers now are former spares: the error that ends one is told once. (The second to end
    // gets a thread started anew: the next spare starts once every worker serves.)
    for (const worker of supervisor.workers) worker.postMessage({ fail: true });
    await expect.poll(() => lines.filter((line) => line.includes('serves in place of')).length, { timeout: 10_000 }).toBe(4);
    expect(lines.filter((line) => line.includes(': a bug'))).toHaveLength(4);
  });
});
