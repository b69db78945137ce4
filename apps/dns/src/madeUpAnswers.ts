import { compressionPointers, fromBase32Hex, nameToWire, RRType, type QueryView } from '@kaja/dns-model';
import { nextCloser, wildcardOf } from '@kaja/dnssec';
import type { Answer } from './answer';
import { ancestors } from './ancestors';
import { closestEncloser } from './wildcard';
import { Variant, type AnswerCache, type CachedAnswer } from './answerCache';
import { chainPosition, digestPosition, nsec3Chain, type Nsec3Chain } from './nsec3Chain';
import type { Counter } from './queryCounts';
import type { ZoneVersions } from './nativeAnswers';
import type { Zone } from './zone';
import type { ZoneSigner } from './zoneSigner';
import type { ZoneStore } from './zoneStore';

/**
 * The variant of an encloser's entry in the answer cache: its question is the encloser's name
 * with type 0, and its wire, after the question, the encloser's children (`childrenWire`). Also
 * that of a zone's NSEC3 chain (`nsec3Chain.ts`), whose question is the apex with type NSEC3.
 */
export const ENCLOSER_VARIANT = 3;

/** In a template's key, the variant of an answer with DO in a zone whose NSEC3 chain the addon holds. */
const HASHED = 3;

/**
 * The variant of a template for names in the `gap`-th gap between an encloser's children, asked
 * with `variant`. Only NSEC denials differ from gap to gap: the other answers (without DO, of an
 * unsigned zone, of an NSEC3 zone with its cover added by the addon) are keyed by the encloser
 * alone, as gap 0.
 */
export function templateVariant(gap: number, variant: number): number {
  return 4 + gap * 4 + variant;
}

/**
 * Zones with more names answer made-up names as before: listing an encloser's children reads
 * every name of the zone on the event loop, about a microsecond each (the bench zone's 11,000
 * children of its apex: 12 ms), once for each version of the zone.
 */
const MAX_ZONE_NAMES = 20_000;
/**
 * While its zone keeps changing, an encloser's children are listed again at most once in this
 * many milliseconds per name of the zone: listing then takes at most about 2 % of the thread
 * (0.7 s between listings for 14,000 names, at once for a small zone).
 */
const RELIST_MS_PER_NAME = 0.05;
/** Templates larger than the largest UDP answer would never be served. */
const MAX_TEMPLATE = 1232 + 255;

interface Children {
  version: number;
  /** Each child's first label in wire form ([length, octets]), lowercase, in canonical order (RFC 4034 6.1). */
  labels: Uint8Array[];
  listed: number;
}

interface Chain {
  version: number;
  /** The signatures it holds: those its signer kept by then (a signature renewed or made for new keys is another). */
  signer: ZoneSigner | undefined;
  written: number;
  /** Undefined while it is made, while a record's signature is not made ahead yet, or for a zone signed otherwise. */
  chain: Nsec3Chain | undefined;
  /** When it was last begun, and how long that held the event loop (0 while under way), in milliseconds. */
  begun: number;
  took: number;
  /** Settles when the making ends, made or not. */
  made: Promise<void>;
}

/** Where a template leaves room for the NSEC3 covering the next closer name, and the chain's positions of its other NSEC3s. */
interface Cover {
  start: number;
  end: number;
  records: number;
  others: number[];
}

/** No position: a template without room for a cover, or with fewer than two other NSEC3s. */
const NO_POSITION = 0xffffffff;

/**
 * Answers to names a zone does not hold, made once for all the names like them (decision 095). The
 * answer to a made-up name (NXDOMAIN, a wildcard's expansion, a referral below a cut) depends on
 * the zone, its closest encloser (the deepest ancestor the zone holds), in which gap between the
 * encloser's children the next label falls, the type and the EDNS variant, and on nothing else
 * but the question, when the zone has no DNAME and its denials are NSEC (each NSEC covers a whole
 * gap; an NSEC3 covers a range of hashes). So the first such answer is kept, its question cut
 * down to the encloser, as a template in the answer cache, beside the encloser's list of children;
 * the addon (native/cached_answers.c) finds the encloser of a name it has no answer for, the gap
 * its label falls in, and the template, and writes the answer with the query's own question.
 * Every rule of the answer stays in TypeScript: the addon only finds which answer made here is
 * the same answer. An NSEC3 denial depends on the hash of the next closer name too: where the
 * zone is signed here, its template leaves out the NSEC3 that covers that hash, and the addon,
 * given the zone's chain as signed ahead, hashes the name asked and puts the record it falls in there.
 */
