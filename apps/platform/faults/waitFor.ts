/**
 * Resolves with the first value of `read` that `done` accepts, asking every `intervalMs`; fails
 * with the last value after `timeoutMs`. For hooks, where `expect.poll` is not available.
 */
export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
