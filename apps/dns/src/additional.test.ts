import { RRType } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { lookup } from './lookup';
import { loadZoneText } from './zoneFile';

const zone = loadZoneText(
  'example.com',
  `
$ORIGIN example.com.
$TTL 300
@         SOA   ns1 hostmaster 1 7200 3600 1209600 60
@         NS    ns1
@         MX    10 mail
@         MX    20 mail
_sip._tcp SRV   10 20 5060 mail
_sip._tcp SRV   20 20 5061 MAIL
svc       SVCB  1 mail
svc       SVCB  2 mail alpn=h2
chain     SVCB  1 svc
chain     SVCB  2 full
chain     SVCB  3 gone
chain     SVCB  4 elsewhere.net.
web       HTTPS 1 svc
full      A     192.0.2.30
full      AAAA  2001:db8::30
full      SVCB  1 .
ns1       A     192.0.2.1
mail      A     192.0.2.25
mail      AAAA  2001:db8::25
`,
);

const additionalOf = (qname: string, qtype: number) => lookup(zone, qname, qtype).additional.map((rrset) => `${rrset.name} ${rrset.type}`);
const targetProofs = (qname: string, qtype: number) =>
  lookup(zone, qname, qtype)
    .proofs.filter((proof) => proof.kind === 'targetNodata')
    .map((proof) => proof.name);

describe('additional addresses', () => {
  it('adds the addresses of a target named by several records once (unlike PowerDNS, Knot and NSD)', () => {
    const mail = ['mail.example.com 1', 'mail.example.com 28'];
    expect(additionalOf('_sip._tcp.example.com', RRType.SRV)).toEqual(mail);
    expect(additionalOf('example.com', RRType.MX)).toEqual(mail);
    expect(additionalOf('svc.example.com', RRType.SVCB)).toEqual(mail);
  });
});

describe('SVCB and HTTPS targets (RFC 9460 4.2, as Knot)', () => {
  it("adds an in-zone target's records of the answer's own type besides its addresses, one level deep", () => {
    expect(additionalOf('chain.example.com', RRType.SVCB)).toEqual(['svc.example.com 64', 'full.example.com 1', 'full.example.com 28', 'full.example.com 64']);
    // An HTTPS answer brings the target's HTTPS records, not its SVCB ones.
    expect(additionalOf('web.example.com', RRType.HTTPS)).toEqual([]);
  });

  it('asks a signed answer to prove what an existing in-zone target lacks of A, AAAA and the type; not for other types', () => {
    // svc has SVCB but no addresses; full has all three; gone is not in the zone; elsewhere.net is not ours.
    expect(targetProofs('chain.example.com', RRType.SVCB)).toEqual(['svc.example.com']);
    expect(targetProofs('web.example.com', RRType.HTTPS)).toEqual(['svc.example.com']);
    expect(targetProofs('svc.example.com', RRType.SVCB)).toEqual(['mail.example.com']);
    expect(targetProofs('example.com', RRType.MX)).toEqual([]);
    expect(targetProofs('_sip._tcp.example.com', RRType.SRV)).toEqual([]);
  });
});
