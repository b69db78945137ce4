// The node's side of the relay protocol against a relay played by the test over real TCP: the
// token sent first, notices passed on with a wait for the replica's position, a jump in the
// sequence or a reset asking for a sync once the replica has the position, failover in order.
import { createServer, type Socket } from 'node:net';
import type { ZoneChangeNotice } from '@kaja/db';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRelays, relayNotices } from './relayNotices';

const notice = (serial: number): ZoneChangeNotice => ({ zone_id: '00000000-0000-0000-0000-000000000001', zone: 'example.com.', serial, status: 'active' });

interface FakeRelay {
  port: number;
  /** The first line each connection sent. */
  tokens: string[];
  /** The connections accepted, newest last. */
  sockets: Socket[];
  send(message: unknown): void;
  close(): Promise<void>;
}

const relays: FakeRelay[] = [];
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.close();
});

async function fakeRelay(hello: unknown = { type: 'hello', seq: 4, lsn: '0/10' }): Promise<FakeRelay> {
  const relay: FakeRelay = {
    port: 0,
    tokens: [],
    sockets: [],
    send: (message) => relay.sockets.at(-1)!.write(`${JSON.stringify(message)}\n`),
    close: async () => {
      for (const socket of relay.sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((socket) => {
    relay.sockets.push(socket);
    socket.once('data', (chunk) => {
      relay.tokens.push(chunk.toString().trim());
      socket.write(`${JSON.stringify(hello)}\n`);
    });
  });
  relays.push(relay);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.address() as { port: number }).port;
  return relay;
}

function subscriber(ports: number[], waited: string[]) {
  const heard: { notice: ZoneChangeNotice; readable?: () => Promise<unknown> }[] = [];
  const behind: boolean[] = [];
  const lost: Error[] = [];
  const source = relayNotices({
    relays: ports.map((port) => ({ host: '127.0.0.1', port })),
    token: 'the-location-token-123',
    readable: async (lsn) => waited.push(lsn),
    connectTimeoutMs: 1000,
    positionWaitMs: 300,
    log: () => {},
  });
  const subscribe = () =>
    source(
      (n, readable) => heard.push({ notice: n, ...(readable ? { readable } : {}) }),
      (error) => lost.push(error),
      (full) => behind.push(full),
    );
  return { heard, behind, lost, subscribe };
}

describe('relayNotices', () => {
  it('sends the token first, waits for the replica at the hello, for a position before a read, and asks for a sync at a jump or a reset', async () => {
    const relay = await fakeRelay();
    const waited: string[] = [];
    const node = subscriber([relay.port], waited);
    const stop = await node.subscribe();
    expect(relay.tokens).toEqual(['{"token":"the-location-token-123"}']);
    expect(waited).toEqual(['0/10']);

    relay.send({ type: 'notice', seq: 5, notice: notice(2) });
    await expect.poll(() => node.heard.length).toBe(1);
    expect(node.heard[0]!.notice).toEqual(notice(2));
    // A read for the notice waits for the position that follows it, then for the replica to reach it.
    let read = false;
    const reading = node.heard[0]!.readable!().then(() => (read = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([read, waited]).toEqual([false, ['0/10']]);
    relay.send({ type: 'position', seq: 5, lsn: '0/20' });
    await reading;
    expect(waited).toEqual(['0/10', '0/20']);
    expect(node.behind).toEqual([]);

    // 6 and 7 went missing: the notice is still taken, and a sync of the changed zones follows once the replica has it.
    relay.send({ type: 'notice', seq: 8, notice: notice(5) });
    await expect.poll(() => node.heard.length).toBe(2);
    expect(node.behind).toEqual([]);
    relay.send({ type: 'position', seq: 8, lsn: '0/40' });
    await expect.poll(() => node.behind).toEqual([false]);
    expect(waited.at(-1)).toBe('0/40');
    // A position already heard covers an earlier notice at once.
    await node.heard[1]!.readable!();
    expect(waited.at(-1)).toBe('0/40');

    // No position within the bound: the read goes without waiting (the periodic sync repairs an early one).
    relay.send({ type: 'notice', seq: 9, notice: notice(6) });
    await expect.poll(() => node.heard.length).toBe(3);
    const before = waited.length;
    await node.heard[2]!.readable!();
    expect(waited.length).toBe(before);

    relay.send({ type: 'reset', seq: 10, lsn: '0/50' });
    await expect.poll(() => node.behind).toEqual([false, true]);
    expect(waited.at(-1)).toBe('0/50');
    await stop();
    expect(node.lost).toEqual([]);
  });

  it('takes the next relay when one refuses or is gone, and starts after the one that went away', async () => {
    const refusing = await fakeRelay({ type: 'refused' });
    const first = await fakeRelay();
    const second = await fakeRelay();
    const node = subscriber([refusing.port, first.port, second.port], []);
    await node.subscribe();
    expect(first.sockets).toHaveLength(1);
    expect(second.sockets).toHaveLength(0);

    await first.close();
    await expect.poll(() => node.lost.length).toBe(1);
    // The follower subscribes again: the relay after the lost one is tried first.
    await node.subscribe();
    expect(second.sockets).toHaveLength(1);
    expect(refusing.sockets).toHaveLength(1);
  });

  it('fails when every relay refuses the token', async () => {
    const refusing = await fakeRelay({ type: 'refused' });
    const node = subscriber([refusing.port], []);
    await expect(node.subscribe()).rejects.toThrow(/refused the token/);
  });

  it('reads --relay lists', () => {
    expect(parseRelays('10.0.0.5:5301,[::1]:5302,relay-a.example:5303')).toEqual([
      { host: '10.0.0.5', port: 5301 },
      { host: '::1', port: 5302 },
      { host: 'relay-a.example', port: 5303 },
    ]);
    expect(() => parseRelays('10.0.0.5')).toThrow(/HOST:PORT/);
    expect(() => parseRelays('10.0.0.5:0')).toThrow(/HOST:PORT/);
  });
});
