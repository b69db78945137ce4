import {
  createQueryView,
  decodeMessage,
  DnsClass,
  EdnsOptionCode,
  emptyMessage,
  encodeMessageView,
  FormatError,
  Opcode,
  Rcode,
  readQueryName,
  readQueryOctets,
  RRType,
  type Edns,
  type QueryView,
} from '@kaja/dns-model';
import type { AliasResolver } from './alias';
import { type Answer, emptyAnswer } from './answer';
import { AnswerCache, type CachedAnswer, Variant } from './answerCache';
import { chaosAnswer } from './chaos';
import { responseEdns, UDP_PAYLOAD, udpLimit } from './edns';
import { encodeAnswer, encodeAnswerView, personalise, personaliseInto, truncatedInto } from './encode';
import { lookup } from './lookup';
import { answerNotify, type NotifyReceiver } from './notifyIn';
import { addNegativeSoa } from './negative';
import { presignedAnswer } from './presigned/presignedAnswers';
import { QueryCounts, type Counter } from './queryCounts';
import { AnswersAhead } from './answersAhead';
import { answersCell as answersCellOf, ServerCounters } from './metrics/serverCounters';
import { MadeUpAnswers } from './madeUpAnswers';
import { nativeAnswers, type NativeAnswersAddon, ZoneVersions } from './nativeAnswers';
import { ReplayGuard } from './replayGuard';
import { RateAction, ResponseRateLimiter, type RateLimitOptions } from './responseRateLimit';
import { answerUpdate, isUpdate, type ClientAddress, type UpdateHandler } from './update';
import type { ZoneSigning } from './signing';
import type { TransferResponder } from './xfr';
import type { ZoneStore } from './zoneStore';

/** The largest DNS message, and so the limit over TCP. */
export const TCP_MAX = 65535;

export interface ResponderOptions {
  /** Names this node in NSID and CHAOS answers. */
  nodeName: string;
  /** Resolves apex ALIAS targets; without it an ALIAS answers empty. */
  alias?: AliasResolver;
  /** Takes dynamic updates (opcode UPDATE); without it they are answered NOTIMP. */
  updates?: UpdateHandler;
  /** Signs answers of signed zones for queries with the DO bit; without it nothing is signed. */
  signing?: ZoneSigning;
  /** Answers IXFR over UDP (our SOA) to those allowed to transfer; without it IXFR over UDP is REFUSED. */
  transfers?: TransferResponder;
  /** Hears NOTIFY for secondary zones; without it every NOTIFY is refused. */
  notifies?: NotifyReceiver;
  /** Response rate limiting over UDP; without it (or at rate 0) every query is answered. */
  rateLimit?: RateLimitOptions;
  /** Questions (name, type, EDNS variant) whose encoded answers are kept (default 200,000). */
  answerCacheSize?: number;
  /**
   * Makes the answers to the questions asked of every held name ahead, into the answer cache, in
   * slices between the queries (`AnswersAhead`, decision 094): a server's, not a test's.
   */
  answersAhead?: boolean;
}

/** Zones set in one turn whose answers are forgotten one by one; past them the cache is emptied. */
const ZONES_SET_WALKED = 4;

/** The EDNS of a question answered ahead: as a validating resolver asks, DO set. */
const preparedEdns: Edns = { udpSize: UDP_PAYLOAD, version: 0, do: true, flags: 0, options: [] };

/** A response, none (the packet is dropped), or a response that waits for an ALIAS target. */
export type Reply = Buffer | null | Promise<Buffer | null>;

/**
 * The answer pipeline for one packet: parse → zone lookup → ALIAS → DNSSEC → encode → count. A query whose
 * answer was encoded before is answered from the cache after reading only its header and question.
 */
