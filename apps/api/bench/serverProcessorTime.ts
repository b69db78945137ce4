import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's clock ticks per second for /proc's times (USER_HZ: 100 on every Linux this runs on). */
const ticksPerSecond = 100;

/** A process's parent and its processor time in ticks (user and system), from /proc/PID/stat. */
function processStat(pid: number): { parent: number; ticks: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command, in parentheses, may hold spaces: the fields are counted after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * The processor time, in milliseconds, of a PostgreSQL server on this machine so far: its postmaster
 * (the parent of `backendPid`, one of its connections' server processes) and every process it
 * started, the connections' backends, the WAL writer and the checkpointer among them. Undefined when
 * the server runs elsewhere (no such process here, or not a child of a postmaster we can read).
 * Backends that ended before the call are not counted: measure over a span in which the pool keeps
 * its connections.
 */
export function serverProcessorMs(backendPid: number): number | undefined {
  const postmaster = processStat(backendPid)?.parent;
  if (postmaster === undefined || postmaster <= 1) return undefined;
  let ticks = processStat(postmaster)?.ticks;
  if (ticks === undefined) return undefined;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = processStat(pid);
    if (stat?.parent === postmaster) ticks += stat.ticks;
  }
  return (ticks * 1000) / ticksPerSecond;
}
