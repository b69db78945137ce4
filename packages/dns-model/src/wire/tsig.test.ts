import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordType } from '../types/index';
import { DnsClass, Opcode, Rcode } from './constants';
import { decodeMessage, emptyMessage, encodeMessage, type Message } from './message';
import { nameToWire } from './name';
import {
  createStreamSigner,
  createStreamVerifier,
  findTsig,
  signMessage,
  signResponse,
  verifyMessage,
  tsigAlgorithmNamed,
  type TsigKey,
  type TsigVerification,
} from './tsig';

const run = promisify(execFile);

const secret = Buffer.from('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=', 'base64');
const key: TsigKey = { name: 'transfer.example.com', algorithm: 'hmac-sha256', secret };
const keys = (k: TsigKey) => (name: string) => (name === k.name ? k : undefined);
const now = 1_700_000_000;

function query(id = 0x1234): Uint8Array {
  return encodeMessage(emptyMessage({ id, questions: [{ name: 'example.com', type: 1, class: DnsClass.IN }] }));
}

function answerTo(request: Message, answers: Message['answers'] = []): Uint8Array {
  return encodeMessage(emptyMessage({ id: request.id, qr: true, aa: true, questions: request.questions, answers }));
}

describe('signing and verifying one message', () => {
  it('verifies what it signed, for each algorithm, with the key name in any case', () => {
    const sizes = { 'hmac-md5.sig-alg.reg.int': 16, 'hmac-sha1': 20, 'hmac-sha224': 28, 'hmac-sha256': 32, 'hmac-sha384': 48, 'hmac-sha512': 64 } as const;
    for (const algorithm of Object.keys(sizes) as (keyof typeof sizes)[]) {
      const k = { ...key, algorithm };
      const { wire, mac } = signMessage(query(), k, { time: now });
      expect(mac.length).toBe(sizes[algorithm]);
      const result = verifyMessage(wire, keys(k), { now: now + 10 });
      expect(result).toMatchObject({ status: 'valid', key: k, record: { timeSigned: now, fudge: 300, originalId: 0x1234, error: 0 } });
    }
    const upper = signMessage(query(), { ...key, name: 'TRANSFER.Example.COM' }, { time: now }).wire;
    expect(verifyMessage(upper, keys(key), { now }).status).toBe('valid');
  });

  it('leaves the message itself intact and only adds the TSIG record last', () => {
    const plain = query();
    const { wire } = signMessage(plain, key, { time: now });
    const decoded = decodeMessage(wire);
    expect(decoded.questions).toEqual(decodeMessage(plain).questions);
    expect(decoded.additionals.at(-1)).toMatchObject({ name: 'transfer.example.com', type: 250, class: DnsClass.ANY, ttl: 0 });
    expect(recordType('TSIG').fromWire(decoded.additionals.at(-1)!.rdata)).toMatch(/^hmac-sha256\. 1700000000 300 32 \S+ 4660 0 0$/);
  });

  it('says unsigned for a message without TSIG', () => {
    expect(verifyMessage(query(), keys(key))).toEqual({ status: 'unsigned' });
  });

  it('rejects an unknown key, or a known key with another algorithm, with BADKEY', () => {
    const { wire } = signMessage(query(), { ...key, name: 'other.example.com' }, { time: now });
    expect(verifyMessage(wire, keys(key), { now })).toMatchObject({ status: 'invalid', error: Rcode.BADKEY });
    const sha512 = signMessage(query(), { ...key, algorithm: 'hmac-sha512' }, { time: now }).wire;
    expect(verifyMessage(sha512, keys(key), { now })).toMatchObject({ status: 'invalid', error: Rcode.BADKEY });
  });

  it('rejects a wrong secret or a changed message with BADSIG, and gives no key for an answer', () => {
    const wrong = signMessage(query(), { ...key, secret: Buffer.from('not the secret') }, { time: now }).wire;
    const result = verifyMessage(wrong, keys(key), { now });
    expect(result).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
    expect(result).not.toHaveProperty('key');
    const tampered = signMessage(query(), key, { time: now }).wire;
    tampered[13] = 'X'.charCodeAt(0); // the first letter of the question name
    expect(verifyMessage(tampered, keys(key), { now })).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
  });

  it('checks the MAC before the time: a valid MAC outside the fudge is BADTIME, a bad one BADSIG', () => {
    const { wire } = signMessage(query(), key, { time: now });
    expect(verifyMessage(wire, keys(key), { now: now + 300 }).status).toBe('valid');
    expect(verifyMessage(wire, keys(key), { now: now - 301 })).toMatchObject({ status: 'invalid', error: Rcode.BADTIME, key });
    const wrong = signMessage(query(), { ...key, secret: Buffer.from('x') }, { time: now }).wire;
    expect(verifyMessage(wrong, keys(key), { now: now + 10_000 })).toMatchObject({ error: Rcode.BADSIG });
  });

  it('accepts a MAC truncated to half the digest (10 octets at least), and calls a shorter one malformed', () => {
    const truncate = (size: number, k = key) => {
      const plain = query();
      const { mac } = signMessage(plain, k, { time: now });
      return withTsig(plain, { mac: mac.subarray(0, size), algorithm: k.algorithm });
    };
    expect(verifyMessage(truncate(16), keys(key), { now })).toMatchObject({ status: 'valid', key });
    expect(verifyMessage(truncate(15), keys(key), { now })).toMatchObject({ status: 'invalid', error: Rcode.FORMERR });
    const sha1 = { ...key, algorithm: 'hmac-sha1' as const };
    // Half of SHA-1's 20 octets is 10, the floor for every algorithm.
    expect(verifyMessage(truncate(10, sha1), keys(sha1), { now })).toMatchObject({ status: 'valid' });
    expect(verifyMessage(truncate(9, sha1), keys(sha1), { now })).toMatchObject({ status: 'invalid', error: Rcode.FORMERR });
    const wrong = truncate(16);
    wrong[13] = 'X'.charCodeAt(0);
    expect(verifyMessage(wrong, keys(key), { now })).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
  });

  it('answers a truncated request with a MAC of the same length, which the requester verifies', () => {
    const plain = query();
    const full = signMessage(plain, key, { time: now });
    const request = withTsig(plain, { mac: full.mac.subarray(0, 16) });
    const verified = verifyMessage(request, keys(key), { now });
    const response = signResponse(answerTo(decodeMessage(request)), verified, { now });
    const record = (findTsig(response) as { record: { mac: Uint8Array } }).record;
    expect(record.mac.length).toBe(16);
    expect(verifyMessage(response, keys(key), { now, requestMac: full.mac.subarray(0, 16) })).toMatchObject({ status: 'valid' });
  });

  it('caps the time window at 300 seconds whatever fudge the signer wrote', () => {
    const { wire } = signMessage(query(), key, { time: now, fudge: 3600 });
    expect(verifyMessage(wire, keys(key), { now: now + 300 }).status).toBe('valid');
    expect(verifyMessage(wire, keys(key), { now: now + 301 })).toMatchObject({ status: 'invalid', error: Rcode.BADTIME });
    expect(verifyMessage(wire, keys(key), { now: now - 301 })).toMatchObject({ status: 'invalid', error: Rcode.BADTIME });
    const narrow = signMessage(query(), key, { time: now, fudge: 60 }).wire;
    expect(verifyMessage(narrow, keys(key), { now: now + 61 })).toMatchObject({ status: 'invalid', error: Rcode.BADTIME });
  });

  it('reads the algorithm names of BIND key files and dig -y, hmac-md5 among them', () => {
    expect(tsigAlgorithmNamed('hmac-md5')).toBe('hmac-md5.sig-alg.reg.int');
    expect(tsigAlgorithmNamed('HMAC-MD5.SIG-ALG.REG.INT.')).toBe('hmac-md5.sig-alg.reg.int');
    expect(tsigAlgorithmNamed('hmac-sha1')).toBe('hmac-sha1');
    expect(tsigAlgorithmNamed('hmac-sha224')).toBe('hmac-sha224');
    expect(tsigAlgorithmNamed('hmac-sha3')).toBeUndefined();
  });

  it('calls a TSIG that is not last, or has the wrong class, malformed', () => {
    const { wire } = signMessage(query(), key, { time: now });
    const notLast = encodeMessage({
      ...decodeMessage(wire),
      additionals: [...decodeMessage(wire).additionals, { name: 'a', type: 1, class: 1, ttl: 0, rdata: new Uint8Array(4) }],
    });
    expect(findTsig(notLast)).toBe('malformed');
    const wrongClass = wire.slice();
    const classAt = findTsigOffset(wire) + nameToWire(key.name).length + 2;
    wrongClass[classAt + 1] = DnsClass.IN;
    expect(verifyMessage(wrongClass, keys(key), { now })).toMatchObject({ status: 'invalid', error: Rcode.FORMERR });
  });

  it('signs a response over the request MAC, so it verifies only against that request', () => {
    const request = signMessage(query(), key, { time: now });
    const verified = verifyMessage(request.wire, keys(key), { now });
    const response = signResponse(answerTo(decodeMessage(request.wire)), verified, { now: now + 1 });
    expect(verifyMessage(response, keys(key), { now: now + 1, requestMac: request.mac })).toMatchObject({ status: 'valid', record: { error: 0 } });
    const otherRequest = signMessage(query(7), key, { time: now });
    expect(verifyMessage(response, keys(key), { now: now + 1, requestMac: otherRequest.mac })).toMatchObject({ error: Rcode.BADSIG });
  });
});

