// The memory a server holds and the processor time it took, as the benchmarks read them.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/**
 * Processor seconds (user and system, every thread) the processes of the group led by `pid` have
 * used: on a machine whose cores the load generator shares, what an answer costs the server is
 * read here rather than from the answers a second.
 */
export function groupCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name: state ppid pgrp ... utime (the 12th) stime (the 13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / ticksPerSecond;
}

/** The resident set, in kB, of every process in the process group led by `pid`. */
export function groupRssKb(pid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state ppid pgrp ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (rss) total += Number(rss[1]);
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}
