/**
 * What a test server has received (mails, webhook requests), and a wait for the first one that
 * matches, whether it came already or comes later: tests wait for the event, never for a time.
 */
export class Arrivals<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(private readonly describe: (items: T[]) => string) {}

  push(item: T): void {
    this.items.push(item);
    for (const wake of this.waiters) wake();
  }

  waitFor(match: (item: T) => boolean, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.items.find(match);
        if (found === undefined) return false;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`No matching ${this.describe(this.items)} within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }
}
