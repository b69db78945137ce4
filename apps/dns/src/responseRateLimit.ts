/**
 * Response rate limiting over UDP, as BIND and Knot DNS define it: answers to one client network
 * (an IPv4 /24, an IPv6 /56) that share a kind (the same name and type, the same zone's denials,
 * the same error) are limited to `rate` per second, credit and debt kept over `window` seconds.
 * Beyond it every `slip`th answer goes out truncated, so a real client retries over TCP (which is
 * never limited), and the others are dropped: a forged source gets no amplified flood.
 */
import type { Cidr } from '@kaja/config';

export interface RateLimitOptions {
  /** Responses per second per client network and kind; 0 turns the limiting off. */
  rate: number;
  /** Seconds over which a network's credit and debt are kept: a flood stays limited this long after it stops. */
  window: number;
  /** Every slip-th limited response is sent truncated (1: all; 0: none, all dropped). */
  slip: number;
  /** Client networks never limited nor counted (`parseRateLimitExemption`): a provider's monitoring, a partner's resolvers. */
  exempt?: Cidr[];
}

export const RateAction = { Answer: 0, Slip: 1, Drop: 2 } as const;
export type RateAction = (typeof RateAction)[keyof typeof RateAction];

/** A fixed table, like Knot's: a colliding account replaces the one in its slot, so memory never grows. */
const SLOTS = 1 << 16;
/** Numbers per slot in `accounts`. */
const ACCOUNT = 4;

/**
 * The current second, kept by one timer per process: reading the system clock for every answer
 * would cost more than the rest of the accounting. Accounts need whole seconds only.
 */
let currentSecond = (Date.now() / 1000) | 0;
let clock: NodeJS.Timeout | undefined;
function wallSecond(): number {
  return currentSecond;
}
function startClock(): void {
  // Unreferenced: it never keeps a process alive, and one serves every limiter of the process.
  clock ??= setInterval(() => (currentSecond = (Date.now() / 1000) | 0), 100).unref();
}

export class ResponseRateLimiter {
  /** Responses slipped and dropped, in an array the addon's cached path adds to as well (native/cached_answers.c). */
  readonly tally = new Float64Array(2);
  /** What limiting did, read by the node's metrics. */
  readonly counts: { readonly slipped: number; readonly dropped: number };
  /**
   * Per slot, side by side: the account's network, its kind, its balance and the second it was
   * last debited. Every answer reads and writes one slot at random; in one 32-octet row that is
   * one cache line, where an array per field made it four (tables of 1.5 MB do not stay cached).
   * The addon's cached path keeps its accounts in the same table.
   */
  readonly accounts = new Float64Array(SLOTS * ACCOUNT).fill(-1);
  /** Responses limited since the account began, read only once it is over its rate. */
  readonly limited = new Uint32Array(SLOTS);
  private readonly floor: number;
  /** The exempt client networks as `clientNetwork` numbers them; undefined when there are none. */
  private readonly exempt: Set<number> | undefined;
  /** The same networks in order, for the addon's binary search. */
  readonly exemptSorted: Int32Array;

  private readonly second: () => number;
  /** Whether accounts are kept by the wall clock's seconds, as the addon keeps them (not a test's clock). */
  readonly wallClock: boolean;

  /** `now` (milliseconds) is for tests; without it the process's second clock is read. */
  constructor(
    readonly options: RateLimitOptions,
    now?: () => number,
  ) {
    this.floor = -options.rate * options.window;
    this.exempt = options.exempt?.length ? exemptNetworks(options.exempt) : undefined;
    this.exemptSorted = Int32Array.from(this.exempt ?? []).sort();
    const tally = this.tally;
    this.counts = {
      get slipped() {
        return tally[0]!;
      },
      get dropped() {
        return tally[1]!;
      },
    };
    this.wallClock = now === undefined;
    if (now) this.second = () => (now() / 1000) | 0;
    else {
      startClock();
      this.second = wallSecond;
    }
  }

