import { createStaff, resealSecrets, revokeStaff, sealedSecretsByKey } from '@kaja/api';
import type { KeyEncryptionKeys } from '@kaja/config';
import type { Database } from '@kaja/db';
import { keyEncryptionKeyId } from '@kaja/dnssec';

export const adminUsage = 'Usage: npm run admin -- create-staff EMAIL | revoke-staff EMAIL | kek rotate | kek status';

export type AdminRequest = { command: 'create-staff' | 'revoke-staff'; email: string } | { command: 'kek-rotate' | 'kek-status' };

/** What the command prints: `stdout` on success, `stderr` and exit code 1 on failure. */
export interface AdminOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The command line's request (`kek rotate` or, over the admin socket, `kek-rotate`), or null when it is not one. */
export function parseAdminRequest(args: readonly unknown[]): AdminRequest | null {
  const [command, argument] = args[0] === 'kek' ? [`kek-${String(args[1])}`, undefined] : args;
  if (command === 'kek-rotate' || command === 'kek-status') return { command };
  if ((command !== 'create-staff' && command !== 'revoke-staff') || typeof argument !== 'string' || !argument) return null;
  return { command, email: argument };
}

/** Runs an operator command on the database, in the admin process or in the running platform, with that process's keys. */
export async function runAdminCommand(db: Database, request: AdminRequest, keys: KeyEncryptionKeys): Promise<AdminOutcome> {
  try {
    switch (request.command) {
      case 'create-staff': {
        const result = await createStaff(db, request.email);
        const stdout = result.created
          ? `Created staff user ${result.email}; first password: ${result.password}\nSign in and change it (POST /v1/auth/change-password).`
          : `${result.email} is now platform staff.`;
        return { exitCode: 0, stdout, stderr: '' };
      }
      case 'revoke-staff':
        if (await revokeStaff(db, request.email)) return { exitCode: 0, stdout: `${request.email} is no longer platform staff.`, stderr: '' };
        return { exitCode: 1, stdout: '', stderr: `No user ${request.email}` };
      case 'kek-rotate':
        return await rotate(db, keys);
      case 'kek-status':
        return await status(db, keys);
    }
  } catch (error) {
    return { exitCode: 1, stdout: '', stderr: error instanceof Error ? error.message : String(error) };
  }
}

async function rotate(db: Database, keys: KeyEncryptionKeys): Promise<AdminOutcome> {
  const currentId = keyEncryptionKeyId(keys.current);
  const counts = await resealSecrets(db, keys);
  const lines = counts.map(({ name, resealed, current }) => `  ${name}: ${resealed} re-sealed, ${current} already under it`);
  const failed = counts.flatMap(({ name, failed: ids }) => ids.map((id) => `${name} ${id}`));
  const stdout = [`Re-sealed under key-encryption key ${currentId}:`, ...lines].join('\n');
  if (failed.length > 0) {
    const stderr = `${failed.length} value(s) open with no configured key and stay as they are (${failed.join(', ')}): configure the key that sealed them as a previous key and run the command again.`;
    return { exitCode: 1, stdout, stderr };
  }
  return { exitCode: 0, stdout: `${stdout}\nEverything is sealed under ${currentId}: the previous keys may be removed from the configuration.`, stderr: '' };
}

async function status(db: Database, keys: KeyEncryptionKeys): Promise<AdminOutcome> {
  const configured = [keys.current, ...keys.previous].map(keyEncryptionKeyId);
  const describe = (keyId: string) =>
    keyId === configured[0]
      ? ' (current)'
      : configured.includes(keyId)
        ? ' (previous)'
        : keyId === 'unnamed'
          ? ' (sealed before values named their key)'
          : ' (not configured)';
  const byKey = await sealedSecretsByKey(db);
  const lines = [...byKey].map(([keyId, count]) => `  ${keyId}${describe(keyId)}: ${count}`);
  return {
    exitCode: 0,
    stdout: [`Current key-encryption key: ${configured[0]}`, 'Sealed values by key:', ...(lines.length ? lines : ['  none'])].join('\n'),
    stderr: '',
  };
}
