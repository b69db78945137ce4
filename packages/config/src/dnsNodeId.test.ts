import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dnsNodeIdFile, resolveDnsNodeId } from './dnsNodeId';

const dnsNode = { id: undefined, network: 'GLOBAL' as const, region: undefined, heartbeatIntervalSeconds: 15 };

describe('resolveDnsNodeId', () => {
  it('takes DNS_NODE_ID when set and writes nothing', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'node-id-')), 'data');
    expect(resolveDnsNodeId({ dnsNode: { ...dnsNode, id: 'fra-1' }, dataDir })).toBe('fra-1');
    expect(() => statSync(dnsNodeIdFile(dataDir))).toThrow();
  });

  it('without one, generates an id once into DATA_DIR and keeps it across starts', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'node-id-')), 'data');
    const first = resolveDnsNodeId({ dnsNode, dataDir });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(resolveDnsNodeId({ dnsNode, dataDir })).toBe(first);
    expect(readFileSync(dnsNodeIdFile(dataDir), 'utf8')).toBe(`${first}\n`);
    expect(statSync(dnsNodeIdFile(dataDir)).mode & 0o777).toBe(0o600);
  });
});