  /** Debits one response of `kind` to `network` (see `clientNetwork`) and says what to do with it. */
  check(network: number, kind: number): RateAction {
    if (this.exempt?.has(network)) return RateAction.Answer;
    const slot = (Math.imul(network ^ Math.imul(kind, 0x9e3779b1), 0x85ebca6b) >>> 16) & (SLOTS - 1);
    const at = slot * ACCOUNT;
    const accounts = this.accounts;
    const second = this.second();
    const { rate } = this.options;
    let balance: number;
    if (accounts[at] !== network || accounts[at + 1] !== kind) {
      accounts[at] = network;
      accounts[at + 1] = kind;
      this.limited[slot] = 0;
      balance = rate;
    } else {
      balance = accounts[at + 2]!;
      const elapsed = second - accounts[at + 3]!;
      if (elapsed > 0) balance = Math.min(rate, balance + elapsed * rate);
    }
    accounts[at + 3] = second;
    balance = Math.max(this.floor, balance - 1);
    accounts[at + 2] = balance;
    if (balance >= 0) return RateAction.Answer;
    const { slip } = this.options;
    if (slip > 0 && ++this.limited[slot]! % slip === 0) {
      this.tally[0]!++;
      return RateAction.Slip;
    }
    this.tally[1]!++;
    return RateAction.Drop;
  }
}

/**
 * A client's network as a number: an IPv4 address's first 24 bits, or a hash of an IPv6
 * address's first 56 bits (always above the IPv4 range); -1 when the address cannot be read.
 * The batched UDP addon computes the same number (native/udp_batch.c).
 */
export function clientNetwork(address: string): number {
  const network = ipv4Network(address);
  // A dotted quad is read in one pass; only what is not one is looked at again.
  if (network >= 0 || !address.includes(':')) return network;
  const bytes = ipv6Prefix(address);
  return bytes === undefined ? -1 : ipv6Network(bytes);
}

/** An IPv6 /56 (its 7 octets) as a number: a hash, as 2^56 networks do not fit in one. */
function ipv6Network(bytes: number[]): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash & 0x3fffffff) | 0x40000000;
}

/**
 * Every client network inside the exempt prefixes, numbered as `clientNetwork` numbers them. A
 * prefix is at most 16 bits wider than a client network (`parseRateLimitExemption`), so the set
 * stays small and only the last two octets of a network vary.
 */
export function exemptNetworks(prefixes: Cidr[]): Set<number> {
  const networks = new Set<number>();
  for (const { address, prefix, family } of prefixes) {
    const count = 2 ** ((family === 'ipv4' ? 24 : 56) - prefix);
    if (family === 'ipv4') {
      const first = ipv4Network(address) & ~(count - 1);
      for (let i = 0; i < count; i++) networks.add(first + i);
      continue;
    }
    const bytes = ipv6Prefix(address)!;
    const first = ((bytes[5]! << 8) | bytes[6]!) & ~(count - 1);
    for (let i = 0; i < count; i++) networks.add(ipv6Network([...bytes.slice(0, 5), ((first + i) >> 8) & 0xff, (first + i) & 0xff]));
  }
  return networks;
}

/** The first three octets of a dotted quad, read digit by digit (this runs for every datagram). */
function ipv4Network(address: string): number {
  let network = 0;
  let octet = 0;
  let dots = 0;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === 46) {
      network = (network << 8) | (octet & 0xff);
      if (++dots === 3) return network;
      octet = 0;
    } else if (c >= 48 && c <= 57) octet = octet * 10 + c - 48;
    else return -1;
  }
  return -1;
}

/** The first 7 octets of an IPv6 address in text. */
function ipv6Prefix(address: string): number[] | undefined {
  const [head = '', tail] = address.split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  if (right.at(-1)?.includes('.') || left.at(-1)?.includes('.')) return undefined;
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (all.length !== 8) return undefined;
  const bytes: number[] = [];
  for (const group of all.slice(0, 4)) {
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes.slice(0, 7);
}
