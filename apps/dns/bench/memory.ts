// The memory a server holds and the processor time it took, as the benchmarks read them.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** Each process of the group led by `pid`: its /proc entry and the fields of its stat after the command name (state ppid pgrp ...). */
function* groupProcesses(pid: number): Generator<{ entry: string; fields: string[] }> {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended while we looked.
    }
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pid) yield { entry, fields };
  }
}

/**
 * Processor seconds (user and system, every thread) the processes of the group led by `pid` have
 * used: on a machine whose cores the load generator shares, what an answer costs the server is
 * read here rather than from the answers a second.
 */
export function groupCpuSeconds(pid: number): number {
  let ticks = 0;
  // utime and stime are the 12th and 13th fields after the command name.
  for (const { fields } of groupProcesses(pid)) ticks += Number(fields[11]) + Number(fields[12]);
  return ticks / ticksPerSecond;
}

/** The resident set, in kB, of every process in the process group led by `pid`. */
export function groupRssKb(pid: number): number {
  return groupStatusKb(pid, 'VmRSS');
}

/**
 * The peak resident set, in kB, of the process group led by `pid`: each process's high-water mark
 * (VmHWM) added up. Threads share their process's, so a server's load is caught whatever thread
 * made it; separate processes (NSD's) may have peaked at different times, which this overstates.
 */
export function groupPeakRssKb(pid: number): number {
  return groupStatusKb(pid, 'VmHWM');
}

function groupStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  let total = 0;
  const pattern = new RegExp(`${field}:\\s+(\\d+) kB`);
  for (const { entry } of groupProcesses(pid)) {
    try {
      const kb = pattern.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (kb) total += Number(kb[1]);
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/**
 * Processor seconds of each thread of the process `pid` (user and system), by thread name with
 * the thread id: which of a server's threads does the work (its workers, its main thread, the
 * runtime's helpers).
 */
export function threadCpuSeconds(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads; // The process ended.
  }
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // The thread ended while we looked.
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(`${name} ${tid}`, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
  }
  return threads;
}
