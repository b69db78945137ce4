// The embedded database belongs to the running platform alone (PGlite is single-process), so the
// admin command hands its request to it over a Unix socket in DATA_DIR: one JSON line each way.
import { chmodSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { KeyEncryptionKeys } from '@kaja/config';
import type { Database } from '@kaja/db';
import { parseAdminRequest, runAdminCommand, type AdminOutcome, type AdminRequest } from './adminCommands';

export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

/** Serves admin requests (run with the platform's key-encryption keys) on `DATA_DIR/admin.sock` (mode 0600, in the 0700 DATA_DIR); the caller holds the database lock. */
export async function serveAdminSocket(dataDir: string, db: Database, keys: KeyEncryptionKeys): Promise<Server> {
  const path = adminSocketPath(dataDir);
  // Whoever made a socket file here before held the lock we hold now: it is gone.
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const server = createServer((socket) => {
    socket.on('error', () => {});
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      let request: AdminRequest | null = null;
      try {
        const parsed: unknown = JSON.parse(line);
        if (parsed && typeof parsed === 'object')
          request = parseAdminRequest([(parsed as { command?: unknown }).command, (parsed as { email?: unknown }).email]);
      } catch {
        // Not JSON: answered as an unknown request below.
      }
      const outcome: Promise<AdminOutcome> = request
        ? runAdminCommand(db, request, keys)
        : Promise.resolve({ exitCode: 1, stdout: '', stderr: 'Unknown admin request' });
      void outcome.then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return server;
}

/** Asks the platform running on `dataDir` to run the request. */
export function sendAdminCommand(dataDir: string, request: AdminRequest): Promise<AdminOutcome> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as AdminOutcome);
      } catch {
        reject(new Error('The running platform gave no answer'));
      }
    });
  });
}
