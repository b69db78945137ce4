import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeMessage, emptyMessage, encodeMessage, parseZoneFile, typeCode, typeName, type Message, type ResourceRecord } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveByBoth, type ServedByBoth } from './testing/knotComparison';
import { udpExchange } from './testing/packets';

/*
 * A differential test: the model's every-type zone, with names added for the answer algorithm's
 * cases (wildcards, a delegation with glue, DNAME, CNAME chains, targets named twice, empty
 * non-terminals, private-use and unknown types), served unsigned by our standalone server and by
 * Knot DNS. Every owner is asked every type the zone holds plus the meta and DNSSEC types, and
 * names that do not exist, with and without EDNS; rcode, flags and each section's records must be
 * the same, or the difference must be one listed in `policy` (decision "Where our answers differ
 * from Knot DNS's, and why").
 */

const fixture = readFileSync(createRequire(import.meta.url).resolve('@kaja/dns-model/fixtures/every-type.zone'), 'utf8');
const ZONE = 'every-type.example';
const zoneText = `${fixture}
$ORIGIN ${ZONE}.
private       300 TYPE65300 \\# 4 0A000001
private       300 TYPE65534 \\# 0
unknown       300 TYPE999 \\# 2 abcd
*.wild        300 TXT "from the wildcard"
*.wild        300 MX 10 mail2
a.b.ent       300 A 192.0.2.7
deleg         300 NS ns.deleg
deleg         300 NS ns.elsewhere.net.
ns.deleg      300 A 192.0.2.60
moved         300 DNAME example.net.
c1            300 CNAME c2
c2            300 CNAME mail2
mail2         300 A 192.0.2.25
mail2         300 AAAA 2001:db8::25
_sip._tcp     300 SRV 10 20 5060 mail2
_sip._tcp     300 SRV 20 20 5061 mail2
mx2           300 MX 10 mail2
mx2           300 MX 20 mail2
svc2          300 SVCB 1 mail2
`;

/**
 * Differences that are choices, each with its reason; a difference not matched here fails the test.
 * `applies` sees the question and both answers.
 */
const policy: { reason: string; applies: (q: Question, ours: Message, knot: Message) => boolean }[] = [
  {
    reason: 'ANY gets one RRset of the name (RFC 8482); Knot answers ANY over UDP with a HINFO record of its own making',
    applies: (q) => q.type === 'ANY',
  },
  {
    reason: 'A target named by several records has its addresses in the additional section once; Knot repeats them',
    applies: (_q, ours, knot) =>
      JSON.stringify(comparable(ours)) === JSON.stringify({ ...comparable(knot), additional: [...new Set(comparable(knot).additional)] }),
  },
];

interface Question {
  name: string;
  type: string;
  edns: boolean;
}

const questions: Question[] = (() => {
  const { records, errors } = parseZoneFile(zoneText, { origin: ZONE });
  if (errors.length > 0) throw new Error(errors.map((e) => `line ${e.line}: ${e.message}`).join('; '));
  const owners = [...new Set(records.map((r) => r.name))];
  const types = [...new Set([...records.map((r) => r.type), 'NSEC', 'NSEC3', 'RRSIG', 'ANY', 'DS', 'DNSKEY', 'TYPE4242'])];
  const names = [
    ...owners,
    `nothere.${ZONE}`,
    `x.a.b.ent.${ZONE}`,
    `b.ent.${ZONE}`,
    `ent.${ZONE}`,
    `foo.wild.${ZONE}`,
    `a.b.wild.${ZONE}`,
    `host.deleg.${ZONE}`,
    `x.moved.${ZONE}`,
  ];
  return names.flatMap((name) => types.flatMap((type) => [true, false].map((edns) => ({ name, type, edns }))));
})();

async function ask(port: number, q: Question): Promise<Message> {
  const message = emptyMessage({
    id: 4242,
    questions: [{ name: q.name, type: typeCode(q.type), class: 1 }],
    edns: q.edns ? { udpSize: 1232, version: 0, do: false, flags: 0, options: [] } : undefined,
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const reply = await udpExchange(port, encodeMessage(message), 2000);
    if (reply) return decodeMessage(reply);
  }
  throw new Error(`no answer to ${q.name} ${q.type} on port ${port}`);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const lines = (records: ResourceRecord[]) => records.map((r) => `${r.name.toLowerCase()} ${r.ttl} ${typeName(r.type)} ${hex(r.rdata)}`).sort();
const comparable = (m: Message) => ({
  rcode: m.rcode,
  aa: m.aa,
  tc: m.tc,
  answer: lines(m.answers),
  authority: lines(m.authorities),
  additional: lines(m.additionals.filter((r) => typeName(r.type) !== 'OPT')),
});

describe('answers compared with Knot DNS, question by question', () => {
  let both: ServedByBoth;
  beforeAll(async () => {
    both = await serveByBoth({ [ZONE]: zoneText });
  });
  afterAll(() => both?.close());

  it('unsigned: every difference from Knot is a documented one', async () => {
    let identical = 0;
    const documented = new Map<string, number>();
    const defects: string[] = [];
    for (let i = 0; i < questions.length; i += 32) {
      await Promise.all(
        questions.slice(i, i + 32).map(async (q) => {
          const [ours, knot] = await Promise.all([ask(both.ours.port, q), ask(both.knot.port, q)]);
          const a = comparable(ours);
          const b = comparable(knot);
          if (JSON.stringify(a) === JSON.stringify(b)) return void identical++;
          const rule = policy.find((p) => p.applies(q, ours, knot));
          if (rule) documented.set(rule.reason, (documented.get(rule.reason) ?? 0) + 1);
          else defects.push(`${q.name} ${q.type}${q.edns ? ' +edns' : ''}:\n  ours ${JSON.stringify(a)}\n  knot ${JSON.stringify(b)}`);
        }),
      );
    }
    console.log(
      `unsigned: ${questions.length} questions, ${identical} identical, ${[...documented.values()].reduce((n, c) => n + c, 0)} documented differences, ${defects.length} defects`,
    );
    expect(defects.slice(0, 20)).toEqual([]);
  }, 120_000);
});
