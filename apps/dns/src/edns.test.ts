import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { serveZones, type TestServer } from './testing/server';

const string200 = (c: string) => `"${c.repeat(200)}"`;
const zone = `
$ORIGIN example.com.
$TTL 300
@      SOA  ns1 hostmaster 1 7200 3600 1209600 60
@      NS   ns1
ns1    A    192.0.2.1
www    A    192.0.2.80
medium TXT  ${['a', 'b', 'c'].map(string200).join(' ')}
large  TXT  ${'abcdefghijklmnop'.split('').map(string200).join(' ')}
${Array.from({ length: 12 }, (_, i) => `mx MX ${i} mail-server-number-${i}\nmail-server-number-${i} AAAA 2001:db8::${i + 1}`).join('\n')}
`;

let server: TestServer;
beforeAll(async () => {
  server = await serveZones({ 'example.com': zone });
});
afterAll(() => server.close());

describe('EDNS(0) per RFC 6891', () => {
  it('answers an EDNS query with an OPT record: version 0, 1232-octet payload', async () => {
    const response = await dig(server.port, 'www.example.com', 'A', { args: ['+bufsize=4096'] });
    expect(response.edns).toMatchObject({ version: 0, udp: 1232 });
    expect(response.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
  });

  it('answers a query without EDNS without an OPT record', async () => {
    const response = await dig(server.port, 'www.example.com', 'A', { args: ['+noedns'] });
    expect(response.edns).toBeUndefined();
    expect(response.rcode).toBe('NOERROR');
  });

  it('echoes the DO bit', async () => {
    const response = await dig(server.port, 'www.example.com', 'A', { args: ['+dnssec'] });
    expect(response.edns?.flags).toEqual(['do']);
    const plain = await dig(server.port, 'www.example.com', 'A');
    expect(plain.edns?.flags).toEqual([]);
  });

  it('answers BADVERS to EDNS versions above 0, with an OPT of version 0', async () => {
    const response = await dig(server.port, 'www.example.com', 'A', { args: ['+edns=1', '+noednsnegotiation'] });
    expect(response.rcode).toBe('BADVERS');
    expect(response.edns?.version).toBe(0);
    expect(response.answer).toEqual([]);
  });

  it('names the node in NSID when asked (RFC 5001)', async () => {
    const response = await dig(server.port, 'www.example.com', 'A', { args: ['+nsid'] });
    expect(response.edns?.nsid).toBe('test-node');
    expect(response.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
    const kdig = await dig(server.port, 'www.example.com', 'A', { args: ['+nsid'], client: 'kdig' });
    expect(kdig.edns?.nsid).toBe('test-node');
  });

  it('does not send NSID unasked', async () => {
    const response = await dig(server.port, 'www.example.com', 'A');
    expect(response.edns?.nsid).toBeUndefined();
  });
});

describe('truncation', () => {
  it('sets TC and leaves the RRset out when it does not fit the EDNS payload', async () => {
    const response = await dig(server.port, 'large.example.com', 'TXT', { args: ['+ignore', '+bufsize=4096'] });
    expect(response.flags).toContain('tc');
    expect(response.answer).toEqual([]);
    expect(response.raw).toMatch(/MSG SIZE {2}rcvd: \d+/);
    expect(Number(/MSG SIZE {2}rcvd: (\d+)/.exec(response.raw)![1])).toBeLessThanOrEqual(1232);
  });

  it('limits clients without EDNS to 512 octets', async () => {
    const classic = await dig(server.port, 'medium.example.com', 'TXT', { args: ['+ignore', '+noedns'] });
    expect(classic.flags).toContain('tc');
    expect(classic.answer).toEqual([]);
    const edns = await dig(server.port, 'medium.example.com', 'TXT', { args: ['+ignore'] });
    expect(edns.flags).not.toContain('tc');
    expect(edns.answer).toHaveLength(1);
  });

  it('leaves out additional addresses that do not fit, without TC (RFC 2181 9)', async () => {
    const classic = await dig(server.port, 'mx.example.com', 'MX', { args: ['+ignore', '+noedns'] });
    expect(classic.flags).not.toContain('tc');
    expect(classic.answer).toHaveLength(12);
    expect(classic.additional.length).toBeLessThan(12);
    const tcp = await dig(server.port, 'mx.example.com', 'MX', { tcp: true });
    expect(tcp.additional).toHaveLength(12);
  });

  it('answers in full over TCP, where dig retries after TC', async () => {
    const response = await dig(server.port, 'large.example.com', 'TXT');
    expect(response.transport).toBe('TCP');
    expect(response.flags).not.toContain('tc');
    expect(response.answer).toHaveLength(1);
    expect(response.answer[0]!.split('" "')).toHaveLength(16);
  });
});
