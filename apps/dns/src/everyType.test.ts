import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseZoneFile } from '@kaja/dns-model';
import { dig, type DigResponse } from './testing/dig';
import { serveWithKnot, type KnotServer } from './testing/knot';
import { serveZones, type TestServer } from './testing/server';

// One zone file with every type the record model reads in presentation form, and others in RFC
// 3597 form, served by our standalone server and by Knot DNS: each name and type is asked of both
// with dig, and the answers must be the same record for record.
const zoneText = String.raw`$TTL 3600
$ORIGIN types.example.
@ SOA ns1 hostmaster 2024010101 7200 3600 1209600 300
@ NS ns1
@ NS ns2.example.net.
ns1 A 192.0.2.1
ns1 AAAA 2001:db8::1
@ MX 10 mail
@ MX 20 mail.example.net.
mail A 192.0.2.25
@ TXT "v=spf1 -all"
txt TXT "two" "strings" "with \"quotes\" and \\ and \010"
@ CAA 0 issue "letsencrypt.org"
@ CAA 128 issuewild ";"
alias CNAME www
www A 192.0.2.80
www AAAA 2001:db8::80
_sip._tcp SRV 10 60 5060 www
_443._tcp.www TLSA 3 1 1 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
www SSHFP 4 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
naptr NAPTR 100 10 "S" "SIP+D2U" "" _sip._udp
ptr PTR www
secure NS ns.secure
ns.secure A 192.0.2.53
secure DS 12345 13 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
svc SVCB 1 www alpn=h2,h3 port=8443
@ HTTPS 1 . alpn=h2 ipv4hint=192.0.2.80
key DNSKEY 257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==
key CDS 12345 13 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
key CDNSKEY 257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==
hinfo HINFO \# 8 0358383603424f53
dname DNAME \# 22 06746172676574057479706573076578616d706c6500
loc LOC \# 16 00121613899a1f807b7a4a5800989680
private TYPE65280 \# 2 abcd
`;

const questions = (() => {
  const { records, errors } = parseZoneFile(zoneText, { origin: 'types.example' });
  if (errors.length > 0) throw new Error(errors.map((e) => `line ${e.line}: ${e.message}`).join('; '));
  return [...new Map(records.map((r) => [`${r.name} ${r.type}`, [r.name, r.type] as const])).values()];
})();

function comparable(response: DigResponse) {
  const sorted = (lines: string[]) => lines.map((line) => line.toLowerCase()).sort();
  return {
    rcode: response.rcode,
    aa: response.flags.includes('aa'),
    answer: sorted(response.answer),
    authority: sorted(response.authority),
    additional: sorted(response.additional),
  };
}

describe('every type, compared with Knot DNS', () => {
  let ours: TestServer;
  let knot: KnotServer;
  beforeAll(async () => {
    ours = await serveZones({ 'types.example': zoneText });
    knot = await serveWithKnot({ 'types.example': zoneText });
  });
  afterAll(async () => {
    await ours?.close();
    await knot?.stop();
  });

  it('asks about more than twenty types', () => {
    expect(new Set(questions.map(([, type]) => type)).size).toBeGreaterThan(20);
  });

  it.each(questions)('answers %s %s as Knot does', async (name, type) => {
    const [a, b] = await Promise.all([
      dig(ours.port, name, type, { args: ['+norec', '+noedns'] }),
      dig(knot.port, name, type, { args: ['+norec', '+noedns'] }),
    ]);
    expect(comparable(a)).toEqual(comparable(b));
    expect(a.rcode).toBe('NOERROR');
  });
});