export class Responder {
  readonly counts = new QueryCounts(() => this.cache.foldHits());
  /** This process's figures for the node's metrics (no zone in them). */
  readonly metrics = new ServerCounters();
  /** Limits UDP answers per client network; its `counts` say how many were slipped and dropped. */
  readonly rateLimiter: ResponseRateLimiter | undefined;
  private readonly cache: AnswerCache;
  /** The cached zones' versions, as the addon's cached path sees them. */
  private readonly zoneVersions = new ZoneVersions();
  /** The addon's cached path over this responder's state, once a socket asked for it (`nativeAnswers`). */
  private native: unknown;
  /** Signed updates seen within their time window, so none is applied twice. */
  private readonly replays = new ReplayGuard();
  /** The header and question of the packet being answered, read once for the cache and the answer. */
  private readonly view = createQueryView();
  /** The question being answered ahead (`prepare`), apart from `view`, which a batch of queries holds. */
  private readonly preparing = createQueryView();
  /** Makes answers ahead into the cache, when asked to (`answersAhead`). */
  private readonly ahead: AnswersAhead | undefined;
  /** Keeps made-up names' answers as templates for the addon (decision 095). */
  private readonly madeUp: MadeUpAnswers;
  /** Zones come, gone or loaded anew (or given new keys) in this turn of the event loop (`forgetUnder`). */
  private zonesSetThisTurn = 0;
  /** Whether the last `keep` held its answer for later queries: in the cache, or as the template of names like it. */
  private held = false;
  /** Whether `readQueryOctets` read the last packet `respondFromCache` was given into `view` (its name's text left out). */
  private viewRead = false;
  private readonly nodeName: string;
  private readonly nsid: Uint8Array;

  constructor(
    private readonly zones: ZoneStore,
    private readonly options: ResponderOptions,
  ) {
    this.nodeName = options.nodeName;
    this.nsid = new TextEncoder().encode(options.nodeName);
    this.cache = new AnswerCache(options.answerCacheSize);
    this.madeUp = new MadeUpAnswers(zones, this.cache, this.zoneVersions, (zone) => options.signing?.signer(zone));
    this.rateLimiter = options.rateLimit && options.rateLimit.rate > 0 ? new ResponseRateLimiter(options.rateLimit) : undefined;
    const signing = options.signing;
    this.ahead = options.answersAhead
      ? new AnswersAhead(zones, (qname, qtype) => this.prepare(qname, qtype), {
          // Up to half the cache: the other half stays for what clients ask beyond it.
          room: () => this.cache.size < this.cache.capacity / 2,
          signedAhead: signing && ((zone) => signing.signedAheadFor(zone)),
          // What the addon answers made-up names with from the first (decisions 095, 096).
          prepareZone: async (zone) => {
            if (this.native !== undefined) await this.madeUp.prepare(zone);
          },
          templates: () => this.native !== undefined,
        })
      : undefined;
    // A changed zone's entries go stale by its version.
    zones.onChange((name) => {
      const zone = name === undefined ? undefined : zones.get(name);
      if (zone) this.zoneVersions.changed(zone);
    });
    // A zone come, gone or loaded anew may move the names under it, and only those.
    zones.onZoneSet((name) => this.forgetUnder(name));
    // A zone's new keys make its signed answers stale; age makes every zone's (see `ZoneSigning`).
    signing?.onInvalidate((name) => (name === undefined ? this.forgetAll() : this.forgetUnder(name)));
  }

  /**
   * Forgets the answers for `name` and the names below it, and has its zone's answers made ahead
   * again. Each forgetting walks the cache (milliseconds when full): past a few zones in one turn
   * of the event loop (a feed putting every zone again), the cache is emptied instead.
   */
  private forgetUnder(name: string): void {
    if (this.zonesSetThisTurn++ === 0) setImmediate(() => (this.zonesSetThisTurn = 0));
    if (this.zonesSetThisTurn > ZONES_SET_WALKED) return this.forgetAll();
    this.cache.forgetUnder(name);
    this.madeUp.forgetAbove(name);
    this.zoneVersions.forget(name, this.zones.get(name));
    this.ahead?.want(name);
  }

  /** Forgets every answer (cheap when there are none) and has every zone's made ahead again. */
  private forgetAll(): void {
    if (this.cache.size > 0) this.cache.clear();
    this.zoneVersions.clear();
    this.ahead?.want();
  }

  /** Stops making answers ahead. */
  close(): void {
    this.ahead?.close();
  }

  /** Resolves once no answers are being made ahead (tests, benchmarks). */
  async answeredAhead(): Promise<void> {
    await this.ahead?.settled();
  }

  /**
   * The handle of the addon's cached path over this responder's answer cache, made on the first
   * call (src/nativeAnswers.ts); undefined where the addon cannot take it.
   */
  nativeAnswers(addon: NativeAnswersAddon): unknown {
    this.native ??= nativeAnswers(addon, this.cache, this.zoneVersions, this.metrics, this.rateLimiter);
    return this.native;
  }

