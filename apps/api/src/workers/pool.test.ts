import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { WorkerPool } from './pool';

// Tasks take plain data: a zone row and a caller as far as these tasks read them.
const zone = { name: 'example.com', ttl: 3600 } as never;
const principal = { credential: { kind: 'session' } } as never;
const planFile = (pool: WorkerPool, text: string, customer = `customer-${text.length}`) =>
  pool.run('planZoneFile', { text, zone, sets: [], removeOthers: false, principal, complete: false }, customer);
let customers = 0;
const writeOne = (pool: WorkerPool, customer = `customer-${++customers}`) =>
  pool.run(
    'writeZone',
    { sets: [{ name: 'www.example.com', type: 'A', ttl: 300, contents: ['192.0.2.1'] }], origin: 'example.com', ttl: 3600, comments: [] },
    customer,
  );

describe('WorkerPool', () => {
  let pool: WorkerPool | undefined;
  afterEach(() => pool?.close());

  it('runs tasks on its threads and hands back their results and their ApiErrors', async () => {
    pool = new WorkerPool({ threads: 2, queue: 4 });
    const [good, bad, text] = await Promise.allSettled([
      planFile(pool, 'www 300 IN A 192.0.2.1\n@ IN SOA a. b. 1 2 3 4 5\n'),
      planFile(pool, 'www IN A 999.0.0.1\n'),
      writeOne(pool),
    ]);
    expect(good).toMatchObject({
      status: 'fulfilled',
      value: {
        recordsInFile: 2,
        records: 1,
        changesTotal: 1,
        recordDelta: 1,
        ignored: [{ type: 'SOA', count: 1 }],
        listed: [{ name: 'www.example.com', action: 'create', added: ['192.0.2.1'] }],
      },
    });
    expect((good as PromiseFulfilledResult<unknown>).value).not.toHaveProperty('complete');
    expect(bad.status).toBe('rejected');
    const error = (bad as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation_failed', details: { error_count: 1, lines: [{ line: 1 }] } });
    expect(text).toMatchObject({ status: 'fulfilled', value: expect.stringMatching(/^www\s+300 IN A\s+192\.0\.2\.1$/m) });
  });

  it('refuses a task with 503 unavailable once its threads are busy and its queue is full, and takes work again afterwards', async () => {
    pool = new WorkerPool({ threads: 1, queue: 1 });
    const running = writeOne(pool);
    const queued = writeOne(pool);
    const refused = await writeOne(pool).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'unavailable', status: 503, headers: { 'Retry-After': '5' } });
    await expect(running).resolves.toContain('192.0.2.1');
    await expect(queued).resolves.toContain('192.0.2.1');
    await expect(writeOne(pool)).resolves.toContain('192.0.2.1');
  });

  it('refuses a customer with 429 rate_limited beyond its own share, while others are served', async () => {
    pool = new WorkerPool({ threads: 1, queue: 8, perCustomer: 2 });
    const first = writeOne(pool, 'busy-customer');
    const second = writeOne(pool, 'busy-customer');
    const refused = await writeOne(pool, 'busy-customer').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429, details: { in_progress: 2 }, headers: { 'Retry-After': '5' } });
    await expect(writeOne(pool, 'other-customer')).resolves.toContain('192.0.2.1');
    await Promise.all([first, second]);
    await expect(writeOne(pool, 'busy-customer')).resolves.toContain('192.0.2.1');
  });

  it('fails queued work when it closes', async () => {
    pool = new WorkerPool({ threads: 1, queue: 2 });
    const tasks = Promise.allSettled([writeOne(pool), writeOne(pool)]);
    await pool.close();
    expect((await tasks).map((task) => task.status)).toEqual(['rejected', 'rejected']);
    await expect(writeOne(pool)).rejects.toThrow('The worker pool is closed');
  });
});