describe('error answers (RFC 8945 5.3.2)', () => {
  const answer = (request: Uint8Array, verified: TsigVerification) => {
    const message = decodeMessage(request);
    return signResponse(encodeMessage(emptyMessage({ id: message.id, qr: true, rcode: Rcode.NOTAUTH, questions: message.questions })), verified, {
      now: now + 1000,
    });
  };

  it('answers BADKEY and BADSIG with an unsigned TSIG naming the error', () => {
    for (const [signer, error] of [
      [{ ...key, name: 'unknown.example.com' }, Rcode.BADKEY],
      [{ ...key, secret: Buffer.from('x') }, Rcode.BADSIG],
    ] as const) {
      const request = signMessage(query(), signer, { time: now });
      const verified = verifyMessage(request.wire, keys(key), { now });
      const found = findTsig(answer(request.wire, verified));
      expect(found).toMatchObject({ record: { keyName: signer.name, algorithm: 'hmac-sha256', error, mac: new Uint8Array(), timeSigned: now + 1000 } });
      // The client sees the error, not a signature failure of its own.
      expect(verifyMessage(answer(request.wire, verified), keys(key), { requestMac: request.mac })).toMatchObject({ status: 'invalid', error });
    }
  });

  it('answers BADTIME signed, with the request time and the server time in Other Data', () => {
    const request = signMessage(query(), key, { time: now });
    const verified = verifyMessage(request.wire, keys(key), { now: now + 1000 });
    expect(verified).toMatchObject({ error: Rcode.BADTIME });
    const response = answer(request.wire, verified);
    const result = verifyMessage(response, keys(key), { now, requestMac: request.mac });
    expect(result).toMatchObject({ status: 'valid', record: { timeSigned: now, error: Rcode.BADTIME } });
    const other = (result as { record: { otherData: Uint8Array } }).record.otherData;
    expect(Buffer.from(other).readUIntBE(0, 6)).toBe(now + 1000);
  });

  it('gives a malformed TSIG no TSIG back', () => {
    const response = answer(query(), { status: 'invalid', error: Rcode.FORMERR });
    expect(findTsig(response)).toBeUndefined();
  });
});