  /**
   * Answers one packet; `network` is the UDP client's network (`clientNetwork`), whose answers are
   * rate limited, or -1 (TCP, or not known).
   */
  respond(packet: Buffer, tcp: boolean, client: ClientAddress = null, network = -1): Reply {
    const read = readQueryOctets(packet, this.view);
    const entry = read ? this.cached(packet, tcp) : undefined;
    if (entry !== undefined) {
      const action = this.limit(network, entry.kind);
      if (action === RateAction.Answer) return personalise(entry.wire, packet, this.view);
      return action === RateAction.Drop ? null : this.truncated(entry.wire, packet, this.view);
    }
    if (read) readQueryName(packet, this.view);
    return this.uncached(packet, read, tcp, client, network);
  }

  /**
   * `respond` for a UDP packet that `respondFromCache` has just found no answer for (`packet`
   * holding exactly its octets): the header and question it read are used, not read again. An
   * answer made at once is written into `out` at `offset` (a sender's slot, as `respondFromCache`
   * writes) and its length returned, rather than copied into a buffer of its own first; other
   * replies come back as from `respond`.
   */
  respondMissed(packet: Buffer, client: ClientAddress, network: number, out?: Uint8Array, offset = 0): Reply | number {
    if (this.viewRead) readQueryName(packet, this.view);
    return this.uncached(packet, this.viewRead, false, client, network, out, offset);
  }

  /**
   * Answers a packet no cached answer serves; `read` says whether `this.view` holds its header and
   * question. Given `out`, an answer encoded at once is written there at `offset` (its length returned).
   */
  private uncached(packet: Buffer, read: boolean, tcp: boolean, client: ClientAddress, network: number): Reply;
  private uncached(packet: Buffer, read: boolean, tcp: boolean, client: ClientAddress, network: number, out?: Uint8Array, offset?: number): Reply | number;
  private uncached(packet: Buffer, read: boolean, tcp: boolean, client: ClientAddress, network: number, out?: Uint8Array, offset = 0): Reply | number {
    if (this.options.updates && isUpdate(packet)) return answerUpdate(packet, this.options.updates, client, this.replays);
    try {
      const query = read ? this.view : this.decode(packet, tcp);
      if (query === null || query instanceof Uint8Array) return query;
      if (!tcp && query.qtype === RRType.IXFR && this.options.transfers && !(query.flags & 0x8000) && query.opcode === Opcode.QUERY) {
        // The view is read anew for the next packet while the transfer rules are read: a copy waits.
        return this.udpIxfr(packet, { ...query }, this.options.transfers, typeof client === 'function' ? client() : client);
      }
      return this.answer(packet, query, tcp, client, network, out, offset);
    } catch (error) {
      console.error('dns: failed to answer a query:', error);
      return this.headerOnly(packet, Rcode.SERVFAIL, tcp);
    }
  }

  /**
   * Writes the answer to `packet` from `network` into `out` at `offset` when it is cached, and
   * returns its length (0: dropped by rate limiting); -1 means the query needs `respondMissed`,
   * given a view of the same packet. The packet is the first `length` octets of `packet`.
   */
  respondFromCache(packet: Uint8Array, out: Uint8Array, offset: number, network = -1, length = packet.length): number {
    this.viewRead = readQueryOctets(packet, this.view, length);
    const entry = this.viewRead ? this.cached(packet, false) : undefined;
    if (entry === undefined) return -1;
    const action = this.limit(network, entry.kind);
    if (action === RateAction.Answer) {
      personaliseInto(entry.wire, packet, this.view, out, offset);
      return entry.wire.length;
    }
    return action === RateAction.Drop ? 0 : truncatedInto(entry.wire, packet, this.view, out, offset);
  }

  private limit(network: number, kind: number): RateAction {
    return network < 0 || this.rateLimiter === undefined ? RateAction.Answer : this.rateLimiter.check(network, kind);
  }

  private truncated(wire: Uint8Array, packet: Uint8Array, query: QueryView): Buffer {
    const out = Buffer.allocUnsafe(query.questionEnd);
    truncatedInto(wire, packet, query, out, 0);
    return out;
  }

