// The memory a server holds, as the benchmarks read it.
import { readdirSync, readFileSync } from 'node:fs';

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
