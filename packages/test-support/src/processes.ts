// The memory processes hold and the processor time they took, from /proc, as the benchmarks read
// them: a server's process group, a process and the processes it started, a process's threads.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** A process's command name and the fields of its stat after it (state ppid pgrp ...); undefined once it has ended. */
function processStat(entry: string | number): { name: string; fields: string[] } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
  } catch {
    return undefined; // The process ended while we looked.
  }
  // The command name may hold spaces: the fields start after its closing parenthesis.
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
}

/** Each process whose stat fields `matches`: its /proc entry and those fields. */
function* processesWhere(matches: (fields: string[]) => boolean): Generator<{ entry: string; fields: string[] }> {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (stat && matches(stat.fields)) yield { entry, fields: stat.fields };
  }
}

/** Each process of the group led by `pid`. */
const groupProcesses = (pid: number) => processesWhere((fields) => Number(fields[2]) === pid);

// utime and stime are the 12th and 13th fields after the command name.
const ticksOf = (fields: string[]) => Number(fields[11]) + Number(fields[12]);

/**
 * Processor seconds (user and system, every thread) the processes of the group led by `pid` have
 * used: on a machine whose cores the load generator shares, what an answer costs the server is
 * read here rather than from the answers a second.
 */
export function groupCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const { fields } of groupProcesses(pid)) ticks += ticksOf(fields);
  return ticks / ticksPerSecond;
}

/**
 * The parent of the process `pid` when it runs here under the command `name`; undefined otherwise
 * (ended, or a process of another machine, whose number means nothing here).
 */
export function parentOf(pid: number, name: string): number | undefined {
  const stat = processStat(pid);
  return stat?.name === name ? Number(stat.fields[1]) : undefined;
}

/**
 * Processor seconds (user and system) of the process `pid` and of every process it started that
 * is still running: a server whose processes each lead a group of their own (PostgreSQL's), read
 * from its postmaster. Undefined once `pid` has ended.
 */
export function familyCpuSeconds(pid: number): number | undefined {
  const own = processStat(pid);
  if (!own) return undefined;
  let ticks = ticksOf(own.fields);
  for (const { fields } of processesWhere((fields) => Number(fields[1]) === pid)) ticks += ticksOf(fields);
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
    const stat = processStat(`${pid}/task/${tid}`);
    if (stat) threads.set(`${stat.name} ${tid}`, ticksOf(stat.fields) / ticksPerSecond);
  }
  return threads;
}