  /** The cached answer for a plain query (its header and question read into `view`, not its name's text), counted. */
  private cached(packet: Uint8Array, tcp: boolean): CachedAnswer | undefined {
    const q = this.view;
    if (q.flags & 0x8000 || q.opcode !== Opcode.QUERY || q.qclass !== DnsClass.IN || q.ednsVersion !== 0 || q.nsid) return undefined;
    const entry = this.cache.get(packet, q.questionEnd - 4, variantOf(q));
    if (entry === undefined || entry.wire.length > (tcp ? TCP_MAX : udpLimit(q))) return undefined;
    entry.counter.count++;
    this.metrics.cacheHit();
    this.metrics.answered(q.qtype, entry.wire[3]! & 0xf, tcp);
    return entry;
  }

  private answer(packet: Buffer, query: QueryView, tcp: boolean, client: ClientAddress, network: number, out?: Uint8Array, offset = 0): Reply | number {
    if (query.flags & 0x8000) return null; // a response: answering it could start a loop
    const edns = responseEdns(query, this.nsid);
    let answer: Answer;
    // A NOTIFY (RFC 1996) is heard for our secondary zones; where we are the primary it is refused, not unknown.
    if (query.opcode === Opcode.NOTIFY) answer = answerNotify(this.options.notifies, query.qname, client);
    else if (query.opcode !== Opcode.QUERY) answer = emptyAnswer(Rcode.NOTIMP);
    else if (query.qdcount !== 1 || query.questionEnd === query.qnameStart) answer = emptyAnswer(Rcode.FORMERR);
    else if (query.edns && query.ednsVersion > 0) answer = emptyAnswer(Rcode.BADVERS);
    else if (query.qtype === RRType.OPT || query.qtype === RRType.TSIG || query.qtype === RRType.TKEY) answer = emptyAnswer(Rcode.FORMERR);
    else if (query.qclass === DnsClass.CH) answer = chaosAnswer(query.qname, query.qtype, this.nodeName);
    else if (query.qclass !== DnsClass.IN || query.qtype === RRType.AXFR || query.qtype === RRType.IXFR) answer = emptyAnswer(Rcode.REFUSED);
    else {
      const zone = this.zones.find(query.qname, query.qtype);
      answer = zone ? lookup(zone, query.qname, query.qtype) : emptyAnswer(Rcode.REFUSED);
    }
    if (answer.alias) {
      // The packet's buffer may be reused for the next datagram before the target resolves, and
      // the view read anew for it.
      const own = Buffer.from(packet);
      const asked = { ...query };
      return this.resolveAlias(answer).then((resolved) => this.finish(own, asked, resolved, edns, tcp, network));
    }
    return this.finish(packet, query, answer, edns, tcp, network, out, offset);
  }

  private finish(packet: Buffer, query: QueryView, answer: Answer, edns: Edns | undefined, tcp: boolean, network: number): Buffer | null;
  private finish(
    packet: Buffer,
    query: QueryView,
    answer: Answer,
    edns: Edns | undefined,
    tcp: boolean,
    network: number,
    out?: Uint8Array,
    offset?: number,
  ): Buffer | null | number;
  private finish(
    packet: Buffer,
    query: QueryView,
    answer: Answer,
    edns: Edns | undefined,
    tcp: boolean,
    network: number,
    out?: Uint8Array,
    offset = 0,
  ): Buffer | null | number {
    answer = this.secured(query, answer);
    const counter = this.counts.counter(answer.zone?.name ?? '', query.qtype, answer.rcode);
    const kind = answerKind(query, answer);
    let wire = this.keep(packet, query, answer, edns, counter, kind) ?? encodeAnswerView(query, answer, edns, TCP_MAX);
    counter.count++;
    this.metrics.cacheMisses++;
    this.metrics.answered(query.qtype, answer.rcode, tcp);
    const action = this.limit(network, kind);
    if (action !== RateAction.Answer) return action === RateAction.Drop ? null : this.truncated(wire, packet, query);
    const limit = tcp ? TCP_MAX : udpLimit(query);
    if (wire.length > limit) wire = encodeAnswerView(query, answer, edns, limit);
    if (out === undefined) return personalise(wire, packet, query);
    personaliseInto(wire, packet, query, out, offset);
    return wire.length;
  }

  /** The answer's DNSSEC step: a presigned zone answers with its own signatures, our online signing covers the others. */
  private secured(query: QueryView, answer: Answer): Answer {
    if (query.do) return presignedAnswer(answer) ?? (this.options.signing ? this.options.signing.sign(answer) : answer);
    return this.options.signing ? this.options.signing.plain(answer) : answer;
  }

