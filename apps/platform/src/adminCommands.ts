import { createStaff, revokeStaff } from '@kaja/api';
import type { Database } from '@kaja/db';

export const adminUsage = 'Usage: npm run admin -- create-staff EMAIL | revoke-staff EMAIL';

export interface AdminRequest {
  command: 'create-staff' | 'revoke-staff';
  email: string;
}

/** What the command prints: `stdout` on success, `stderr` and exit code 1 on failure. */
export interface AdminOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The command line's request, or null when it is not one (print the usage then). */
export function parseAdminRequest(args: readonly unknown[]): AdminRequest | null {
  const [command, email] = args;
  if ((command !== 'create-staff' && command !== 'revoke-staff') || typeof email !== 'string' || !email) return null;
  return { command, email };
}

/** Runs an operator command on the database, in the admin process or in the running platform. */
export async function runAdminCommand(db: Database, { command, email }: AdminRequest): Promise<AdminOutcome> {
  try {
    if (command === 'create-staff') {
      const result = await createStaff(db, email);
      const stdout = result.created
        ? `Created staff user ${result.email}; first password: ${result.password}\nSign in and change it (POST /v1/auth/change-password).`
        : `${result.email} is now platform staff.`;
      return { exitCode: 0, stdout, stderr: '' };
    }
    if (await revokeStaff(db, email)) return { exitCode: 0, stdout: `${email} is no longer platform staff.`, stderr: '' };
    return { exitCode: 1, stdout: '', stderr: `No user ${email}` };
  } catch (error) {
    return { exitCode: 1, stdout: '', stderr: error instanceof Error ? error.message : String(error) };
  }
}
