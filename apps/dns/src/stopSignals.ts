/**
 * Calls `stop` at the first SIGINT or SIGTERM, saying so on `name`'s log. The signals stay handled
 * while it runs: a listener added with `once` is gone by then, and a second signal (a service
 * manager's repeated TERM, a second Ctrl-C) would meet the default action and end the process in
 * the middle of its close, with sockets, database connections and the snapshot's writes cut short.
 */
export function stopOnSignals(name: string, stop: () => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return console.log(`${name}: ${signal} while stopping; still stopping`);
      stopping = true;
      console.log(`${name}: stopping (${signal})`);
      stop();
    });
  }
}
