import { NSEC3 } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { Nsec3Denial, nsec3Hash } from './nsec3';
import { zoneRecords } from './testZone';
import { ZoneIndex } from './zoneIndex';

/** RFC 5155 appendix A: the example zone, its parameters (salt aabbccdd, 12 extra iterations). */
const RFC5155 = { iterations: 12, salt: Uint8Array.from([0xaa, 0xbb, 0xcc, 0xdd]) };

const RFC5155_ZONE = `
$TTL 3600
@        SOA   ns1.example. bugs.x.w.example. 1 3600 300 3600000 3600
@        NS    ns1.example.
@        NS    ns2.example.
@        MX    1 xx.example.
a        NS    ns1.a.example.
a        NS    ns2.a.example.
a        DS    58470 5 1 3079f1593ebad6dc121e202a8b766a6a4837206c
ns1.a    A     192.0.2.5
ns2.a    A     192.0.2.6
ai       A     192.0.2.9
ai       AAAA  2001:db8::f00:baa9
ns1      A     192.0.2.1
ns2      A     192.0.2.2
*.w      MX    1 ai.example.
x.w      MX    1 xx.example.
x.y.w    MX    1 xx.example.
xx       A     192.0.2.10
xx       AAAA  2001:db8::f00:baaa
`;

describe('NSEC3 hashing (RFC 5155 appendix A)', () => {
  const expected: [string, string][] = [
    ['example', '0p9mhaveqvm6t7vbl5lop2u3t2rp3tom'],
    ['a.example', '35mthgpgcu1qg68fab165klnsnk3dpvl'],
    ['ai.example', 'gjeqe526plbf1g8mklp59enfd789njgi'],
    ['ns1.example', '2t7b4g4vsa5smi47k61mv5bv1a22bojr'],
    ['ns2.example', 'q04jkcevqvmu85r014c7dkba38o0ji5r'],
    ['w.example', 'k8udemvp1j2f7eg6jebps17vp3n8i58h'],
    ['*.w.example', 'r53bq7cc2uvmubfu5ocmm6pers9tk9en'],
    ['x.w.example', 'b4um86eghhds6nea196smvmlo4ors995'],
    ['y.w.example', 'ji6neoaepv8b5o6k4ev33abha8ht9fgc'],
    ['x.y.w.example', '2vptu5timamqttgl4luu9kg21e0aor3s'],
    ['c.x.w.example', '0va5bpr2ou0vk0lbqeeljri88laipsfh'],
  ];
  for (const [name, hash] of expected) {
    it(`H(${name}) = ${hash}`, () => expect(nsec3Hash(name, RFC5155)).toBe(hash));
  }

  it('hashes letter case away and uses RFC 9276 parameters by default', () => {
    expect(nsec3Hash('X.W.Example', RFC5155)).toBe('b4um86eghhds6nea196smvmlo4ors995');
    expect(nsec3Hash('example')).not.toBe(nsec3Hash('example', RFC5155));
  });
});

describe('NSEC3 proofs (RFC 5155 appendix B, without opt-out)', () => {
  const index = new ZoneIndex(
    'example',
    zoneRecords('example', RFC5155_ZONE).map((r) => ({ name: r.name, type: typeOf(r.type) })),
  );
  const denial = new Nsec3Denial(index, 3600, RFC5155);
  const owners = (rrsets: { name: string }[]) => rrsets.map((r) => r.name.split('.')[0]);

  it('B.1 name error: closest encloser, next closer and wildcard', () => {
    expect(owners(denial.nxdomain('a.c.x.w.example')).sort()).toEqual(
      ['b4um86eghhds6nea196smvmlo4ors995', '0p9mhaveqvm6t7vbl5lop2u3t2rp3tom', '35mthgpgcu1qg68fab165klnsnk3dpvl'].sort(),
    );
  });

  it('B.2 no data: the NSEC3 matching the name', () => {
    expect(owners(denial.nodata('ns1.example'))).toEqual(['2t7b4g4vsa5smi47k61mv5bv1a22bojr']);
  });

  it('B.2.1 no data at an empty non-terminal', () => {
    const [rrset] = denial.nodata('y.w.example');
    expect(owners([rrset!])).toEqual(['ji6neoaepv8b5o6k4ev33abha8ht9fgc']);
    // An empty non-terminal's NSEC3 has an empty type bitmap.
    expect(NSEC3.fromWire(rrset!.rdata[0]!).trim()).toBe('1 0 12 aabbccdd k8udemvp1j2f7eg6jebps17vp3n8i58h');
  });

  it('B.4 wildcard expansion: the NSEC3 covering the next closer name', () => {
    expect(owners(denial.wildcardAnswer('a.z.w.example', '*.w.example'))).toEqual(['q04jkcevqvmu85r014c7dkba38o0ji5r']);
  });

  it('B.5 wildcard no data: closest encloser, next closer and the wildcard itself', () => {
    expect(owners(denial.wildcardNodata('a.z.w.example', '*.w.example')).sort()).toEqual(
      ['k8udemvp1j2f7eg6jebps17vp3n8i58h', 'q04jkcevqvmu85r014c7dkba38o0ji5r', 'r53bq7cc2uvmubfu5ocmm6pers9tk9en'].sort(),
    );
  });

  it('links the chain in hash order with exact type bitmaps', () => {
    const chain = denial.chain().map((r) => `${r.name} ${NSEC3.fromWire(r.rdata[0]!)}`);
    expect(chain).toContain('0p9mhaveqvm6t7vbl5lop2u3t2rp3tom.example 1 0 12 aabbccdd 2t7b4g4vsa5smi47k61mv5bv1a22bojr NS SOA MX RRSIG NSEC3PARAM');
    expect(chain).toContain('35mthgpgcu1qg68fab165klnsnk3dpvl.example 1 0 12 aabbccdd b4um86eghhds6nea196smvmlo4ors995 NS DS RRSIG');
    expect(chain).toContain('gjeqe526plbf1g8mklp59enfd789njgi.example 1 0 12 aabbccdd ji6neoaepv8b5o6k4ev33abha8ht9fgc A AAAA RRSIG');
    expect(chain).toContain('t644ebqk9bibcna874givr6joj62mlhv.example 1 0 12 aabbccdd 0p9mhaveqvm6t7vbl5lop2u3t2rp3tom A AAAA RRSIG');
    // The 11 names of the zone, glue excluded: one NSEC3 each.
    expect(chain).toHaveLength(11);
  });

  it('names the NSEC3 owner of a zone name', () => {
    expect(denial.owner('x.w.example')).toBe('b4um86eghhds6nea196smvmlo4ors995.example');
  });

  it('publishes NSEC3PARAM at the apex', () => {
    const [param] = denial.apexRrsets();
    expect(param!.name).toBe('example');
    expect(Buffer.from(param!.rdata[0]!).toString('hex')).toBe('0100000c04aabbccdd');
  });
});

function typeOf(mnemonic: string): number {
  return { SOA: 6, NS: 2, MX: 15, DS: 43, A: 1, AAAA: 28 }[mnemonic]!;
}
