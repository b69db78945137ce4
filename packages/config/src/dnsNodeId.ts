import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateDirectory, writePrivateFile } from './privateFiles';

export const dnsNodeIdFile = (dataDir: string) => join(dataDir, 'dns-node-id');

/**
 * The DNS node's id: DNS_NODE_ID when set, otherwise one generated on first start and kept in
 * DATA_DIR, so a node restarted on the same data keeps its row on the status page.
 */
export function resolveDnsNodeId(config: { dnsNode: { id: string | undefined }; dataDir: string }): string {
  if (config.dnsNode.id) return config.dnsNode.id;
  const file = dnsNodeIdFile(config.dataDir);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  privateDirectory(config.dataDir);
  const id = randomUUID();
  try {
    writePrivateFile(file, `${id}\n`, { exclusive: true });
    return id;
  } catch (error) {
    // Another worker of the node wrote it first: take theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