export class MadeUpAnswers {
  private readonly children = new WeakMap<Zone, Map<string, Children>>();
  private readonly chains = new WeakMap<Zone, Chain>();

  constructor(
    private readonly zones: ZoneStore,
    private readonly cache: AnswerCache,
    private readonly versions: ZoneVersions,
    /** The signer of a zone signed here (undefined for others). */
    private readonly signerOf: (zone: Zone) => ZoneSigner | undefined = () => undefined,
  ) {}

  /**
   * Keeps the answer `wire` (encoded for `query`, at most `TCP_MAX`, its question lowercase) as the
   * template for every name like the query's; false when it cannot stand for them.
   */
  keep(query: QueryView, answer: Answer, wire: Uint8Array, variant: number, counter: Counter, kind: number, answersCell: number): boolean {
    const zone = answer.zone;
    if (!zone || zone.hasDname || zone.nodes.size > MAX_ZONE_NAMES || wire.length > MAX_TEMPLATE) return false;
    if (query.qtype === RRType.NSEC || query.qtype === RRType.NSEC3 || query.qtype === RRType.RRSIG) return false;
    const encloser = closestEncloser(zone, ancestors(query.qname, zone.name));
    // A zone hosted below the encloser answers names the encloser's children do not show.
    if (encloser === undefined || this.zones.hasZoneBelow(encloser)) return false;
    const nameEnd = query.questionEnd - 4;
    const encloserWire = nameToWire(encloser);
    const labelAt = nextLabel(wire, nameEnd, encloserWire.length);
    const children = this.childrenOf(zone, encloser);
    if (labelAt < 0 || children === undefined) return false;
    const gap = gapOf(children.labels, wire, labelAt);
    if (gap < 0) return false;
    const chain = variant === Variant.EdnsDo ? this.chainOf(zone) : undefined;
    if (chain === undefined && hashedDenial(answer)) return false;
    const encloserEnd = 12 + encloserWire.length;
    const templateKey = chain ? templateVariant(0, HASHED) : templateVariant(variant === Variant.EdnsDo ? gap : 0, variant);
    // Asked of JavaScript again (too long for the client's UDP size, over TCP): the template stands.
    if (this.cache.get(encloserQuestion(encloserWire, wire, nameEnd), encloserEnd, templateKey)) return true;
    const cover = chain ? coverIn(wire, answer, chain, query.qname, encloser) : undefined;
    if (cover === null) return false;
    const template = templateOf(wire, nameEnd, encloserWire.length, cover);
    if (template === undefined) return false;

    const zoneCell = this.versions.cell(zone);
    const entry = (wire: Uint8Array, variant: number, counter: Counter, kind: number, answersCell: number): CachedAnswer => ({
      variant,
      wire,
      zone,
      version: zone.version,
      counter,
      kind,
      zoneCell,
      answersCell,
    });
    const apexLength = nameToWire(zone.name).length;
    if (this.cache.get(childrenWire(encloserWire, 0, []), encloserEnd, ENCLOSER_VARIANT) === undefined) {
      const list = childrenWire(encloserWire, apexLength, children.labels);
      this.cache.set(list, encloserEnd, entry(list, ENCLOSER_VARIANT, { count: 0 }, 0, 0));
    }
    if (chain) {
      const apexEnd = 12 + apexLength;
      if (this.cache.get(chain.wire, apexEnd, ENCLOSER_VARIANT)?.wire !== chain.wire)
        this.cache.set(chain.wire, apexEnd, entry(chain.wire, ENCLOSER_VARIANT, { count: 0 }, 0, 0));
    }
    if (this.cache.admits(template, encloserEnd, templateKey, false)) {
      this.cache.set(template, encloserEnd, entry(template, templateKey, counter, kind, answersCell));
    }
    return true;
  }

  /**
   * A zone `name` came or went: the encloser lists of the names above it, in the zones that hold
   * them, no longer show every name they answer (`hasZoneBelow` keeps them from coming back).
   */
  forgetAbove(name: string): void {
    for (const ancestor of ancestors(name, '').slice(1)) {
      const key = childrenWire(nameToWire(ancestor), 0, []);
      this.cache.forgetQuestion(key, key.length - 12, ENCLOSER_VARIANT);
    }
  }

