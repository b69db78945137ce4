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
ns1       A     192.0.2.1
mail      A     192.0.2.25
mail      AAAA  2001:db8::25
`,
);

const additionalOf = (qname: string, qtype: number) => lookup(zone, qname, qtype).additional.map((rrset) => `${rrset.name} ${rrset.type}`);

describe('additional addresses', () => {
  it('adds the addresses of a target named by several records once (unlike PowerDNS, Knot and NSD)', () => {
    const mail = ['mail.example.com 1', 'mail.example.com 28'];
    expect(additionalOf('_sip._tcp.example.com', RRType.SRV)).toEqual(mail);
    expect(additionalOf('example.com', RRType.MX)).toEqual(mail);
    expect(additionalOf('svc.example.com', RRType.SVCB)).toEqual(mail);
  });
});
