import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { WorkerPool } from './pool';

describe('WorkerPool', () => {
  let pool: WorkerPool | undefined;
  afterEach(() => pool?.close());

  it('runs tasks on its threads and hands back their results and their ApiErrors', async () => {
    pool = new WorkerPool({ threads: 2, queue: 4 });
    const [good, bad, text] = await Promise.allSettled([
      pool.run('readZoneFile', { text: 'www 300 IN A 192.0.2.1\n@ IN SOA a. b. 1 2 3 4 5\n', origin: 'example.com', ttl: 3600 }),
      pool.run('readZoneFile', { text: 'www IN A 999.0.0.1\n', origin: 'example.com', ttl: 3600 }),
      pool.run('writeZone', { sets: [{ name: 'www.example.com', type: 'A', ttl: 300, contents: ['192.0.2.1'] }], origin: 'example.com', ttl: 3600, comments: [] }),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { records: [{ name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.1' }], recordsInFile: 2, ignored: [{ type: 'SOA', count: 1 }] } });
    expect(bad.status).toBe('rejected');
    const error = (bad as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation_failed', details: { error_count: 1, lines: [{ line: 1 }] } });
    expect(text).toMatchObject({ status: 'fulfilled', value: expect.stringMatching(/^www\s+300 IN A\s+192\.0\.2\.1$/m) });
  });

  it('refuses a task with 503 unavailable once its threads are busy and its queue is full, and takes work again afterwards', async () => {
    pool = new WorkerPool({ threads: 1, queue: 1 });
    const input = { text: 'www 300 IN A 192.0.2.1\n', origin: 'example.com', ttl: 3600 };
    const running = pool.run('readZoneFile', input);
    const queued = pool.run('readZoneFile', input);
    const refused = await pool.run('readZoneFile', input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'unavailable', status: 503, headers: { 'Retry-After': '5' } });
    await expect(running).resolves.toMatchObject({ recordsInFile: 1 });
    await expect(queued).resolves.toMatchObject({ recordsInFile: 1 });
    await expect(pool.run('readZoneFile', input)).resolves.toMatchObject({ recordsInFile: 1 });
  });

  it('fails queued work when it closes', async () => {
    pool = new WorkerPool({ threads: 1, queue: 2 });
    const input = { text: 'www 300 IN A 192.0.2.1\n', origin: 'example.com', ttl: 3600 };
    const tasks = [pool.run('readZoneFile', input), pool.run('readZoneFile', input)];
    await pool.close();
    for (const task of tasks) await expect(task).rejects.toThrow();
    await expect(pool.run('readZoneFile', input)).rejects.toThrow('The worker pool is closed');
  });
});
