import { RRType, typeName } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { lookup } from '../lookup';
import { zoneRecords } from '../xfr';
import { loadZoneText } from '../zoneFile';

const sig = (covered: string, ttl: number) => `${covered} 13 2 ${ttl} 20370101000000 20260101000000 12345 example.com. AAAA`;
const NSEC3_OWNER = '0p9mhaveqvm6t7vbl5lop2u3t2rp3tom.example.com';

// A presigned zone whose owners carry RRSIGs of several TTLs, each its covered RRset's (RFC 4034 3).
const zone = loadZoneText(
  'example.com',
  `
$ORIGIN example.com.
@ 86400 SOA ns1 hostmaster 1 7200 3600 1209600 60
@ 86400 RRSIG ${sig('SOA', 86400)}
@ 3600 NS ns1
@ 3600 RRSIG ${sig('NS', 3600)}
@ 3600 DNSKEY 257 3 13 AAAA
@ 3600 RRSIG ${sig('DNSKEY', 3600)}
ns1 86400 TXT "x"
ns1 86400 RRSIG ${sig('TXT', 86400)}
ns1 3600 A 192.0.2.1
ns1 3600 RRSIG ${sig('A', 3600)}
${NSEC3_OWNER}. 60 NSEC3 1 0 0 - 0P9MHAVEQVM6T7VBL5LOP2U3T2RP3TOM A RRSIG
${NSEC3_OWNER}. 60 RRSIG NSEC3 13 3 60 20370101000000 20260101000000 12345 example.com. AAAA
`,
);

const described = (records: { name: string; type: number; ttl: number; rdata: Uint8Array }[]) =>
  records.map((r) => `${r.name} ${r.ttl} ${typeName(r.type)}${r.type === RRType.RRSIG ? ` ${typeName((r.rdata[0]! << 8) | r.rdata[1]!)}` : ''}`);

describe('the RRSIGs of a presigned zone', () => {
  it('keep each its own TTL in a qtype RRSIG answer', () => {
    const answer = lookup(zone, 'ns1.example.com', RRType.RRSIG).answer;
    const records = answer.flatMap((rrset) => rrset.rdata.map((rdata) => ({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, rdata })));
    expect(described(records).sort()).toEqual(['ns1.example.com 3600 RRSIG A', 'ns1.example.com 86400 RRSIG TXT']);
  });

  it('keep each its own TTL in AXFR, and the NSEC3 chain goes out with them', () => {
    const records = described(zoneRecords(zone));
    expect(records.filter((r) => r.startsWith('ns1.')).sort()).toEqual([
      'ns1.example.com 3600 A',
      'ns1.example.com 3600 RRSIG A',
      'ns1.example.com 86400 RRSIG TXT',
      'ns1.example.com 86400 TXT',
    ]);
    expect(records.filter((r) => r.startsWith('example.com ')).sort()).toEqual([
      'example.com 3600 DNSKEY',
      'example.com 3600 NS',
      'example.com 3600 RRSIG DNSKEY',
      'example.com 3600 RRSIG NS',
      'example.com 86400 RRSIG SOA',
      'example.com 86400 SOA',
      'example.com 86400 SOA',
    ]);
    expect(records.filter((r) => r.startsWith(NSEC3_OWNER)).sort()).toEqual([`${NSEC3_OWNER} 60 NSEC3`, `${NSEC3_OWNER} 60 RRSIG NSEC3`]);
  });
});
