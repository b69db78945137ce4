import { compressionPointers, nameToWire, RRType, type QueryView } from '@kaja/dns-model';
import type { Answer } from './answer';
import { ancestors } from './ancestors';
import { closestEncloser } from './wildcard';
import type { AnswerCache, CachedAnswer } from './answerCache';
import type { Counter } from './queryCounts';
import type { ZoneVersions } from './nativeAnswers';
import type { Zone } from './zone';
import type { ZoneStore } from './zoneStore';

/**
 * The variant of an encloser's entry in the answer cache: its question is the encloser's name
 * with type 0, and its wire, after the question, the encloser's children (`childrenWire`).
 */
export const ENCLOSER_VARIANT = 3;

/** The variant of a template for names in the `gap`-th gap between an encloser's children, asked with `variant`. */
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
 * the same answer.
 */
export class MadeUpAnswers {
  private readonly children = new WeakMap<Zone, Map<string, Children>>();

  constructor(
    private readonly zones: ZoneStore,
    private readonly cache: AnswerCache,
    private readonly versions: ZoneVersions,
  ) {}

  /**
   * Keeps the answer `wire` (encoded for `query`, at most `TCP_MAX`, its question lowercase) as the
   * template for every name like the query's; false when it cannot stand for them.
   */
  keep(query: QueryView, answer: Answer, wire: Uint8Array, variant: number, counter: Counter, kind: number, answersCell: number): boolean {
    const zone = answer.zone;
    if (!zone || zone.hasDname || zone.nodes.size > MAX_ZONE_NAMES || wire.length > MAX_TEMPLATE) return false;
    if (query.qtype === RRType.NSEC || query.qtype === RRType.NSEC3 || query.qtype === RRType.RRSIG || hashedDenial(answer)) return false;
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
    const encloserEnd = 12 + encloserWire.length;
    const templateKey = templateVariant(gap, variant);
    // Asked of JavaScript again (too long for the client's UDP size, over TCP): the template stands.
    if (this.cache.get(encloserQuestion(encloserWire, wire, nameEnd), encloserEnd, templateKey)) return true;
    const template = templateOf(wire, nameEnd, encloserWire.length);
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
    if (this.cache.get(childrenWire(encloserWire, []), encloserEnd, ENCLOSER_VARIANT) === undefined) {
      const list = childrenWire(encloserWire, children.labels);
      this.cache.set(list, encloserEnd, entry(list, ENCLOSER_VARIANT, { count: 0 }, 0, 0));
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
      const key = childrenWire(nameToWire(ancestor), []);
      this.cache.forgetQuestion(key, key.length - 8, ENCLOSER_VARIANT);
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
 * An encloser's entry: a header's room, its name and type 0 as the question, then the number of
 * children, each child's offset from the first label's start, and the labels (32-bit big-endian
 * numbers), as the addon reads them.
 */
function childrenWire(encloserWire: Uint8Array, labels: Uint8Array[]): Uint8Array {
  let size = 12 + encloserWire.length + 4 + 4 + 4 * labels.length;
  for (const label of labels) size += label.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(encloserWire, 12);
  let at = 12 + encloserWire.length;
  view.setUint16(at + 2, 1);
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
 * `encloserLength` octets), its compression pointers moved to match, and after them the offset of
 * each pointer (the top bit set for one to the whole question name, the owner of a wildcard's
 * expansion) and their number, 16-bit big-endian. Undefined when a pointer names more of the
 * question than the encloser anywhere else: the name asked is in the answer's data.
 */
function templateOf(wire: Uint8Array, nameEnd: number, encloserLength: number): Uint8Array | undefined {
  const cut = nameEnd - 12 - encloserLength;
  const pointers = compressionPointers(wire);
  const out = new Uint8Array(wire.length - cut + 2 * pointers.length + 2);
  out.set(wire.subarray(0, 12));
  out.set(wire.subarray(12 + cut), 12);
  const view = new DataView(out.buffer);
  let trailer = wire.length - cut;
  for (const { at, owner } of pointers) {
    const target = ((wire[at]! & 0x3f) << 8) | wire[at + 1]!;
    const moved = at - cut;
    if (target >= nameEnd + 4) view.setUint16(moved, 0xc000 | (target - cut));
    else if (target === 12 && owner) view.setUint16(moved, 0xc000 | 12);
    else if (target >= 12 + cut && target < nameEnd) view.setUint16(moved, 0xc000 | (target - cut));
    else return undefined;
    view.setUint16(trailer, moved | (target === 12 && owner ? WHOLE_NAME : 0));
    trailer += 2;
  }
  view.setUint16(trailer, pointers.length);
  return out;
}