  /**
   * Encodes the answer into memory of its own and keeps it in the answer cache for `packet`'s
   * question, when the cache takes it; undefined when not kept.
   */
  private keep(packet: Uint8Array, query: QueryView, answer: Answer, edns: Edns | undefined, counter: Counter, kind: number): Uint8Array | undefined {
    const nameEnd = query.questionEnd - 4;
    const variant = variantOf(query);
    this.held = false;
    if (!cacheable(query, answer)) return undefined;
    const madeUp = !answer.zone?.nodes.has(query.qname);
    // Where the addon answers, a made-up name's answer may stand for every name like it (decision 095).
    const template = madeUp && answer.zone !== undefined && this.native !== undefined;
    // A name the zone holds is kept from its first answer; one made up by the client from its second.
    if (!template && !this.cache.admits(packet, nameEnd, variant, madeUp)) return undefined;
    const wire = encodeAnswer(query, answer, edns, TCP_MAX);
    const answersCell = answersCellOf(query.qtype, answer.rcode, false);
    if (template && this.madeUp.keep(query, answer, wire, variant, counter, kind, answersCell)) {
      this.held = true;
      return wire;
    }
    if (template && !this.cache.admits(packet, nameEnd, variant, madeUp)) return wire;
    const zoneCell = answer.zone ? this.zoneVersions.cell(answer.zone) : -1;
    this.cache.set(packet, nameEnd, { variant, wire, zone: answer.zone, version: answer.zone?.version ?? 0, counter, kind, zoneCell, answersCell });
    this.held = true;
    return wire;
  }

  /**
   * Makes the answer to an EDNS query with DO for `qname` and `qtype` and keeps it in the answer
   * cache, as the first such query would (decision 094), counting and sending nothing. One held
   * fresh already is left; one that waits for an ALIAS target or for its zone's keys is not kept.
   * Whether the answer is held for later queries (a made-up name's, as the template of names like it).
   */
  private prepare(qname: string, qtype: number): boolean {
    const message = encodeMessageView(emptyMessage({ questions: [{ name: qname, type: qtype, class: DnsClass.IN }], edns: preparedEdns }));
    // A Buffer, as a query's packet is: the cache's functions compiled here then serve queries as they are (decision 097).
    const packet = Buffer.from(message);
    const query = this.preparing;
    if (!readQueryOctets(packet, query)) return false;
    if (this.cache.get(packet, query.questionEnd - 4, variantOf(query))) return true;
    readQueryName(packet, query);
    const zone = this.zones.find(query.qname, qtype);
    if (!zone) return false;
    const found = lookup(zone, query.qname, qtype);
    if (found.alias) return false;
    const answer = this.secured(query, found);
    const counter = this.counts.counter(zone.name, qtype, answer.rcode);
    this.keep(packet, query, answer, responseEdns(query, this.nsid), counter, answerKind(query, answer));
    return this.held;
  }

  /** IXFR over UDP: the transfer rules decide, and an allowed client gets our SOA (RFC 1995 2). */
  private async udpIxfr(packet: Buffer, query: QueryView, transfers: TransferResponder, client: string | null): Promise<Buffer | null> {
    // The packet's buffer may be reused for the next datagram while the rules are read.
    const own = new Uint8Array(packet);
    const zone = this.zones.get(query.qname);
    try {
      const [reply] = await transfers.answer(own, client ?? '', true);
      const rcode = reply ? reply[3]! & 0xf : Rcode.SERVFAIL;
      this.counts.counter(zone?.name ?? '', query.qtype, rcode).count++;
      this.metrics.answered(query.qtype, rcode, false);
      return reply ?? null;
    } catch (error) {
      console.error('dns: failed to answer IXFR over UDP:', error);
      return this.headerOnly(Buffer.from(own), Rcode.SERVFAIL, false);
    }
  }

  /** ALIAS at the apex: the target's addresses under the apex name, or an empty answer. */
  private async resolveAlias(answer: Answer): Promise<Answer> {
    const { target, ttl, type } = answer.alias!;
    const zone = answer.zone!;
    const addresses = this.options.alias ? await this.options.alias.resolve(target, type) : { rdata: [], ttl: 0 };
    if (addresses.rdata.length > 0) {
      answer.answer.push({ name: zone.name, type, ttl: Math.min(ttl, addresses.ttl), rdata: addresses.rdata });
    } else {
      addNegativeSoa(zone, answer);
      answer.proofs.push({ kind: 'aliasNodata', name: zone.name, type });
    }
    return answer;
  }

