import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { promisify } from 'node:util';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliasResolver } from './alias';
import { parseDig } from '@kaja/test-support/dig';
import { dig } from '@kaja/test-support/dig';
import { frame, query, tcpConnect } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';

const zone = '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\nmail AAAA 2001:db8::25\n';

let server: TestServer;
beforeAll(async () => {
  server = await serveZones(
    { 'example.com': zone },
    {
      listen: [
        { host: '127.0.0.1', port: 0 },
        { host: '::1', port: 0 },
      ],
      tcp: { idleTimeoutMs: 1000, maxConnections: 3 },
    },
  );
});
afterAll(() => server.close());

describe('DNS over TCP (RFC 7766)', () => {
  it('answers pipelined queries sent in one segment, each with its own ID', async () => {
    const client = await tcpConnect(server.port);
    client.socket.write(
      Buffer.concat([frame(query('www.example.com', 'A', 1)), frame(query('mail.example.com', 'AAAA', 2)), frame(query('nx.example.com', 'A', 3))]),
    );
    const replies = (await client.read(3)).map((r) => dnsPacket.decode(r));
    client.socket.destroy();
    const byId = new Map(replies.map((r) => [r.id, r]));
    expect((byId.get(1)!.answers![0] as { data: string }).data).toBe('192.0.2.80');
    expect((byId.get(2)!.answers![0] as { data: string }).data).toBe('2001:db8::25');
    expect(byId.get(3)!.flags! & 0x0f).toBe(3); // NXDOMAIN
  });

  it('reassembles a query that arrives one octet at a time', async () => {
    const client = await tcpConnect(server.port);
    const bytes = frame(query('www.example.com', 'A', 7));
    for (const octet of bytes) {
      client.socket.write(Buffer.from([octet]));
      await new Promise((r) => setTimeout(r, 1));
    }
    const [reply] = await client.read(1);
    client.socket.destroy();
    expect(dnsPacket.decode(reply!).id).toBe(7);
  });

  it('closes a connection that stays idle', async () => {
    const client = await tcpConnect(server.port);
    const started = Date.now();
    await client.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('keeps a connection open while queries keep coming', async () => {
    const client = await tcpConnect(server.port);
    // 1.6 seconds in all, longer than the idle timeout, but never a second without a query.
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 400));
      client.socket.write(frame(query('www.example.com', 'A', i)));
      await client.read(1);
    }
    expect(client.socket.destroyed).toBe(false);
    client.socket.destroy();
  });

  it('refuses connections beyond the limit', async () => {
    await new Promise((r) => setTimeout(r, 100)); // earlier tests' connections finish closing
    const clients = await Promise.all([1, 2, 3].map(() => tcpConnect(server.port)));
    const extra = await tcpConnect(server.port);
    await extra.closed;
    for (const c of clients) c.socket.write(frame(query('www.example.com', 'A', 9)));
    const replies = await Promise.all(clients.map((c) => c.read(1)));
    expect(replies).toHaveLength(3);
    for (const c of clients) c.socket.destroy();
  });
});

describe('IPv6', () => {
  it('answers on ::1 over UDP and TCP', async () => {
    const ipv6Port = server.addresses[1]!.port;
    for (const tcp of [false, true]) {
      const response = await dig(ipv6Port, 'www.example.com', 'A', { tcp }, '::1');
      expect(response.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
    }
  });
});

describe('answers in the order asked', () => {
  let target: TestServer;
  let aliased: TestServer;
  beforeAll(async () => {
    target = await serveZones({ 'cdn.example': '$TTL 60\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nlb A 198.51.100.7\n' });
    aliased = await serveZones(
      { 'example.com': zone, 'example.net': '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\n@ ALIAS lb.cdn.example.\n' },
      { alias: new AliasResolver([`127.0.0.1:${target.port}`]) },
    );
  });
  afterAll(async () => {
    await aliased.close();
    await target.close();
  });

  it('sends pipelined answers in the order of their queries, one waiting for an ALIAS target included', async () => {
    const client = await tcpConnect(aliased.port);
    const names = ['example.net', 'www.example.com', 'nx.example.com', 'example.net', 'mail.example.com'];
    client.socket.write(Buffer.concat(names.map((name, i) => frame(query(name, name === 'mail.example.com' ? 'AAAA' : 'A', i + 1)))));
    const replies = (await client.read(names.length)).map((r) => dnsPacket.decode(r));
    client.socket.destroy();
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect((replies[0]!.answers![0] as { data: string }).data).toBe('198.51.100.7');
  });
});

describe('a client network holding many connections', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await serveZones(
      { 'example.com': zone },
      { tcp: { idleTimeoutMs: 10_000, ioTimeoutMs: 1500, maxConnections: 1000, maxConnectionsPerNetwork: 100 } },
    );
  });
  afterAll(() => guarded.close());

  it('leaves DNS over TCP to others: 1,000 trickling connections from one address', async () => {
    const trickling: Socket[] = [];
    const closedAt = new Map<Socket, number>();
    const opened = Date.now();
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from(
          { length: 100 },
          () =>
            new Promise<void>((resolve) => {
              const socket = connect({ host: '127.0.0.1', port: guarded.port, localAddress: '127.0.0.2' }, () => resolve());
              socket.on('error', () => resolve());
              socket.once('close', () => {
                closedAt.set(socket, Date.now() - opened);
                resolve();
              });
              trickling.push(socket);
            }),
        ),
      );
    }
    // Each sends a query an octet at a time, 4 octets a second: never idle, never whole in time.
    const bytes = frame(query('www.example.com', 'A', 1));
    let sent = 0;
    const trickleStarted = Date.now();
    const trickle = setInterval(() => {
      for (const socket of trickling) if (!socket.destroyed) socket.write(bytes.subarray(sent, sent + 1));
      sent = Math.min(sent + 1, bytes.length - 1);
    }, 250);
    try {
      const open = () => trickling.filter((s) => !closedAt.has(s)).length;
      // Those beyond the network's limit are closed at once; the other 100 are held.
      await expect.poll(open, { timeout: 2000, message: 'connections beyond the 100 of the network closed at once' }).toBe(100);
      const answers = [];
      for (let i = 0; i < 5; i++) {
        const { stdout } = await promisify(execFile)(
          'kdig',
          ['-b', '127.0.1.3', '@127.0.0.1', '-p', String(guarded.port), 'www.example.com', 'A', '+tcp', '+retry=0', '+timeout=2'],
          { timeout: 10_000 },
        );
        answers.push(parseDig(stdout));
      }
      for (const answer of answers) expect(answer.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
      // A query begun must be whole within one to two I/O timeouts (1.5 s each), with half a second for the timers.
      const deadline = trickleStarted + 2 * 1500 + 500;
      await expect.poll(open, { timeout: Math.max(100, deadline - Date.now()), message: 'trickling connections closed by the I/O timeout' }).toBe(0);
    } finally {
      clearInterval(trickle);
      for (const socket of trickling) socket.destroy();
    }
  });
});
