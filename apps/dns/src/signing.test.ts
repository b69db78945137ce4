import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { customerTypes, DnsClass, parseZoneFile, recordType, typeCode, type ResourceRecord } from '@kaja/dns-model';
import { generateCryptokey } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { delv, writeTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { freshSettings, nextChange, publishKeys, serveSignedZones, type SignedTestServer } from './testing/signedServer';

/*
 * BIND's delv, with our DS as its trust anchor, judges what the server answers with the DO bit:
 * positive answers of every record type, NXDOMAIN, NODATA, wildcards, delegations with and
 * without DS, after changes to the zone and through a ZSK rollover; with NSEC and with NSEC3.
 */

const ZONE = 'example.com';
const TEXT = `
$TTL 300
@             3600 SOA   ns1.example.com. hostmaster.example.com. 2026112201 7200 3600 1209600 300
@             3600 NS    ns1.example.com.
@             3600 NS    ns2.example.net.
@                  A     192.0.2.1
@                  AAAA  2001:db8::1
@                  MX    10 mail.example.com.
@                  TXT   "v=spf1 mx -all"
@                  TXT   "google-site-verification=abc" "second string"
@                  CAA   0 issue "letsencrypt.org"
ns1           3600 A     192.0.2.53
mail               A     192.0.2.25
www                CNAME example.com.
_sip._tcp          SRV   10 60 5060 sip.example.com.
sip                AAAA  2001:db8::5060
ptr                PTR   mail.example.com.
_443._tcp.www      TLSA  3 1 1 0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6
host               SSHFP 4 2 123456789abcdef67890123456789abcdef67890123456789abcdef123456789
svc                HTTPS 1 . alpn=h2,h3
_dns.svc           SVCB  1 svc.example.com. port=853
naptr              NAPTR 100 10 "S" "SIP+D2U" "" _sip._udp.example.com.
*.wild             TXT   "from the wildcard"
*.wild             MX    10 mail.example.com.
a.b.c              A     192.0.2.7
secure        3600 NS    ns.secure.example.com.
secure        3600 DS    12345 13 2 4b1b1b4e4c8a9c2e2b9f1e2d3c4b5a69788796a5b4c3d2e1f0e1d2c3b4a59687
ns.secure     3600 A     192.0.2.60
big                TXT   "${'a'.repeat(100)}" "${'b'.repeat(100)}"
big                TXT   "${'c'.repeat(100)}" "${'d'.repeat(100)}"
insecure      3600 NS    ns.insecure.example.com.
ns.insecure   3600 A     192.0.2.61
moved.zz           DNAME example.net.
_ftp._tcp.zz       URI   10 1 "ftp://ftp.example.com/public"
zz                 LOC   52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m
zz                 HINFO "x86_64" "Linux"
zz                 RP    hostmaster.example.com. .
zz                 AFSDB 1 afsdb.example.net.
zz                 KX    10 kx.example.net.
zz                 EUI48 00-00-5e-00-53-2a
zz                 EUI64 00-00-5e-ef-10-00-00-2a
f7ec2a3b._openpgpkey.zz OPENPGPKEY mQENBFVHm5sBCACpH8TrDW3k
x._smimecert.zz    SMIMEA 3 1 1 0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6
cert.zz            CERT  PKIX 12345 8 MIIBIjANBgkqhkiG
ipsec.zz           IPSECKEY 10 1 2 192.0.2.38 AQNRU3mG7TVTO2BkR47usntb
dhcid.zz           DHCID AAIBY2/AuCccgoJbsaxcQc9TUapptP69lOjxfNuVAA2kjEA=
`;

const validated = /; fully validated/;
const negative = /; negative response, fully validated/;

function record(name: string, type: string, content: string, ttl = 300): ResourceRecord {
  return { name, type: typeCode(type), class: DnsClass.IN, ttl, rdata: recordType(type).toWire(content) };
}

it('the zone covers every customer record type (ALIAS in signingAlias.test.ts)', () => {
  const covered = new Set(parseZoneFile(TEXT, { origin: ZONE }).records.map((r) => r.type));
  expect(customerTypes.filter((t) => t !== 'ALIAS' && !covered.has(t))).toEqual([]);
});

for (const nsec3 of [false, true]) {
  describe(`signed answers validate with ${nsec3 ? 'NSEC3' : 'NSEC'}`, () => {
    const settings = freshSettings(nsec3);
    let server: SignedTestServer;
    let dir: string;
    let anchors: string;
    const check = (name: string, type: string) => delv(server.port, anchors, ZONE, name, type);

    beforeAll(async () => {
      server = await serveSignedZones({ [ZONE]: { text: TEXT, settings } });
      dir = await mkdtemp(join(tmpdir(), 'dns-signing-'));
      anchors = join(dir, 'anchors.conf');
      await writeTrustAnchor(anchors, ZONE, settings.keys[0]!);
    });
    afterAll(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    const positive: [name: string, type: string][] = [
      [ZONE, 'SOA'],
      [ZONE, 'NS'],
      [ZONE, 'A'],
      [ZONE, 'AAAA'],
      [ZONE, 'MX'],
      [ZONE, 'TXT'],
      [ZONE, 'CAA'],
      [ZONE, 'DNSKEY'],
      [ZONE, 'CDS'],
      [ZONE, 'CDNSKEY'],
      [`www.${ZONE}`, 'A'],
      [`_sip._tcp.${ZONE}`, 'SRV'],
      [`ptr.${ZONE}`, 'PTR'],
      [`_443._tcp.www.${ZONE}`, 'TLSA'],
      [`host.${ZONE}`, 'SSHFP'],
      [`svc.${ZONE}`, 'HTTPS'],
      [`_dns.svc.${ZONE}`, 'SVCB'],
      [`naptr.${ZONE}`, 'NAPTR'],
      [`sip.${ZONE}`, 'AAAA'],
      [`secure.${ZONE}`, 'DS'],
      ...(nsec3 ? [[ZONE, 'NSEC3PARAM'] as [string, string]] : []),
    ];
    it.each(positive)('a positive answer: %s %s', async (name, type) => {
      expect(await check(name, type)).toMatch(validated);
    });

    const denials: [what: string, name: string, type: string][] = [
      ['NXDOMAIN', `nothere.${ZONE}`, 'A'],
      ['NXDOMAIN below an empty non-terminal', `z.b.c.${ZONE}`, 'TXT'],
      ['NODATA', `mail.${ZONE}`, 'TXT'],
      ['NODATA at an empty non-terminal', `b.c.${ZONE}`, 'A'],
      ['wildcard NODATA', `foo.wild.${ZONE}`, 'A'],
      ['no DS at a delegation without one', `insecure.${ZONE}`, 'DS'],
    ];
    it.each(denials)('%s: %s %s', async (_what, name, type) => {
      expect(await check(name, type)).toMatch(negative);
    });

    it('a wildcard answer, signed as its wildcard', async () => {
      expect(await check(`foo.wild.${ZONE}`, 'TXT')).toMatch(/; fully validated\n.*foo\.wild\.example\.com\.\s+300\s+IN\s+TXT\s+"from the wildcard"/s);
      expect(await check(`a.b.wild.${ZONE}`, 'MX')).toMatch(validated);
      const response = await dig(server.port, `foo.wild.${ZONE}`, 'TXT', { client: 'kdig', args: ['+dnssec'] });
      const rrsig = response.answer.find((r) => r.includes(' RRSIG TXT '))!;
      // Labels 3: the signature is over *.wild.example.com, the owner has 4 labels.
      expect(rrsig).toMatch(/^foo\.wild\.example\.com\. 300 IN RRSIG TXT 13 3 300 /);
      expect(response.authority.some((r) => r.includes(nsec3 ? ' NSEC3 ' : ' NSEC '))).toBe(true);
    });

    it(nsec3 ? 'qtype NSEC: NODATA, proven with NSEC3' : 'qtype NSEC: the NSEC RRset of the name with its RRSIG, as Knot answers', async () => {
      if (nsec3) {
        expect(await check(`mail.${ZONE}`, 'NSEC')).toMatch(negative);
        // The name exists: its own NSEC3 proves it has no NSEC, as for any other missing type (as Knot).
        const nodata = await dig(server.port, `mail.${ZONE}`, 'NSEC', { client: 'kdig', args: ['+dnssec'] });
        expect(nodata.authority.filter((r) => r.split(' ')[3] === 'NSEC3')).toHaveLength(1);
        return;
      }
      expect(await check(`mail.${ZONE}`, 'NSEC')).toMatch(validated);
      const response = await dig(server.port, `mail.${ZONE}`, 'NSEC', { client: 'kdig', args: ['+dnssec'] });
      expect(response.answer.map((r) => r.split(' ').slice(0, 5).join(' '))).toEqual([
        `mail.${ZONE}. 300 IN NSEC naptr.${ZONE}.`,
        `mail.${ZONE}. 300 IN RRSIG NSEC`,
      ]);
      expect(response.authority).toEqual([]);
      // Without DO too, unsigned (as Knot): the NSEC is a record of the zone like any other.
      const plain = await dig(server.port, `mail.${ZONE}`, 'NSEC', { client: 'kdig' });
      expect(plain.answer.map((r) => r.split(' ').slice(0, 5).join(' '))).toEqual([`mail.${ZONE}. 300 IN NSEC naptr.${ZONE}.`]);
      expect(plain.authority).toEqual([]);
      // An empty non-terminal has no NSEC of its own: NODATA, proven by the NSEC whose span holds it.
      expect(await check(`b.c.${ZONE}`, 'NSEC')).toMatch(negative);
      // A wildcard's NSEC stands for the names it covers, as its other records do: expanded, signed as
      // the wildcard's, with the proof that the name itself does not exist.
      const wild = await dig(server.port, `foo.wild.${ZONE}`, 'NSEC', { client: 'kdig', args: ['+dnssec'] });
      expect(wild.answer.map((r) => r.split(' ').slice(0, 7).join(' '))).toEqual([
        `foo.wild.${ZONE}. 300 IN NSEC www.${ZONE}. MX TXT`,
        `foo.wild.${ZONE}. 300 IN RRSIG NSEC 13 3`,
      ]);
      expect(wild.authority.map((r) => r.split(' ').slice(0, 5).join(' '))).toEqual([
        `*.wild.${ZONE}. 300 IN NSEC www.${ZONE}.`,
        `*.wild.${ZONE}. 300 IN RRSIG NSEC`,
      ]);
      expect(await check(`foo.wild.${ZONE}`, 'NSEC')).toMatch(validated);
    });

    it('qtype RRSIG: the signatures of the RRset of the lowest type at the name, with or without DO, as Knot', async () => {
      const zsk = settings.keys.find((k) => k.keytype === 'zsk')!.keyTag;
      const sigs = (response: { answer: string[] }) => response.answer.map((r) => r.split(' ').slice(0, 8).join(' '));
      expect(sigs(await dig(server.port, `mail.${ZONE}`, 'RRSIG', { client: 'kdig' }))).toEqual([`mail.${ZONE}. 300 IN RRSIG A 13 3 300`]);
      const apex = await dig(server.port, ZONE, 'RRSIG', { client: 'kdig', args: ['+dnssec'] });
      expect(sigs(apex)).toEqual([`${ZONE}. 300 IN RRSIG A 13 2 300`]);
      expect(Number(apex.answer[0]!.split(' ')[10])).toBe(zsk);
      expect(apex.authority).toEqual([]);
      // NSEC (47) is a type of the name too where the zone has NSEC records.
      expect(sigs(await dig(server.port, `dhcid.zz.${ZONE}`, 'RRSIG', { client: 'kdig' }))).toEqual([
        `dhcid.zz.${ZONE}. 300 IN RRSIG ${nsec3 ? 'DHCID' : 'NSEC'} 13 4 300`,
      ]);
      // A wildcard's, expanded (labels 3), with the proof that the name itself does not exist.
      const wild = await dig(server.port, `foo.wild.${ZONE}`, 'RRSIG', { client: 'kdig', args: ['+dnssec'] });
      expect(sigs(wild)).toEqual([`foo.wild.${ZONE}. 300 IN RRSIG MX 13 3 300`]);
      expect(wild.authority.map((r) => r.split(' ')[3])).toEqual([nsec3 ? 'NSEC3' : 'NSEC', 'RRSIG']);
      // An empty non-terminal has no signatures: NODATA, proven.
      const ent = await dig(server.port, `b.c.${ZONE}`, 'RRSIG', { client: 'kdig', args: ['+dnssec'] });
      expect(ent.answer).toEqual([]);
      expect(ent.authority.some((r) => r.split(' ')[3] === (nsec3 ? 'NSEC3' : 'NSEC'))).toBe(true);
    });

    it('signs the in-zone target addresses of the additional section (RFC 4035 3.1.1); glue stays unsigned', async () => {
      const srv = await dig(server.port, `_sip._tcp.${ZONE}`, 'SRV', { client: 'kdig', args: ['+dnssec'] });
      expect(srv.additional.map((r) => r.split(' ').slice(0, 5).join(' '))).toEqual([
        `sip.${ZONE}. 300 IN AAAA 2001:db8::5060`,
        `sip.${ZONE}. 300 IN RRSIG AAAA`,
      ]);
      const mx = await dig(server.port, ZONE, 'MX', { client: 'kdig', args: ['+dnssec'] });
      expect(mx.additional.map((r) => r.split(' ').slice(0, 5).join(' '))).toEqual([`mail.${ZONE}. 300 IN A 192.0.2.25`, `mail.${ZONE}. 300 IN RRSIG A`]);
      // Too little room for an address with its signature: both are left out, and TC stays clear.
      const small = await dig(server.port, ZONE, 'MX', { client: 'kdig', args: ['+dnssec', '+bufsize=512', '+ignore'] });
      expect(small.flags).not.toContain('tc');
      expect(small.additional.filter((r) => / (A|RRSIG) /.test(r)).map((r) => r.split(' ')[3])).not.toEqual(['RRSIG']);
    });

    it("proves in the additional section what an SVCB target lacks (RFC 9460 4.2), with the target's own NODATA record", async () => {
      const denial = nsec3 ? 'NSEC3' : 'NSEC';
      const svcb = await dig(server.port, `_dns.svc.${ZONE}`, 'SVCB', { client: 'kdig', args: ['+dnssec'] });
      expect(svcb.answer.map((r) => r.split(' ')[3])).toEqual(['SVCB', 'RRSIG']);
      // svc holds HTTPS alone: no A, AAAA or SVCB. Its record is the one a NODATA answer there carries.
      const nodata = await dig(server.port, `svc.${ZONE}`, 'A', { client: 'kdig', args: ['+dnssec'] });
      const proof = nodata.authority.filter((r) => r.split(' ')[3] === denial);
      expect(proof).toHaveLength(1);
      expect(svcb.additional.filter((r) => r.split(' ')[3] === denial)).toEqual(proof);
      expect(svcb.additional.map((r) => r.split(' ').slice(0, 5).join(' '))).toEqual([
        proof[0]!.split(' ').slice(0, 5).join(' '),
        `${proof[0]!.split(' ')[0]} 300 IN RRSIG ${denial}`,
      ]);
      expect(await check(`_dns.svc.${ZONE}`, 'SVCB')).toMatch(validated);
      // Without DO, or with too little room, no proof, no truncation.
      expect((await dig(server.port, `_dns.svc.${ZONE}`, 'SVCB', { client: 'kdig' })).additional).toEqual([]);
      const small = await dig(server.port, `_dns.svc.${ZONE}`, 'SVCB', { client: 'kdig', args: ['+dnssec', '+bufsize=512', '+ignore'] });
      expect(small.flags).not.toContain('tc');
      expect(small.answer.map((r) => r.split(' ')[3])).toEqual(['SVCB', 'RRSIG']);
      expect(small.additional.map((r) => r.split(' ')[3])).not.toEqual(['RRSIG']);
    });

    it('answers the shapes RFC 4035 asks for (kdig)', async () => {
      const referral = await dig(server.port, `host.secure.${ZONE}`, 'A', { client: 'kdig', args: ['+dnssec'] });
      expect(referral.flags).not.toContain('aa');
      expect(referral.authority.map((r) => r.split(' ')[3])).toEqual(['NS', 'DS', 'RRSIG']);
      expect(referral.additional.some((r) => r.includes('RRSIG'))).toBe(false);
      const unsigned = await dig(server.port, `host.insecure.${ZONE}`, 'A', { client: 'kdig', args: ['+dnssec'] });
      expect(unsigned.authority.map((r) => r.split(' ')[3])).toEqual(['NS', nsec3 ? 'NSEC3' : 'NSEC', 'RRSIG']);
      const nxdomain = await dig(server.port, `nothere.${ZONE}`, 'A', { client: 'kdig', args: ['+dnssec'] });
      expect(nxdomain.rcode).toBe('NXDOMAIN');
      const soaSig = nxdomain.authority.find((r) => r.includes(' RRSIG SOA '))!;
      // Served with the negative TTL (the SOA minimum), signed with the SOA's own TTL.
      expect(soaSig).toMatch(/^example\.com\. 300 IN RRSIG SOA 13 2 3600 /);
      const plain = await dig(server.port, `nothere.${ZONE}`, 'A', { client: 'kdig' });
      expect(plain.authority).toHaveLength(1);
      const dnskey = await dig(server.port, ZONE, 'DNSKEY', { client: 'kdig', args: ['+dnssec'] });
      const signers = dnskey.answer.filter((r) => r.includes(' RRSIG ')).map((r) => Number(r.split(' ')[10]));
      expect(signers).toEqual([settings.keys[0]!.keyTag]);
    });

    it('truncates a signed answer too large for UDP, and answers it whole over TCP', async () => {
      // Fits in 512 octets unsigned; with its signature it does not.
      const plain = await dig(server.port, `big.${ZONE}`, 'TXT', { args: ['+bufsize=512', '+ignore'] });
      expect(plain.flags).not.toContain('tc');
      const udp = await dig(server.port, `big.${ZONE}`, 'TXT', { args: ['+dnssec', '+bufsize=512', '+ignore'] });
      expect(udp.flags).toContain('tc');
      expect(udp.answer.filter((r) => r.includes(' RRSIG '))).toEqual([]);
      const tcp = await dig(server.port, `big.${ZONE}`, 'TXT', { tcp: true, args: ['+dnssec'] });
      expect(tcp.flags).not.toContain('tc');
      expect(tcp.answer.map((r) => r.split(' ')[3])).toEqual(['TXT', 'TXT', 'RRSIG']);
    });

    it('signs a repeated query once: the second answer comes from the answer cache', async () => {
      const sign = vi.spyOn(server.signing, 'sign');
      try {
        const first = await dig(server.port, `ns1.${ZONE}`, 'A', { args: ['+dnssec'] });
        const second = await dig(server.port, `ns1.${ZONE}`, 'A', { args: ['+dnssec'] });
        expect(first.answer.map((r) => r.split(' ')[3])).toEqual(['A', 'RRSIG']);
        expect(second.answer).toEqual(first.answer);
        expect(sign).toHaveBeenCalledTimes(1);
      } finally {
        sign.mockRestore();
      }
    });

    it('a tampered signature is caught', async () => {
      const zone = server.zones.get(ZONE)!;
      // A set no query asked for yet, so no answer with its good signature is cached.
      const address = zone.nodes.get(`a.b.c.${ZONE}`)!.rrsets.get(typeCode('A'))!;
      const rdata = server.signing.signer(zone)!.signatures.for(address)!.rdata[0]!;
      rdata[rdata.length - 3]! ^= 0x40;
      try {
        const output = await check(`a.b.c.${ZONE}`, 'A');
        expect(output).not.toMatch(/fully validated/);
        expect(output).toMatch(/resolution failed/);
      } finally {
        rdata[rdata.length - 3]! ^= 0x40;
        await server.signing.reload(ZONE); // forgets the answers encoded with the tampered signature
      }
    });

    it('an NXDOMAIN proof without its wildcard denial is refused', async () => {
      const denial = server.signing.signer(server.zones.get(ZONE)!)!.denial;
      const complete = denial.nxdomain.bind(denial);
      // Keep only what proves the name itself is absent; the wildcard could still have matched.
      denial.nxdomain = (qname) => complete(qname).filter((rrset) => rrset === complete(qname)[nsec3 ? 1 : 0]);
      try {
        expect(await check(`missing.${ZONE}`, 'A')).not.toMatch(/fully validated/);
      } finally {
        denial.nxdomain = complete;
      }
    });

    it('still validates after changes, and shows them', async () => {
      const zone = server.zones.get(ZONE)!;
      const mail = record(`mail.${ZONE}`, 'A', '192.0.2.25');
      const change = nextChange(
        zone,
        [mail],
        [
          record(`new.${ZONE}`, 'A', '192.0.2.99'),
          record(`deep.x.y.${ZONE}`, 'TXT', '"below new empty non-terminals"'),
          record(`mail.${ZONE}`, 'AAAA', '2001:db8::25'),
          record(`other.wild.${ZONE}`, 'A', '192.0.2.77'),
        ],
      );
      expect(server.zones.apply(ZONE, change)).toBe('applied');
      expect(await check(`new.${ZONE}`, 'A')).toMatch(/; fully validated\n.*new\.example\.com\.\s+300\s+IN\s+A\s+192\.0\.2\.99/s);
      expect(await check(`deep.x.y.${ZONE}`, 'TXT')).toMatch(validated);
      expect(await check(`x.y.${ZONE}`, 'A')).toMatch(negative);
      expect(await check(`mail.${ZONE}`, 'A')).toMatch(negative);
      expect(await check(`mail.${ZONE}`, 'AAAA')).toMatch(validated);
      expect(await check(`other.wild.${ZONE}`, 'TXT')).toMatch(negative);
      expect(await check(`newer.${ZONE}`, 'A')).toMatch(negative);

      const removal = nextChange(
        server.zones.get(ZONE)!,
        [record(`new.${ZONE}`, 'A', '192.0.2.99'), record(`deep.x.y.${ZONE}`, 'TXT', '"below new empty non-terminals"')],
        [],
      );
      expect(server.zones.apply(ZONE, removal)).toBe('applied');
      const gone = await dig(server.port, `new.${ZONE}`, 'A', { args: ['+dnssec'] });
      expect(gone.rcode).toBe('NXDOMAIN');
      expect(await check(`new.${ZONE}`, 'A')).toMatch(negative);
      expect(await check(`x.y.${ZONE}`, 'A')).toMatch(negative);
      expect(await check(ZONE, 'SOA')).toMatch(validated);
    });

    it('a ZSK rollover validates at every step: pre-publish, activate, retire, delete', async () => {
      const [ksk, oldZsk] = settings.keys as [(typeof settings.keys)[0], (typeof settings.keys)[0]];
      const newZsk = generateCryptokey({ keytype: 'zsk', active: false });
      const steps = [
        { keys: [ksk, oldZsk, newZsk], signer: oldZsk.keyTag },
        { keys: [ksk, { ...oldZsk, active: false }, { ...newZsk, active: true }], signer: newZsk.keyTag },
        { keys: [ksk, { ...newZsk, active: true }], signer: newZsk.keyTag },
      ];
      for (const step of steps) {
        publishKeys(server, ZONE, { keys: step.keys, nsec3 });
        await server.signing.ready();
        expect(await check(`sip.${ZONE}`, 'AAAA')).toMatch(validated);
        expect(await check(`nothere.${ZONE}`, 'A')).toMatch(negative);
        const answer = await dig(server.port, `sip.${ZONE}`, 'AAAA', { client: 'kdig', args: ['+dnssec'] });
        const signers = answer.answer.filter((r) => r.includes(' RRSIG ')).map((r) => Number(r.split(' ')[10]));
        expect(signers).toEqual([step.signer]);
        const dnskey = await dig(server.port, ZONE, 'DNSKEY', { client: 'kdig', args: ['+dnssec'] });
        expect(dnskey.answer.filter((r) => r.split(' ')[3] === 'DNSKEY')).toHaveLength(step.keys.length);
      }
    });
  });
}
