import { readFileSync } from 'node:fs';

/** The resident set of a process (all its threads) in MB, from /proc/PID/status; undefined once it is gone. */
export function residentMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

export interface RssSampler {
  /** The largest resident set seen so far, in MB. */
  max(): number;
  stop(): number;
}

/** Reads a process's resident set every `intervalMs` and keeps the largest. */
export function sampleRss(pid: number, intervalMs = 100): RssSampler {
  let max = residentMb(pid) ?? 0;
  const timer = setInterval(() => (max = Math.max(max, residentMb(pid) ?? 0)), intervalMs);
  return {
    max: () => max,
    stop() {
      clearInterval(timer);
      return max;
    },
  };
}
