import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodeMessage,
  emptyMessage,
  encodeMessage,
  parseZoneFile,
  Rcode,
  RRType,
  typeCode,
  typeName,
  type Message,
  type ResourceRecord,
} from '@kaja/dns-model';
import { readRrsig, RRSIG_TYPE, verifyRrsig, type Cryptokey } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningSettings } from './keySource';
import { delv, writeTrustAnchor } from '@kaja/test-support/delv';
import { serveByBoth, type ServedByBoth } from './testing/knotComparison';
import { udpExchange } from './testing/packets';
import { freshSettings } from './testing/signedServer';

/*
 * A differential test: the model's every-type zone, with names added for the answer algorithm's
 * cases (wildcards, a delegation with glue, DNAME, CNAME chains, targets named twice, SVCB
 * targets with SVCB records or not in the zone, empty non-terminals, private-use and unknown
 * types), served by our standalone server and by Knot DNS.
 * Every owner is asked every type the zone holds plus the meta and DNSSEC types, and names that
 * do not exist; rcode, flags and each section's records must be the same, or the difference must
 * be one listed in `policy` (decision "Where our answers differ from Knot DNS's, and why").
 *
 * Three modes. Unsigned: each question with and without EDNS. NSEC and NSEC3: the zone signed by
 * both with the same keys (ours online, Knot with them imported, under a manual policy), each
 * question without EDNS, with EDNS, and with DO; every question is asked, none sampled (the run
 * takes seconds). Signatures cannot be byte-equal (each signer picks its validity period, ECDSA
 * signatures are randomised), so an RRSIG is compared by type covered, algorithm, labels,
 * original TTL, key tag and signer (with owner and TTL), and each RRSIG of ours must verify over
 * the RRset it covers in the same section. Proofs (NSEC/NSEC3 records) are compared record for
 * record: neither server tells white lies, both serve the zone's chain. On top, delv validates
 * our negative and wildcard answers from the zone's trust anchor: the first few distinct proofs
 * of each kind.
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
svc3          300 SVCB 1 svc2
svc4          300 HTTPS 1 gone
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
  {
    reason: 'qtype NSEC at a name a wildcard stands for (with DO) carries the proof that the name itself does not exist (RFC 4035 3.1.3.3); Knot leaves it out',
    applies: (q, ours, knot) =>
      q.type === 'NSEC' &&
      knot.authorities.length === 0 &&
      ours.authorities.every(isDenial) &&
      JSON.stringify(comparable(ours)) === JSON.stringify(comparable({ ...knot, authorities: ours.authorities })),
  },
];

/** An NSEC or NSEC3 record, or the RRSIG of one. */
function isDenial(r: ResourceRecord): boolean {
  const type = r.type === RRSIG_TYPE ? readRrsig(r.rdata).typeCovered : r.type;
  return type === RRType.NSEC || type === RRType.NSEC3;
}

interface Question {
  name: string;
  type: string;
  edns: boolean;
  /** DO set (with EDNS): a signed zone's answer comes with its RRSIGs and proofs. */
  dnssec?: boolean;
}

/** Every name asked (owners, names below them that do not exist, an empty non-terminal) × every type. */
const asked: { name: string; type: string }[] = (() => {
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
  return names.flatMap((name) => types.map((type) => ({ name, type })));
})();