  /**
   * The encloser's children as the zone has them now; listed again after a change, not more often
   * than `RELIST_MS_PER_NAME` allows (undefined meanwhile: the answer is not kept).
   */
  private childrenOf(zone: Zone, encloser: string): Children | undefined {
    let lists = this.children.get(zone);
    if (!lists) this.children.set(zone, (lists = new Map<string, Children>()));
    const known = lists.get(encloser);
    if (known?.version === zone.version) return known;
    const now = performance.now();
    if (known && now - known.listed < zone.nodes.size * RELIST_MS_PER_NAME) return undefined;
    const listed: Children = { version: zone.version, labels: listChildren(zone, encloser), listed: now };
    lists.set(encloser, listed);
    return listed;
  }

  /**
   * Lists the children of a zone's apex, the encloser of most made-up names, and has its NSEC3
   * chain made where it is signed here with NSEC3, ahead of the first made-up names asked after a
   * start, new keys or a zone loaded anew (with the answers made ahead, decision 094). Resolves
   * once the chain's making has ended, when a made-up name's denial can be kept as a template.
   */
  async prepare(zone: Zone): Promise<void> {
    // A larger zone keeps no templates (see `keep`): neither would be read.
    if (zone.nodes.size > MAX_ZONE_NAMES) return;
    this.childrenOf(zone, zone.name);
    this.chainOf(zone);
    await this.chains.get(zone)?.made;
  }

  /**
   * The zone's NSEC3 chain where it is signed here with NSEC3; undefined for other zones, and while
   * it is made, in slices of the event loop, after the zone or its signatures changed. Made again
   * at most once in fifty times as long as the last held the loop: about 2 % of the thread at most.
   */
  private chainOf(zone: Zone): Nsec3Chain | undefined {
    const signer = this.signerOf(zone);
    const written = signer?.signatures.written ?? 0;
    const known = this.chains.get(zone);
    const current = (chain: Chain) => chain.version === zone.version && chain.signer === signer && chain.written === written;
    if (known && current(known)) return known.chain;
    if (known && (known.took === 0 || performance.now() - known.begun < known.took * 50)) return undefined;
    if (signer?.zone !== zone || zone.name === '') return undefined;
    const begun = performance.now();
    const making: Chain = { version: zone.version, signer, written, chain: undefined, begun, took: 0, made: Promise.resolve() };
    this.chains.set(zone, making);
    const stillCurrent = () => this.chains.get(zone) === making && zone.version === making.version && signer.signatures.written === written;
    making.made = nsec3Chain(nameToWire(zone.name), signer, stillCurrent).then(
      ({ chain, busyMs }) => {
        making.took = Math.max(busyMs, 0.01);
        if (stillCurrent()) making.chain = chain;
      },
      (error: unknown) => {
        making.took = 1;
        console.error(
          `dns: the NSEC3 chain of ${zone.name} was not made for the addon (${(error as Error).message}); its made-up names are answered in JavaScript`,
        );
      },
    );
    return undefined;
  }
}

/** The denials whose NSEC3s include the one covering the next closer name's hash (RFC 5155 7.2.1, 7.2.5, 7.2.6). */
const COVERED = new Set(['nxdomain', 'wildcardNodata', 'wildcardAnswer']);

/**
 * Where the signed answer `wire` to `qname` (a name of `chain`'s zone below `encloser`) holds the
 * NSEC3 covering the hash of the next closer name and its signatures, and the chain's positions of
 * its other NSEC3s: no room (`start` 0) for an answer that holds no such record (a referral, its
 * cut's NSEC3 the same for every name below it). Null when the template would not stand for other
 * names: a denial of other names too (a CNAME's target), an NSEC3 outside the authority section (a
 * proof about an SVCB target), or a cover that is also the encloser's NSEC3 or its wildcard's
 * (listed once, it shows no place for another name's).
 */