describe('message streams (RFC 8945 5.3.1)', () => {
  const request = signMessage(query(), key, { time: now });
  const parts = [1, 2, 3, 4, 5].map((n) =>
    answerTo(decodeMessage(request.wire), [{ name: `host${n}.example.com`, type: 1, class: DnsClass.IN, ttl: 60, rdata: new Uint8Array([192, 0, 2, n]) }]),
  );

  it('signs each message over the previous MAC, and verifies the chain', () => {
    const sign = createStreamSigner(key, request.mac);
    const verifier = createStreamVerifier(key, request.mac);
    for (const part of parts) expect(verifier.verify(sign(part, now), now).status).toBe('valid');
    expect(verifier.complete).toBe(true);
  });

  it('fails the stream when messages are reordered', () => {
    const sign = createStreamSigner(key, request.mac);
    const signed = parts.map((p) => sign(p, now));
    const verifier = createStreamVerifier(key, request.mac);
    expect(verifier.verify(signed[0]!, now).status).toBe('valid');
    expect(verifier.verify(signed[2]!, now)).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
    expect(verifier.verify(signed[1]!, now).status).toBe('invalid');
    expect(verifier.complete).toBe(false);
  });

  // A signer may leave up to 99 messages unsigned; the next signed one covers them all.
  const signedOver = (previousMac: Uint8Array, messages: Uint8Array[]): Uint8Array => {
    const last = messages.at(-1)!;
    const hmac = createHmac('sha256', secret);
    hmac.update(Buffer.from([previousMac.length >> 8, previousMac.length & 0xff]));
    hmac.update(previousMac);
    for (const m of messages) hmac.update(m);
    hmac.update(Buffer.from([0, 0, 0x65, 0x53, 0xf1, 0x00, 0x01, 0x2c])); // time 1700000000, fudge 300
    return withTsig(last, { mac: new Uint8Array(hmac.digest()) });
  };

  it('accepts unsigned messages between signed ones when the next signed one covers them', () => {
    const sign = createStreamSigner(key, request.mac);
    const first = sign(parts[0]!, now);
    const firstMac = (findTsig(first) as { record: { mac: Uint8Array } }).record.mac;
    const verifier = createStreamVerifier(key, request.mac);
    expect(verifier.verify(first, now).status).toBe('valid');
    expect(verifier.verify(parts[1]!, now).status).toBe('unsigned');
    expect(verifier.verify(parts[2]!, now).status).toBe('unsigned');
    expect(verifier.complete).toBe(false);
    expect(verifier.verify(signedOver(firstMac, parts.slice(1, 4)), now).status).toBe('valid');
    expect(verifier.complete).toBe(true);
  });

  it('rejects a signed message that does not cover the unsigned ones before it', () => {
    const sign = createStreamSigner(key, request.mac);
    const first = sign(parts[0]!, now);
    const firstMac = (findTsig(first) as { record: { mac: Uint8Array } }).record.mac;
    const verifier = createStreamVerifier(key, request.mac);
    verifier.verify(first, now);
    verifier.verify(parts[1]!, now);
    expect(verifier.verify(signedOver(firstMac, parts.slice(2, 4)), now)).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
  });

  it('rejects an unsigned first message and more than 99 unsigned in a row', () => {
    expect(createStreamVerifier(key, request.mac).verify(parts[0]!, now).status).toBe('invalid');
    const verifier = createStreamVerifier(key, request.mac);
    verifier.verify(createStreamSigner(key, request.mac)(parts[0]!, now), now);
    for (let i = 0; i < 99; i++) expect(verifier.verify(parts[1]!, now).status).toBe('unsigned');
    expect(verifier.verify(parts[1]!, now).status).toBe('invalid');
  });
});

