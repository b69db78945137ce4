// A beat asked for while another is being written still writes what the node serves at the asking:
// a caller that has just caught up (a sync, then a beat) never sees the older beat's position win.
import { dnsNodes } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { describe, expect, it } from 'vitest';
import { NodeHeartbeat, type NodeState } from './heartbeat';

describe('NodeHeartbeat', () => {
  it('writes again after a beat in flight, with the state as of the asking', async () => {
    const database = await createTestDatabase();
    try {
      const state: NodeState = { journalPosition: 1, zonesLoaded: 1 };
      const identity = { id: 'edge-1', name: 'edge-1.test', network: 'EU' as const, region: undefined, version: '1', intervalMs: 600_000 };
      const heartbeat = new NodeHeartbeat(database.db, identity, () => ({ ...state }));
      const inFlight = heartbeat.beat();
      state.journalPosition = 2;
      const asked = heartbeat.beat();
      expect(heartbeat.beat()).toBe(asked);
      await Promise.all([inFlight, asked]);
      const [row] = await database.db.select().from(dnsNodes);
      expect(row).toMatchObject({ id: 'edge-1', journalPosition: 2 });
      await heartbeat.stop();
    } finally {
      await database.close();
    }
  });
});
