import { createSocket } from 'node:dgram';
import { setTimeout as sleep } from 'node:timers/promises';
import { query } from '@kaja/dns/testing/packets';
import type { Deployment, DeployedNode } from './deployment';

/** One change the API accepted, and when each node first answered it. */
export interface TrackedChange {
  index: number;
  /** The phase it was made in (a fault scenario's name, or the steady run's). */
  phase: string;
  /** `performance.now()` when the API answered. */
  acceptedAt: number;
  /** Per node name: `performance.now()` of the first answer holding the change. */
  answeredAt: Map<string, number>;
}

/** A change not yet answered by one node. */
interface Waiting {
  change: TrackedChange;
  node: DeployedNode;
  packet: Buffer;
  sentAt: number;
}

/**
 * Makes record changes through the API at a fixed rate (open loop: each at its time, whatever came
 * of the earlier ones) and asks every node for each new name until it answers it: every 5 ms,
 * less often when thousands of answers are awaited, so the asking stays under about 4,000 queries
 * a second and does not itself load the nodes it measures.
 */
export class ChangeTracker {
  readonly changes: TrackedChange[] = [];
  /** Requests the API failed (the primary down), by phase. */
  readonly failures = new Map<string, string[]>();
  private readonly waiting = new Map<number, Waiting>();
  private readonly socket = createSocket('udp4');
  private poller: NodeJS.Timeout | undefined;
  private nextId = 0;
  private made = 0;

  constructor(private readonly deployment: Deployment) {}

  async start(): Promise<void> {
    this.socket.on('message', (reply) => {
      const id = reply.readUInt16BE(0);
      const entry = this.waiting.get(id);
      // The same question, answered with a record: the node has the change.
      if (!entry || reply.length < entry.packet.length || !reply.subarray(12, entry.packet.length).equals(entry.packet.subarray(12))) return;
      if ((reply[3]! & 0x0f) !== 0 || reply.readUInt16BE(6) === 0) return;
      this.waiting.delete(id);
      entry.change.answeredAt.set(entry.node.name, performance.now());
    });
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    this.poller = setInterval(() => {
      const now = performance.now();
      const interval = Math.max(5, this.waiting.size / 4);
      for (const entry of this.waiting.values()) {
        if (now - entry.sentAt < interval) continue;
        entry.sentAt = now;
        this.socket.send(entry.packet, entry.node.port, '127.0.0.1');
      }
    }, 1);
  }

  /** Makes `rate` changes a second for `seconds` (or until `until` resolves), each a new A record in the next zone. */
  async make(phase: string, rate: number, seconds: number, until?: Promise<unknown>): Promise<void> {
    const { api, owner, zones, nodes } = this.deployment;
    let stop = false;
    void until?.then(() => (stop = true));
    const started = performance.now();
    const requests: Promise<void>[] = [];
    for (let i = 0; i < rate * seconds && !stop; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const index = this.made++;
      const zone = zones[index % zones.length]!;
      const name = `change-${index}.${zone.name}`;
      requests.push(
        api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name, content: `192.0.2.${index % 250}` } }).then(
          (response) => {
            const acceptedAt = performance.now();
            if (response.status !== 201) {
              this.failed(phase, `${response.status}: ${JSON.stringify(response.body?.error?.code ?? response.body)}`);
              return;
            }
            const change: TrackedChange = { index, phase, acceptedAt, answeredAt: new Map() };
            this.changes.push(change);
            for (const node of nodes) {
              const id = this.nextId++ & 0xffff;
              this.waiting.set(id, { change, node, packet: query(name, 'A', id), sentAt: -Infinity });
            }
          },
          (error: Error) => this.failed(phase, error.message),
        ),
      );
    }
    await Promise.all(requests);
  }

  /** Answers still awaited, per node name. */
  awaited(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of this.waiting.values()) counts.set(entry.node.name, (counts.get(entry.node.name) ?? 0) + 1);
    return counts;
  }

  /** Waits until every node answered every change, or `timeoutMs`; true when all were answered. */
  async drained(timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (this.waiting.size > 0 && performance.now() < deadline) await sleep(20);
    return this.waiting.size === 0;
  }

  /** Delays from the API's answer to each node's, in ms, of the changes `which` selects on the nodes `on` selects. */
  delays(which: (change: TrackedChange) => boolean, on: (node: DeployedNode) => boolean = () => true): number[] {
    const names = new Set(this.deployment.nodes.filter(on).map((node) => node.name));
    const delays: number[] = [];
    for (const change of this.changes.filter(which)) {
      for (const [name, at] of change.answeredAt) if (names.has(name)) delays.push(at - change.acceptedAt);
    }
    return delays.sort((a, b) => a - b);
  }

  close(): void {
    clearInterval(this.poller);
    this.socket.close();
  }

  private failed(phase: string, reason: string): void {
    this.failures.set(phase, [...(this.failures.get(phase) ?? []), reason]);
  }
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