async function ask(port: number, q: Question): Promise<Message> {
  const message = emptyMessage({
    id: 4242,
    questions: [{ name: q.name, type: typeCode(q.type), class: 1 }],
    edns: q.edns ? { udpSize: 1232, version: 0, do: q.dnssec ?? false, flags: 0, options: [] } : undefined,
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const reply = await udpExchange(port, encodeMessage(message), 2000);
    if (reply) return decodeMessage(reply);
  }
  throw new Error(`no answer to ${q.name} ${q.type} on port ${port}`);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * An RRSIG without what differs between two signers holding the same keys: the validity period
 * (each signer picks its own) and the signature (ECDSA signatures are randomised). What is left —
 * type covered, algorithm, labels, original TTL, key tag, signer — must be the same; that our
 * signatures are good is checked apart, by verifying each against the RRset it covers.
 */
function rdataText(type: number, rdata: Uint8Array): string {
  if (type !== RRSIG_TYPE) return hex(rdata);
  const f = readRrsig(rdata);
  return `${typeName(f.typeCovered)} ${f.algorithm} ${f.labels} ${f.originalTtl} ${f.keyTag} ${f.signer.toLowerCase()}`;
}
const lines = (records: ResourceRecord[]) => records.map((r) => `${r.name.toLowerCase()} ${r.ttl} ${typeName(r.type)} ${rdataText(r.type, r.rdata)}`).sort();
const comparable = (m: Message) => ({
  rcode: m.rcode,
  aa: m.aa,
  tc: m.tc,
  answer: lines(m.answers),
  authority: lines(m.authorities),
  additional: lines(m.additionals.filter((r) => typeName(r.type) !== 'OPT')),
});

/**
 * The RRSIGs of an answer that do not verify: each must cover an RRset of its section (same owner,
 * the type covered) and verify over it with the zone's key of its key tag. `verified` remembers
 * signatures already checked (the server serves the same ones again from its cache).
 */
function badSignatures(q: Question, m: Message, keys: readonly Cryptokey[], verified: Set<string>): string[] {
  const bad: string[] = [];
  for (const section of [m.answers, m.authorities, m.additionals]) {
    for (const sig of section.filter((r) => r.type === RRSIG_TYPE)) {
      const fields = readRrsig(sig.rdata);
      const name = sig.name.toLowerCase();
      const rdata = section.filter((r) => r.type === fields.typeCovered && r.name.toLowerCase() === name).map((r) => r.rdata);
      const key = keys.find((k) => k.keyTag === fields.keyTag);
      // Asked for RRSIGs, the answer holds them alone: what they cover comes with other questions.
      if (rdata.length === 0 && q.type === 'RRSIG') continue;
      const id = `${hex(sig.rdata)} ${name} ${rdata.map(hex).sort().join(' ')}`;
      if (verified.has(id)) continue;
      const covered = { name, type: fields.typeCovered, ttl: fields.originalTtl, rdata };
      if (key && rdata.length > 0 && verifyRrsig(covered, sig.rdata, key.dnskey, Date.now() / 1000)) verified.add(id);
      else bad.push(`${name} RRSIG ${typeName(fields.typeCovered)} (key ${fields.keyTag}) does not verify`);
    }
  }
  return bad;
}

/** What a proof of ours proves, for the sample checked by delv; undefined for an answer that carries none. */
function proofKind(q: Question, m: Message): string | undefined {
  const denial = m.authorities.filter((r) => r.type === RRType.NSEC || r.type === RRType.NSEC3);
  // A referral's proof is checked where a validator meets it: the DS question at the cut.
  if (m.authorities.some((r) => r.type === RRType.NS)) return undefined;
  // The NSEC RRset the signer answers qtype NSEC with validates like any signed RRset.
  if (q.type === 'NSEC' && m.answers.some((r) => r.type === RRType.NSEC)) return 'NSEC answer';
  if (denial.length === 0) return undefined;
  if (m.rcode === Rcode.NXDOMAIN) return 'nxdomain';
  if (m.answers.length > 0) return 'wildcard answer';
  return q.type === 'DS' ? 'no DS' : 'nodata';
}

interface Mode {
  name: string;
  /** The denial a signed mode uses; unsigned when absent. */
  nsec3?: boolean;
  questions: Question[];
}

const modes: Mode[] = [
  { name: 'unsigned', questions: asked.flatMap((q) => [true, false].map((edns) => ({ ...q, edns }))) },
  ...[false, true].map((nsec3) => ({
    name: nsec3 ? 'NSEC3' : 'NSEC',
    nsec3,
    questions: asked.flatMap((q) => [
      { ...q, edns: false },
      { ...q, edns: true },
      { ...q, edns: true, dnssec: true },
    ]),
  })),
];

/** Proofs of each kind that delv validates, per signed mode: the first distinct ones (by their NSEC/NSEC3 owners). */
const PROOFS_PER_KIND = 6;

/** Question types delv does not ask as such (meta types) or we do not check with it (NSEC3 at a name). */
const notForDelv = new Set(['ANY', 'RRSIG', 'NSEC3']);

describe.each(modes)('answers compared with Knot DNS, question by question: $name', (mode) => {
  let both: ServedByBoth;
  let settings: SigningSettings | undefined;
  let dir: string;
  beforeAll(async () => {
    settings = mode.nsec3 === undefined ? undefined : freshSettings(mode.nsec3);
    both = await serveByBoth({ [ZONE]: zoneText }, settings ? { [ZONE]: settings } : {});
    dir = await mkdtemp(join(tmpdir(), 'kaja-differential-'));
  });
  afterAll(async () => {
    await both?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('every difference from Knot is a documented one', async () => {
    let identical = 0;
    const documented = new Map<string, number>();
    const defects: string[] = [];
    const verified = new Set<string>();
    const proofs = new Map<string, Map<string, Question>>();
    for (let i = 0; i < mode.questions.length; i += 32) {
      await Promise.all(
        mode.questions.slice(i, i + 32).map(async (q) => {
          const [ours, knot] = await Promise.all([ask(both.ours.port, q), ask(both.knot.port, q)]);
          const label = `${q.name} ${q.type}${q.edns ? ' +edns' : ''}${q.dnssec ? ' +do' : ''}`;
          if (settings && q.dnssec) {
            for (const bad of badSignatures(q, ours, settings.keys, verified)) defects.push(`${label}: ${bad}`);
            const kind = proofKind(q, ours);
            // The apex's DS is the parent's to prove: delv would go looking for the parent.
            if (kind && !notForDelv.has(q.type) && !(q.type === 'DS' && q.name === ZONE)) {
              const owners = [...ours.answers, ...ours.authorities]
                .filter((r) => r.type === RRType.NSEC || r.type === RRType.NSEC3)
                .map((r) => r.name.toLowerCase())
                .sort()
                .join(' ');
              let sample = proofs.get(kind);
              if (!sample) proofs.set(kind, (sample = new Map()));
              if (sample.size < PROOFS_PER_KIND && !sample.has(owners)) sample.set(owners, q);
            }
          }
          const a = comparable(ours);
          const b = comparable(knot);
          if (JSON.stringify(a) === JSON.stringify(b)) return void identical++;
          const rule = policy.find((p) => p.applies(q, ours, knot));
          if (rule) documented.set(rule.reason, (documented.get(rule.reason) ?? 0) + 1);
          else defects.push(`${label}:\n  ours ${JSON.stringify(a)}\n  knot ${JSON.stringify(b)}`);
        }),
      );
    }
    if (settings) {
      // Our proofs, judged by a validator from the zone's trust anchor.
      const anchors = join(dir, 'anchors.conf');
      await writeTrustAnchor(
        anchors,
        ZONE,
        settings.keys.find((k) => k.keytype === 'ksk')!,
      );
      for (const [kind, sample] of proofs) {
        for (const q of sample.values()) {
          const out = await delv(both.ours.port, anchors, ZONE, q.name, q.type);
          const expected = kind === 'wildcard answer' || kind === 'NSEC answer' ? /; fully validated/ : /; negative response, fully validated/;
          if (!expected.test(out)) defects.push(`${q.name} ${q.type} (${kind}): delv does not validate our answer:\n${out}`);
        }
      }
      console.log(`${mode.name}: proofs of ours checked by delv: ${[...proofs].map(([kind, sample]) => `${sample.size} ${kind}`).join(', ')}`);
    }
    console.log(
      `${mode.name}: ${mode.questions.length} questions, ${identical} identical, ${[...documented.values()].reduce((n, c) => n + c, 0)} documented differences, ${defects.length} defects`,
    );
    for (const [reason, count] of documented) console.log(`  ${count} × ${reason}`);
    expect(defects.slice(0, 20)).toEqual([]);
  }, 120_000);
});
