import { parseZoneFile, type ZoneRecord } from '@kaja/dns-model';

/**
 * A zone with every record type customers can create (except ALIAS, answered live; the types
 * added later at zz and below it), a wildcard, empty non-terminals (c, b.c, _tcp, _tcp.www, wild),
 * a delegation with a DS, delegations without one, and glue.
 */
export const TEST_ZONE = `
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
a.b.c              A     192.0.2.7
secure        3600 NS    ns.secure.example.com.
secure        3600 DS    12345 13 2 4b1b1b4e4c8a9c2e2b9f1e2d3c4b5a69788796a5b4c3d2e1f0e1d2c3b4a59687
ns.secure     3600 A     192.0.2.60
insecure      3600 NS    ns.insecure.example.com.
ns.insecure   3600 A     192.0.2.61
ns.insecure   3600 AAAA  2001:db8::61
elsewhere     3600 NS    ns1.example.net.
`;

export function zoneRecords(origin: string, text = TEST_ZONE): ZoneRecord[] {
  const parsed = parseZoneFile(text, { origin });
  if (parsed.errors.length > 0) throw new Error(parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join('; '));
  return parsed.records;
}

/**
 * A generated zone of about `target` records under `zone` (the signing benchmark's): hosts with
 * A, AAAA, TXT and MX records, CNAMEs, SRV under empty non-terminals, a wildcard, delegations
 * with glue and some with a DS.
 */
export function generatedZoneFile(zone: string, target: number): string {
  const lines = [
    `$ORIGIN ${zone}.`,
    '$TTL 3600',
    `@ SOA ns1.${zone}. hostmaster.${zone}. 2026112201 7200 3600 1209600 300`,
    `@ NS ns1.${zone}.`,
    `@ NS ns2.example.net.`,
    `@ MX 10 mail.${zone}.`,
    '@ TXT "v=spf1 mx -all"',
    'ns1 A 192.0.2.53',
    '*.wild TXT "wildcard"',
  ];
  for (let i = 0; lines.length - 2 < target; i++) {
    const v4 = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    lines.push(`host-${i} A ${v4}`);
    if (i % 4 === 0) lines.push(`host-${i} AAAA 2001:db8::${(i & 0xffff).toString(16)}`);
    if (i % 10 === 0) lines.push(`host-${i} TXT "record ${i}"`);
    if (i % 20 === 0) lines.push(`host-${i} MX 10 mail.${zone}.`);
    if (i % 25 === 0) lines.push(`alias-${i} CNAME host-${i}.${zone}.`);
    if (i % 50 === 0) lines.push(`_sip._tcp.svc-${i} SRV 10 60 5060 host-${i}.${zone}.`);
    if (i % 500 === 0) {
      lines.push(`sub-${i} NS ns.sub-${i}.${zone}.`, `ns.sub-${i} A ${v4}`);
      if (i % 1000 === 0) lines.push(`sub-${i} DS ${i % 65536} 13 2 ${'ab'.repeat(32)}`);
    }
  }
  return lines.join('\n') + '\n';
}
