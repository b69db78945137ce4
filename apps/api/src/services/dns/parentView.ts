import { isIP } from 'node:net';
import { DS, isSubdomain, parentName, Rcode, rcodeName, readName, typeCode, type Message } from '@kaja/dns-model';
import { askDns, DnsExchangeError, type DnsServerAddress } from './dnsExchange';

const NS_TYPE = typeCode('NS');
const DS_TYPE = typeCode('DS');
const SOA_TYPE = typeCode('SOA');
const A_TYPE = typeCode('A');
const AAAA_TYPE = typeCode('AAAA');
const RRSIG_TYPE = typeCode('RRSIG');

/** What the parent zone says about a zone, read at one moment. */
export interface ParentView {
  /** The zone the delegation was read from, when found. */
  parentZone: string | null;
  /** The NS names the parent delegates to (sorted), or null when it delegates nothing (the name is not registered). */
  ns: string[] | null;
  /** The parent's DS records, canonical presentation (`key_tag algorithm digest_type DIGEST`). */
  ds: string[];
}

export interface ParentViewOptions {
  resolver: DnsServerAddress;
  /** The port the parent's servers are asked on. */
  parentPort: number;
  timeoutMs?: number;
}

/** How the platform's resolver is named in problems shown to customers (its address is ours to keep). */
const resolverLabel = 'the resolver';

/** How many of the parent's servers are tried before giving up. */
const maxParentServers = 4;

/**
 * Reads the delegation of `zone` from its parent (decision 036). The resolver gives the DS set
 * (resolvers ask the parent for DS) and, from the same answer, the parent zone; it then names the
 * parent's servers and their addresses. The NS set comes from a parent server itself, asked
 * without recursion: a resolver would answer NS from the child zone, which we serve ourselves.
 * Throws DnsExchangeError when the parent cannot be read.
 */
export async function readParentView(zone: string, options: ParentViewOptions): Promise<ParentView> {
  const { resolver, parentPort, timeoutMs } = options;
  const dsAnswer = await askDns(resolver, { name: zone, type: DS_TYPE, recursion: true }, timeoutMs, resolverLabel);
  expectAnswered(dsAnswer, resolverLabel, `DS of ${zone}`);
  const ds = dsAnswer.answers.filter((rr) => rr.type === DS_TYPE && rr.name === zone).map((rr) => DS.fromWire(rr.rdata));
  const parentZone = parentOf(zone, dsAnswer);
  if (dsAnswer.rcode === Rcode.NXDOMAIN) return { parentZone, ns: null, ds: [] };

  const nsAnswer = await askDns(resolver, { name: parentZone, type: NS_TYPE, recursion: true }, timeoutMs, resolverLabel);
  expectAnswered(nsAnswer, resolverLabel, `NS of ${parentZone}`);
  const serverNames = namesOf(nsAnswer.answers.filter((rr) => rr.type === NS_TYPE && rr.name === parentZone)).slice(0, maxParentServers);
  if (serverNames.length === 0) throw new DnsExchangeError(`the resolver found no name servers for the parent zone ${parentZone}`);

  const problems: string[] = [];
  for (const serverName of serverNames) {
    let addresses: string[];
    try {
      addresses = await addressesOf(serverName, nsAnswer, resolver, timeoutMs);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    for (const address of addresses) {
      try {
        const referral = await askDns({ address, port: parentPort }, { name: zone, type: NS_TYPE, recursion: false }, timeoutMs, `${serverName} (${address})`);
        return { parentZone, ns: delegatedNs(zone, referral, `${serverName} (${address})`), ds };
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
  }
  throw new DnsExchangeError(`no server of ${parentZone} answered: ${problems.slice(0, 3).join('; ') || 'they have no addresses'}`);
}

function expectAnswered(message: Message, who: string, what: string): void {
  if (message.rcode !== Rcode.NOERROR && message.rcode !== Rcode.NXDOMAIN) {
    throw new DnsExchangeError(`${who} could not answer ${what} (${rcodeName(message.rcode)})`);
  }
}

/**
 * The parent zone from a DS answer: the owner of the SOA of a negative answer, or the signer of
 * the DS signature; failing both, the name one label up.
 */
function parentOf(zone: string, answer: Message): string {
  const soa = answer.authorities.find((rr) => rr.type === SOA_TYPE && isSubdomain(zone, rr.name) && rr.name !== zone);
  if (soa) return soa.name;
  const signature = answer.answers.find((rr) => rr.type === RRSIG_TYPE && rr.name === zone && ((rr.rdata[0]! << 8) | rr.rdata[1]!) === DS_TYPE);
  // RRSIG rdata: type covered (2), algorithm, labels, original TTL (4), expiration, inception (4 each), key tag (2), then the signer.
  if (signature) {
    const signer = readName(signature.rdata, 18).name;
    if (signer !== zone && isSubdomain(zone, signer)) return signer;
  }
  return parentName(zone);
}

const namesOf = (records: readonly { rdata: Uint8Array }[]) => [...new Set(records.map((rr) => readName(rr.rdata, 0).name))].sort();

/** The server's addresses: the glue beside the NS answer, else A and AAAA through the resolver. */
async function addressesOf(serverName: string, nsAnswer: Message, resolver: DnsServerAddress, timeoutMs: number | undefined): Promise<string[]> {
  const glue = nsAnswer.additionals.filter((rr) => rr.name === serverName && (rr.type === A_TYPE || rr.type === AAAA_TYPE)).map(addressOf);
  if (glue.length > 0) return glue;
  const found: string[] = [];
  for (const type of [A_TYPE, AAAA_TYPE]) {
    const answer = await askDns(resolver, { name: serverName, type, recursion: true }, timeoutMs, resolverLabel);
    found.push(...answer.answers.filter((rr) => rr.type === type && rr.name === serverName).map(addressOf));
  }
  if (found.length === 0) throw new DnsExchangeError(`the parent's server ${serverName} has no address`);
  return found.filter((address) => isIP(address) !== 0);
}

function addressOf(rr: { type: number; rdata: Uint8Array }): string {
  if (rr.type === A_TYPE) return [...rr.rdata].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((rr.rdata[i]! << 8) | rr.rdata[i + 1]!).toString(16));
  return groups.join(':');
}

/**
 * The NS set a parent server gives for `zone`: the referral's (authority section), or its own
 * answer when it serves the zone too; null for NXDOMAIN or an answer without a delegation.
 */
function delegatedNs(zone: string, answer: Message, who: string): string[] | null {
  if (answer.rcode === Rcode.NXDOMAIN) return null;
  expectAnswered(answer, who, `NS of ${zone}`);
  const referral = answer.authorities.filter((rr) => rr.type === NS_TYPE && rr.name === zone);
  if (referral.length > 0) return namesOf(referral);
  const authoritative = answer.answers.filter((rr) => rr.type === NS_TYPE && rr.name === zone);
  if (authoritative.length > 0) return namesOf(authoritative);
  // A referral further up, or to another cut, means this server is not the parent.
  const elsewhere = answer.authorities.find((rr) => rr.type === NS_TYPE);
  if (elsewhere && !answer.aa) throw new DnsExchangeError(`${who} does not serve the parent zone (it refers to ${elsewhere.name || 'the root'})`);
  return null;
}