  /**
   * Reads a packet the fast reader declined: decoded strictly, it gives a query view, FORMERR
   * (a header but nothing sound after it), or null (no header, or a response).
   */
  private decode(packet: Buffer, tcp: boolean): QueryView | Buffer | null {
    if (packet.length < 12 || packet[2]! & 0x80) return null;
    let message;
    try {
      message = decodeMessage(packet);
    } catch (error) {
      if (error instanceof FormatError) return this.headerOnly(packet, Rcode.FORMERR, tcp);
      throw error;
    }
    const view = createQueryView();
    view.id = message.id;
    view.flags = (packet[2]! << 8) | packet[3]!;
    view.opcode = message.opcode;
    view.qdcount = message.questions.length;
    const question = message.questions[0];
    // Only an uncompressed first name can be echoed in place; a pointer there is malformed anyway.
    const end = question && message.questions.length === 1 ? plainNameEnd(packet) : -1;
    if (question && end > 0) {
      view.qname = question.name.toLowerCase();
      view.qtype = question.type;
      view.qclass = question.class;
      view.questionEnd = end + 4;
    } else view.questionEnd = view.qnameStart;
    if (question && end < 0) view.qdcount = 0;
    if (message.edns) {
      view.edns = true;
      view.udpSize = message.edns.udpSize;
      view.ednsVersion = message.edns.version;
      view.do = message.edns.do;
      view.nsid = message.edns.options.some((o) => o.code === EdnsOptionCode.NSID);
    }
    return view;
  }

  /** A header-only response: the query's ID, opcode and RD echoed, counts zero. */
  private headerOnly(packet: Buffer, rcode: number, tcp: boolean): Buffer | null {
    if (packet.length < 12 || packet[2]! & 0x80) return null;
    const out = Buffer.alloc(12);
    out[0] = packet[0]!;
    out[1] = packet[1]!;
    out[2] = 0x80 | (packet[2]! & 0x79);
    out[3] = rcode & 0xf;
    this.counts.counter('', 0, rcode).count++;
    this.metrics.answered(0, rcode, tcp);
    return out;
  }
}

/**
 * Only what the cached path can serve again: one IN question of a plain QUERY, answered from a
 * zone or REFUSED (so a flood of names we do not host costs no more than one of names we do).
 */
function cacheable(query: QueryView, answer: Answer): boolean {
  if (answer.uncacheable || query.nsid || query.qdcount !== 1 || query.questionEnd === query.qnameStart) return false;
  if (query.qclass !== DnsClass.IN || query.opcode !== Opcode.QUERY || query.ednsVersion !== 0) return false;
  return answer.zone !== undefined || answer.rcode === Rcode.REFUSED;
}

/**
 * Which answers share a rate-limit account (as BIND counts them): an answer by its name and type
 * (a wildcard's expansion by the wildcard's name, so random names under it are one account), a
 * denial by its zone (so random names under one zone are one account), an error by its code.
 */
function answerKind(query: QueryView, answer: Answer): number {
  if (answer.rcode === Rcode.NOERROR && answer.answer.length > 0) return nameHash(expandedFrom(query, answer) ?? query.qname) ^ query.qtype;
  if (answer.rcode === Rcode.NOERROR || answer.rcode === Rcode.NXDOMAIN) return nameHash(answer.zone?.name ?? '') ^ (0x10000 << answer.rcode);
  return answer.rcode | 0x40000000;
}

/** The wildcard the answer's first records were expanded from, for the name asked; undefined when they are its own. */
function expandedFrom(query: QueryView, answer: Answer): string | undefined {
  for (const proof of answer.proofs) if (proof.kind === 'wildcardAnswer' && proof.name === query.qname) return proof.wildcard;
  return undefined;
}

function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash;
}

function variantOf(query: QueryView): number {
  if (!query.edns) return Variant.NoEdns;
  return query.do ? Variant.EdnsDo : Variant.Edns;
}

/** The offset just past the question name at 12 when it has no compression pointer, else -1. */
function plainNameEnd(packet: Uint8Array): number {
  let pos = 12;
  while (pos < packet.length) {
    const len = packet[pos]!;
    if (len === 0) return pos + 1;
    if (len > 63) return -1;
    pos += len + 1;
  }
  return -1;
}