function coverIn(wire: Uint8Array, answer: Answer, chain: Nsec3Chain, qname: string, encloser: string): Cover | null {
  const denials = answer.proofs.filter((proof) => proof.kind !== 'insecureDelegation');
  let position = -1;
  if (denials.length > 1) return null;
  if (denials.length === 1) {
    const proof = denials[0]!;
    if (!COVERED.has(proof.kind) || !('name' in proof) || proof.name !== qname) return null;
    position = chainPosition(chain, nextCloser(qname, encloser));
    if (position === chainPosition(chain, encloser) || position === chainPosition(chain, wildcardOf(encloser))) return null;
  }
  const cover: Cover = { start: 0, end: 0, records: 0, others: [] };
  const count = (at: number) => (wire[at]! << 8) | wire[at + 1]!;
  let at = 12;
  for (let q = count(4); q > 0; q--) at = nameEnd(wire, at) + 4;
  let inCover = false;
  const answers = count(6);
  const authority = count(8);
  for (let r = 0; r < answers + authority + count(10); r++) {
    const start = at;
    const type = count((at = nameEnd(wire, at)));
    at += 10 + count(at + 8);
    // A record's signatures follow it.
    if (inCover && type !== RRType.RRSIG) inCover = false;
    if (inCover) {
      cover.end = at;
      cover.records++;
    }
    if (type !== RRType.NSEC3) continue;
    // An NSEC3's owner is its hash's label, the zone's name after it.
    if (r < answers || r >= answers + authority || wire[start] !== 32) return null;
    const own = digestPosition(chain, fromBase32Hex(latin1.decode(wire.subarray(start + 1, start + 33)), 'an NSEC3 owner'));
    if (own !== position) {
      cover.others.push(own);
      continue;
    }
    inCover = true;
    cover.start = start;
    cover.end = at;
    cover.records = 1;
  }
  // A denial without its cover (none, or one that is not this chain's) is not one the addon can complete.
  if (position >= 0 && cover.start === 0) return null;
  return cover.others.length > 2 ? null : cover;
}

const latin1 = new TextDecoder('latin1');

/** The offset just past the name at `at`. */
function nameEnd(wire: Uint8Array, at: number): number {
  while (wire[at] !== 0) {
    if ((wire[at]! & 0xc0) === 0xc0) return at + 2;
    at += wire[at]! + 1;
  }
  return at + 1;
}

/** Whether the answer denies with NSEC3, whose records cover ranges of hashes rather than gaps between names. */
function hashedDenial(answer: Answer): boolean {
  for (const section of [answer.answer, answer.authority, answer.additional]) for (const rrset of section) if (rrset.type === RRType.NSEC3) return true;
  return false;
}

/** The offset of the question's label just above the encloser's `encloserLength` octets, or -1. */
function nextLabel(wire: Uint8Array, nameEnd: number, encloserLength: number): number {
  let at = 12;
  while (at < nameEnd) {
    const next = at + wire[at]! + 1;
    if (nameEnd - next === encloserLength) return at;
    at = next;
  }
  return -1;
}

/** The first labels of the zone's names one label below `encloser`, in wire form, in canonical order. */
function listChildren(zone: Zone, encloser: string): Uint8Array[] {
  const texts = zone.nodes.childLabels(encloser);
  // Plain lowercase labels sort as strings do (octet by octet, a prefix first); others by their octets.
  if (texts.every((text) => !/[\\A-Z]/.test(text))) return texts.sort().map(plainLabel);
  return texts.map((text) => nameToWire(text).subarray(0, -1)).sort((a, b) => compareLabels(a, 0, b, 0));
}

function plainLabel(text: string): Uint8Array {
  const label = new Uint8Array(text.length + 1);
  label[0] = text.length;
  for (let i = 0; i < text.length; i++) label[i + 1] = text.charCodeAt(i);
  return label;
}

/** RFC 4034 6.1 for two labels in wire form: octets compared with letters lowercase, a prefix first. */
function compareLabels(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number): number {
  const aLength = a[aAt]!;
  const bLength = b[bAt]!;
  const n = Math.min(aLength, bLength);
  for (let i = 1; i <= n; i++) {
    let x = a[aAt + i]!;
    let y = b[bAt + i]!;
    if (x >= 0x41 && x <= 0x5a) x += 0x20;
    if (y >= 0x41 && y <= 0x5a) y += 0x20;
    if (x !== y) return x - y;
  }
  return aLength - bLength;
}

/** How many children sort before the label at `at` of `wire`; -1 when it is one of them. */
function gapOf(labels: Uint8Array[], wire: Uint8Array, at: number): number {
  let low = 0;
  let high = labels.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareLabels(labels[middle]!, 0, wire, at) < 0) low = middle + 1;
    else high = middle;
  }
  return low < labels.length && compareLabels(labels[low]!, 0, wire, at) === 0 ? -1 : low;
}

