import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedRead, startReading, withRetries } from './remote-data';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', { visibilityState: 'visible' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('withRetries', () => {
  it('tries again after each failure with the given waits, then gives the answer', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('one')).mockRejectedValueOnce(new Error('two')).mockResolvedValue('plans');
    const answer = withRetries(load, [1000, 2000]);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(answer).resolves.toBe('plans');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('throws the last failure once the waits are used up', async () => {
    let attempt = 0;
    const answer = withRetries(() => Promise.reject(new Error(`attempt ${++attempt}`)), [10, 10]);
    const settled = expect(answer).rejects.toThrow('attempt 3');
    await vi.advanceTimersByTimeAsync(20);
    await settled;
  });
});

describe('startReading', () => {
  it('reads at once and then every interval while the page is visible, and hands nothing on once stopped', async () => {
    let count = 0;
    const onData = vi.fn();
    const stop = startReading(() => Promise.resolve(++count), { onData, onError: vi.fn(), refreshEvery: 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(onData.mock.calls).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onData.mock.calls).toEqual([[1], [2]]);

    // A hidden page is not read again; it is once it shows.
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count).toBe(2);
    vi.stubGlobal('document', { visibilityState: 'visible' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onData.mock.calls).toEqual([[1], [2], [3]]);

    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(count).toBe(3);
  });

  it('hands on the failure after the retries, and no answer that arrives after stopping', async () => {
    const onError = vi.fn();
    startReading(() => Promise.reject(new Error('down')), { onData: vi.fn(), onError, delays: [5] });
    await vi.advanceTimersByTimeAsync(5);
    expect(onError.mock.calls.map(([error]) => (error as Error).message)).toEqual(['down']);

    let answer!: (value: string) => void;
    const onData = vi.fn();
    const stop = startReading(() => new Promise<string>((resolve) => (answer = resolve)), { onData, onError: vi.fn() });
    stop();
    answer('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(onData).not.toHaveBeenCalled();
  });
});

describe('sharedRead', () => {
  it('asks once for every island of the page and tells each of them the answer', async () => {
    const load = vi.fn(() => Promise.resolve({ email: 'ada@example.com' }));
    const session = sharedRead(load);
    expect(session.get()).toEqual({ data: undefined, error: undefined, updatedAt: 0 });
    const header = vi.fn();
    const trialButton = vi.fn();
    session.subscribe(header);
    session.subscribe(trialButton);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(header).toHaveBeenCalledTimes(1);
    expect(trialButton).toHaveBeenCalledTimes(1);
    expect(session.get().data).toEqual({ email: 'ada@example.com' });
    expect(session.get().updatedAt).toBeGreaterThan(0);
  });

  it('replaces the data for every island still showing it (sign-out), and loads no more', async () => {
    const load = vi.fn(() => Promise.resolve<{ email: string } | null>({ email: 'ada@example.com' }));
    const session = sharedRead(load);
    const header = vi.fn();
    const trialButton = vi.fn();
    session.subscribe(header);
    const leave = session.subscribe(trialButton);
    await vi.advanceTimersByTimeAsync(0);
    leave();
    session.set(null);
    expect(session.get().data).toBeNull();
    expect(header).toHaveBeenCalledTimes(2);
    expect(trialButton).toHaveBeenCalledTimes(1);
    session.subscribe(vi.fn());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the failure for the islands, without data', async () => {
    const session = sharedRead(() => Promise.reject(new Error('HTTP 500')));
    session.subscribe(vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    expect(session.get().data).toBeUndefined();
    expect(session.get().error?.message).toBe('HTTP 500');
  });
});
