/** Fixed-window request counters in memory, per node. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, limit: number, windowMs: number, now = Date.now()) {
    if (this.windows.size > 50_000) this.prune(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Seconds until `key` may be counted again when its window already holds `limit` hits; null when it may now. */
  exhausted(key: string, limit: number, now = Date.now()): number | null {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < limit) return null;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