/**
 * An encloser's entry: a header's room, its name and type 0 as the question, then the length of
 * its zone's name in wire form (where the addon finds the zone's NSEC3 chain), the number of
 * children, each child's offset from the first label's start, and the labels (32-bit big-endian
 * numbers), as the addon reads them.
 */
function childrenWire(encloserWire: Uint8Array, apexLength: number, labels: Uint8Array[]): Uint8Array {
  let size = 12 + encloserWire.length + 4 + 8 + 4 * labels.length;
  for (const label of labels) size += label.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(encloserWire, 12);
  let at = 12 + encloserWire.length;
  view.setUint16(at + 2, 1);
  at += 4;
  view.setUint32(at, apexLength);
  at += 4;
  view.setUint32(at, labels.length);
  at += 4;
  let offset = 0;
  const first = at + 4 * labels.length;
  for (let i = 0; i < labels.length; i++) {
    view.setUint32(at + 4 * i, offset);
    out.set(labels[i]!, first + offset);
    offset += labels[i]!.length;
  }
  return out;
}

/** A question of the encloser's name with the type and class of the question in `wire`: a template's key. */
function encloserQuestion(encloserWire: Uint8Array, wire: Uint8Array, nameEnd: number): Uint8Array {
  const out = new Uint8Array(12 + encloserWire.length + 4);
  out.set(encloserWire, 12);
  out.set(wire.subarray(nameEnd, nameEnd + 4), 12 + encloserWire.length);
  return out;
}

/** A pointer in a template to the whole question name, which a query's own name replaces. */
const WHOLE_NAME = 0x8000;

/**
 * The answer `wire` made a template: its question cut down to the encloser (its last
 * `encloserLength` octets), and the `cover` left out, its compression pointers moved to match;
 * after them the offset of each pointer (the top bit set for one to the whole question name, the
 * owner of a wildcard's expansion), where the cover goes (0 for none) and the chain's positions of
 * the template's other NSEC3s, and the number of pointers, 16-bit big-endian but the positions (32).
 * Undefined when a pointer names more of the question than the encloser anywhere else (the name
 * asked is in the answer's data) or points into the cover.
 */
function templateOf(wire: Uint8Array, nameEnd: number, encloserLength: number, cover?: Cover): Uint8Array | undefined {
  const cut = nameEnd - 12 - encloserLength;
  const left = cover && cover.start > 0 ? { start: cover.start, length: cover.end - cover.start } : { start: wire.length, length: 0 };
  const pointers = compressionPointers(wire).filter(({ at }) => at < left.start || at >= left.start + left.length);
  const length = wire.length - cut - left.length;
  const out = new Uint8Array(length + 2 * pointers.length + 12);
  out.set(wire.subarray(0, 12));
  out.set(wire.subarray(12 + cut, left.start), 12);
  out.set(wire.subarray(left.start + left.length), left.start - cut);
  const view = new DataView(out.buffer);
  if (left.length > 0) view.setUint16(8, view.getUint16(8) - cover!.records);
  // Where an offset of `wire` is in the template.
  const moved = (at: number) => at - cut - (at >= left.start ? left.length : 0);
  let trailer = length;
  for (const { at, owner } of pointers) {
    const target = ((wire[at]! & 0x3f) << 8) | wire[at + 1]!;
    if (target >= left.start && target < left.start + left.length) return undefined;
    const whole = target === 12 && owner;
    if (target >= nameEnd + 4) view.setUint16(moved(at), 0xc000 | moved(target));
    else if (whole) view.setUint16(moved(at), 0xc000 | 12);
    else if (target >= 12 + cut && target < nameEnd) view.setUint16(moved(at), 0xc000 | (target - cut));
    else return undefined;
    view.setUint16(trailer, moved(at) | (whole ? WHOLE_NAME : 0));
    trailer += 2;
  }
  view.setUint16(trailer, left.length > 0 ? left.start - cut : 0);
  view.setUint32(trailer + 2, cover?.others[0] ?? NO_POSITION);
  view.setUint32(trailer + 6, cover?.others[1] ?? NO_POSITION);
  view.setUint16(trailer + 10, pointers.length);
  return out;
}
