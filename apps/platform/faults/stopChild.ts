import type { ChildProcess } from 'node:child_process';

/** How long a child has after SIGTERM: a stop that hangs must not hang the suite's teardown with it. */
const graceMs = 10_000;

/**
 * Stops `child` with SIGTERM and waits for `exited`; a child still running after the grace period
 * is killed (SIGKILL), and that is printed with its `name`: a process that does not end when asked
 * is worth knowing of, but it must not keep the others from being stopped.
 */
export async function stopChild(name: string, child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const killer = setTimeout(() => {
      console.warn(`${name} did not end within ${graceMs / 1000} s of SIGTERM: killed`);
      child.kill('SIGKILL');
    }, graceMs);
    try {
      await exited;
    } finally {
      clearTimeout(killer);
    }
    return;
  }
  await exited;
}