describe('real clients: dig -y and kdig -y', () => {
  const base64 = secret.toString('base64');
  const serverKeys = new Map<string, TsigKey>([
    ['transfer.example.com', key],
    ['sha512.example.com', { name: 'sha512.example.com', algorithm: 'hmac-sha512', secret }],
    ['md5.example.com', { name: 'md5.example.com', algorithm: 'hmac-md5.sig-alg.reg.int', secret }],
    ['sha1.example.com', { name: 'sha1.example.com', algorithm: 'hmac-sha1', secret }],
    ['sha224.example.com', { name: 'sha224.example.com', algorithm: 'hmac-sha224', secret }],
    ['sha384.example.com', { name: 'sha384.example.com', algorithm: 'hmac-sha384', secret }],
  ]);
  const seen: TsigVerification[] = [];
  let udp: UdpSocket;
  let tcp: Server;
  let port = 0;

  // A small primary: answers A queries over UDP and AXFR over TCP in four messages, checking and signing with TSIG.
  const respond = (wire: Uint8Array): Uint8Array[] => {
    const request = decodeMessage(wire);
    const verified = verifyMessage(wire, (name) => serverKeys.get(name));
    seen.push(verified);
    const q = request.questions[0]!;
    if (verified.status !== 'valid') {
      const refusal = encodeMessage(emptyMessage({ id: request.id, qr: true, opcode: Opcode.QUERY, rcode: Rcode.NOTAUTH, questions: request.questions }));
      return [signResponse(refusal, verified)];
    }
    if (q.type !== 252)
      return [signResponse(answerTo(request, [{ name: q.name, type: 1, class: DnsClass.IN, ttl: 60, rdata: new Uint8Array([192, 0, 2, 1]) }]), verified)];
    const soa = {
      name: 'example.com',
      type: 6,
      class: DnsClass.IN,
      ttl: 3600,
      rdata: recordType('SOA').toWire('ns1.example.com. admin.example.com. 7 3600 600 86400 300'),
    };
    const host = (n: number) => ({ name: `host${n}.example.com`, type: 1, class: DnsClass.IN, ttl: 60, rdata: new Uint8Array([192, 0, 2, n]) });
    const sign = createStreamSigner(verified.key, verified.record.mac);
    return [[soa, host(1)], [host(2)], [host(3), host(4)], [soa]].map((answers) => sign(answerTo(request, answers)));
  };

  beforeAll(async () => {
    tcp = createServer((socket) => {
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
          const size = buffered.readUInt16BE(0);
          const messages = respond(buffered.subarray(2, 2 + size));
          buffered = buffered.subarray(2 + size);
          for (const m of messages) socket.write(Buffer.concat([Buffer.from([m.length >> 8, m.length & 0xff]), m]));
        }
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    port = (tcp.address() as { port: number }).port;
    udp = createSocket('udp4');
    udp.on('message', (msg, rinfo) => udp.send(respond(msg)[0]!, rinfo.port, rinfo.address));
    await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  });

  afterAll(() => {
    udp.close();
    tcp.close();
  });

  const dig = async (args: string[]) => (await run('dig', [`@127.0.0.1`, '-p', String(port), '+tries=1', '+time=5', ...args], { timeout: 15_000 })).stdout;
  const kdig = async (args: string[]) => (await run('kdig', [`@127.0.0.1`, '-p', String(port), '+retry=0', '+timeout=5', ...args], { timeout: 15_000 })).stdout;

  it('verifies a dig request and dig verifies our signed answer', async () => {
    seen.length = 0;
    const out = await dig(['-y', `hmac-sha256:transfer.example.com:${base64}`, 'www.example.com', 'A']);
    expect(seen[0]).toMatchObject({ status: 'valid' });
    expect(out).toContain('status: NOERROR');
    expect(out).toMatch(/transfer\.example\.com\.\s+0\s+ANY\s+TSIG\s+hmac-sha256\. \d+ 300 32 \S+ \d+ NOERROR 0/);
    expect(out).not.toMatch(/[Cc]ouldn't verify|failure/);
  });

  it('a dig request with the wrong secret is BADSIG, answered NOTAUTH with an unsigned TSIG', async () => {
    seen.length = 0;
    const wrong = Buffer.from('another secret of thirty-two oct').toString('base64');
    const out = await dig(['-y', `hmac-sha256:transfer.example.com:${wrong}`, 'www.example.com', 'A']);
    expect(seen[0]).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
    expect(out).toContain('status: NOTAUTH');
    expect(out).toMatch(/TSIG\s+hmac-sha256\. \d+ 300 0 +\d+ BADSIG 0/);
  });

  it('a request with a key we do not know is BADKEY', async () => {
    seen.length = 0;
    const out = await kdig(['-y', `hmac-sha256:nobody.example.com:${base64}`, 'www.example.com', 'A']);
    expect(seen[0]).toMatchObject({ status: 'invalid', error: Rcode.BADKEY });
    // kdig prints the TSIG error as the status.
    expect(out).toContain('status: BADKEY');
    expect(out).toMatch(/nobody\.example\.com\.\s+0\s+ANY\s+TSIG\s+hmac-sha256\. \d+ 300 0 \d+ BADKEY 0/);
  });

  it('verifies dig -y requests of every algorithm, and dig verifies each answer', async () => {
    const cases = [
      ['hmac-md5', 'md5.example.com', 'hmac-md5.sig-alg.reg.int', 16],
      ['hmac-sha1', 'sha1.example.com', 'hmac-sha1', 20],
      ['hmac-sha224', 'sha224.example.com', 'hmac-sha224', 28],
      ['hmac-sha256', 'transfer.example.com', 'hmac-sha256', 32],
      ['hmac-sha384', 'sha384.example.com', 'hmac-sha384', 48],
      ['hmac-sha512', 'sha512.example.com', 'hmac-sha512', 64],
    ] as const;
    for (const [given, name, wireName, size] of cases) {
      seen.length = 0;
      const out = await dig(['-y', `${given}:${name}:${base64}`, 'www.example.com', 'A']);
      expect(seen[0], given).toMatchObject({ status: 'valid', key: { algorithm: wireName } });
      expect(out).toContain('status: NOERROR');
      expect(out).toMatch(new RegExp(`TSIG\\s+${wireName.replaceAll('.', '\\.')}\\. \\d+ 300 ${size} .+ \\d+ NOERROR 0`));
      expect(out, given).not.toMatch(/[Cc]ouldn't verify|failure|expected/);
    }
  });

  it('verifies truncated MACs from dig and answers with MACs of their length, which dig verifies', async () => {
    for (const [given, name, size] of [
      ['hmac-sha256-128', 'transfer.example.com', 16],
      ['hmac-sha1-80', 'sha1.example.com', 10],
      ['hmac-sha512-256', 'sha512.example.com', 32],
    ] as const) {
      seen.length = 0;
      const out = await dig(['-y', `${given}:${name}:${base64}`, 'www.example.com', 'A']);
      expect(seen[0], given).toMatchObject({ status: 'valid', record: { mac: expect.any(Uint8Array) } });
      expect((seen[0] as { record: TsigRecordLike }).record.mac.length).toBe(size);
      expect(out).toContain('status: NOERROR');
      expect(out).toMatch(new RegExp(`TSIG\\s+\\S+ \\d+ 300 ${size} .+ \\d+ NOERROR 0`));
      expect(out, given).not.toMatch(/[Cc]ouldn't verify|failure|expected/);
    }
  });

  it('kdig verifies a hmac-sha512 answer', async () => {
    seen.length = 0;
    const out = await kdig(['-y', `hmac-sha512:sha512.example.com:${base64}`, 'www.example.com', 'A']);
    expect(seen[0]).toMatchObject({ status: 'valid', key: { algorithm: 'hmac-sha512' } });
    expect(out).toContain('status: NOERROR');
    expect(out).toMatch(/TSIG\s+hmac-sha512\. \d+ 300 64 \S+ \d+ NOERROR 0/);
    expect(out).not.toMatch(/failed|WARNING/i);
  });

  it('dig and kdig verify a signed AXFR of several messages', async () => {
    const fromDig = await dig(['-y', `hmac-sha256:transfer.example.com:${base64}`, 'example.com', 'AXFR']);
    expect(fromDig).not.toMatch(/failed|[Cc]ouldn't verify/);
    expect(fromDig).toMatch(/XFR size: 6 records \(messages 4/);
    const fromKdig = await kdig(['-y', `hmac-sha512:sha512.example.com:${base64}`, 'example.com', 'AXFR']);
    expect(fromKdig).not.toMatch(/failed|WARNING/i);
    expect(fromKdig).toMatch(/Received \d+ B \(4 messages, 6 records\)/);
  });

  it('dig gets no transfer when its secret differs from ours', async () => {
    const wrongServerSide = serverKeys.get('transfer.example.com')!;
    serverKeys.set('transfer.example.com', { ...wrongServerSide, secret: Buffer.from('the server has another secret!!!') });
    try {
      seen.length = 0;
      const out = await dig(['-y', `hmac-sha256:transfer.example.com:${base64}`, 'example.com', 'AXFR']).catch((e: { stdout: string }) => e.stdout);
      expect(seen[0]).toMatchObject({ status: 'invalid', error: Rcode.BADSIG });
      expect(out).toMatch(/NOTAUTH|failed/);
      expect(out).not.toMatch(/XFR size/);
    } finally {
      serverKeys.set('transfer.example.com', wrongServerSide);
    }
  });
});

type TsigRecordLike = { mac: Uint8Array };

function findTsigOffset(wire: Uint8Array): number {
  return (findTsig(wire) as { offset: number }).offset;
}

/** The message with a TSIG record by `key` at `now`, with the given MAC (for hand-made signatures). */
function withTsig(wire: Uint8Array, { mac, algorithm: name = 'hmac-sha256' }: { mac: Uint8Array; algorithm?: string }): Uint8Array {
  const owner = nameToWire(key.name);
  const algorithm = nameToWire(name);
  const rdata = Buffer.alloc(algorithm.length + 16 + mac.length);
  Buffer.from(algorithm).copy(rdata, 0);
  let p = algorithm.length;
  rdata.writeUIntBE(now, p, 6);
  rdata.writeUInt16BE(300, p + 6);
  rdata.writeUInt16BE(mac.length, p + 8);
  Buffer.from(mac).copy(rdata, p + 10);
  p += 10 + mac.length;
  rdata.writeUInt16BE((wire[0]! << 8) | wire[1]!, p);
  const record = Buffer.concat([owner, Buffer.from([0, 250, 0, 255, 0, 0, 0, 0, rdata.length >> 8, rdata.length & 0xff]), rdata]);
  const out = Buffer.concat([wire, record]);
  out.writeUInt16BE(out.readUInt16BE(10) + 1, 10);
  return new Uint8Array(out);
}
