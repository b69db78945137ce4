// What the site's islands read from and send to the API, without a query library: the site is held to 100 KB
// of JavaScript per page and TanStack Query was 12 KB of every page (decision 073). The dashboard keeps it.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** A read as an island shows it: the data (pre-rendered, or none until the first answer), the last failure, and when it last answered (0: not yet). */
export type Read<T> = { data: T | undefined; error: Error | undefined; updatedAt: number };

/** Waits before each new attempt after a failure: 1, 2 and 4 s, as the query library did. */
export const retryDelays = [1000, 2000, 4000];

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Loads, trying again after each failure while `delays` last; the last failure is thrown. */
export async function withRetries<T>(load: () => Promise<T>, delays: readonly number[] = retryDelays): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await sleep(delay);
    }
  }
  return load();
}

/**
 * Loads now and then every `refreshEvery` ms (while the page is visible), handing each answer or failure on;
 * the returned function stops it, and no answer is handed on after that.
 */
export function startReading<T>(
  load: () => Promise<T>,
  { onData, onError, refreshEvery, delays }: { onData: (data: T) => void; onError: (error: Error) => void; refreshEvery?: number; delays?: readonly number[] },
): () => void {
  let stopped = false;
  const read = () =>
    withRetries(load, delays).then(
      (data) => {
        if (!stopped) onData(data);
      },
      (error: unknown) => {
        if (!stopped) onError(asError(error));
      },
    );
  void read();
  const timer =
    refreshEvery === undefined
      ? undefined
      : setInterval(() => {
          if (document.visibilityState !== 'hidden') void read();
        }, refreshEvery);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/**
 * An island's own read: `initial` (the pre-rendered data) until the API answers, read again every
 * `refreshEvery` ms when given. A failure keeps the data last read. `load` must be the same function on
 * every render (a module-level one).
 */
export function useRead<T>(load: () => Promise<T>, { initial, refreshEvery }: { initial?: T; refreshEvery?: number } = {}): Read<T> {
  const [read, setRead] = useState<Read<T>>({ data: initial, error: undefined, updatedAt: 0 });
  useEffect(
    () =>
      startReading(load, {
        refreshEvery,
        onData: (data) => setRead({ data, error: undefined, updatedAt: Date.now() }),
        onError: (error) => setRead((last) => ({ ...last, error })),
      }),
    [load, refreshEvery],
  );
  return read;
}

const notYet: Read<never> = { data: undefined, error: undefined, updatedAt: 0 };
const getNotYet = () => notYet;

/** A read every island of a page shares: asked once, by the first island that shows it. */
export type SharedRead<T> = {
  subscribe: (listener: () => void) => () => void;
  get: () => Read<T>;
  /** Replaces the data for every island (signed out: the session is null). */
  set: (data: T) => void;
};

/** A read shared by the islands of a page, loaded (once, without retries) when the first of them subscribes. */
export function sharedRead<T>(load: () => Promise<T>): SharedRead<T> {
  let state: Read<T> = notYet;
  let started = false;
  const listeners = new Set<() => void>();
  const update = (next: Read<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const set = (data: T) => update({ data, error: undefined, updatedAt: Date.now() });
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!started) {
        started = true;
        load().then(set, (error: unknown) => update({ ...state, error: asError(error) }));
      }
      return () => listeners.delete(listener);
    },
    get: () => state,
    set,
  };
}

/** A shared read in an island; the pre-rendered HTML (and so the hydration) has no data yet. */
export function useSharedRead<T>(read: SharedRead<T>): Read<T> {
  return useSyncExternalStore(read.subscribe, read.get, getNotYet);
}

/** Where a form's sending stands. */
export type Sending = { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; error: Error };

/** Sends what a form holds and tells how it went; `send` resolves to whether it was sent. */
export function useSend<Input>(deliver: (input: Input) => Promise<unknown>): [Sending, (input: Input) => Promise<boolean>] {
  const [sending, setSending] = useState<Sending>({ status: 'idle' });
  const send = useCallback(
    async (input: Input) => {
      setSending({ status: 'sending' });
      try {
        await deliver(input);
        setSending({ status: 'sent' });
        return true;
      } catch (error) {
        setSending({ status: 'failed', error: asError(error) });
        return false;
      }
    },
    [deliver],
  );
  return [sending, send];
}
