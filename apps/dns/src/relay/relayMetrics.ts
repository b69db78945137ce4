import { Counter, Gauge, Registry } from 'prom-client';
import type { Relay } from './relay';

/**
 * A relay's figures for Prometheus, read at scrape time: the nodes it serves, whether it holds its
 * LISTEN on the primary, and its counts. A location's relays are watched side by side: the one
 * serving the nodes listens and sends, the one standing by has no nodes and holds no connection.
 */
export function relayRegistry(relay: Relay): Registry {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: 'kaja_relay_nodes',
    help: 'DNS nodes connected to this relay and accepted',
    registers,
    collect() {
      this.set(relay.nodes);
    },
  });
  new Gauge({
    name: 'kaja_relay_listening',
    help: '1 while the relay holds its LISTEN on the primary (only while nodes use it)',
    registers,
    collect() {
      this.set(relay.listening ? 1 : 0);
    },
  });
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counter('kaja_relay_notices_total', 'Zone change notices heard from the primary', () => relay.counts.notices);
  counter('kaja_relay_messages_sent_total', 'Notices and resets written to nodes, once per node connected', () => relay.counts.sent);
  counter('kaja_relay_resets_total', 'Times the LISTEN was lost and held again, each told to the nodes as a reset', () => relay.counts.resets);
  counter('kaja_relay_nodes_dropped_total', 'Nodes disconnected for not reading what they were sent', () => relay.counts.dropped);
  return registry;
}
