import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * What two validators nobody here wrote say of a signed zone file: `ldns-verify-zone` (Debian
 * ldnsutils) and BIND's `dnssec-verify` (bind9-utils). Empty when both accept it; else one line
 * per validator with what it printed.
 */
export async function zoneVerifierFailures(zone: string, file: string): Promise<string[]> {
  const failures: string[] = [];
  for (const [command, args] of [
    ['ldns-verify-zone', [file]],
    ['dnssec-verify', ['-o', zone, file]],
  ] as const) {
    try {
      await run(command, [...args], { timeout: 60_000 });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      failures.push(`${command}: ${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }
  return failures;
}
