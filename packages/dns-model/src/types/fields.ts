import { FormatError, ValidationError } from '../errors';
import { fqdn, parseName, type NameOptions } from '../name';
import type { WireReader } from '../wire/buffer';
import { readName, nameToWire } from '../wire/name';
import { formatIpv4, formatIpv6, parseIpv4, parseIpv6 } from './address';
import { fromBase32Hex, fromBase64, fromHex, toBase32Hex, toBase64, toHex } from './encoding';
import { parseTtl } from './ttl';
import { parseUint, quoteOctets, stringOctets, type Token } from './tokens';
import { typeCode, typeName } from './typeCodes';
import { rdataText } from '../zonefile/rdataWords';

/** Collects rdata octets while a presentation value is parsed. */
export class RdataBuilder {
  private bytes = new Uint8Array(64);
  length = 0;

  private grow(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  u8(v: number) {
    this.grow(1);
    this.bytes[this.length++] = v;
  }

  u16(v: number) {
    this.u8(v >>> 8);
    this.u8(v & 0xff);
  }

  u32(v: number) {
    this.u16(Math.floor(v / 0x10000));
    this.u16(v & 0xffff);
  }

  put(data: Uint8Array) {
    this.grow(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** The words of one rdata, consumed left to right by the fields. */
export class Cursor {
  index = 0;
  constructor(
    readonly tokens: Token[],
    readonly origin: string,
    readonly mnemonic: string,
    /** The whole rdata text as given; words given without it (a zone file's) are joined into it when asked. */
    private readonly text?: string,
  ) {}

  /** The whole rdata text. */
  get source(): string {
    return this.text ?? rdataText(this.tokens);
  }

  next(what: string): Token {
    const token = this.tokens[this.index++];
    if (!token) throw new ValidationError(`${this.mnemonic} record is missing ${what}`);
    return token;
  }

  word(what: string): string {
    const token = this.next(what);
    if (token.quoted) throw new ValidationError(`${what} must not be quoted`);
    return token.text;
  }

  get done(): boolean {
    return this.index >= this.tokens.length;
  }

  rest(): Token[] {
    const rest = this.tokens.slice(this.index);
    this.index = this.tokens.length;
    return rest;
  }
}

/** One part of a record's rdata: how it reads from presentation and from the wire. */
export interface Field {
  /** Parses from the cursor into `out` and returns the canonical presentation text. */
  parse(c: Cursor, out: RdataBuilder): string;
  read(r: WireReader): string;
}

export const uint = (bits: 8 | 16 | 32, what: string, check?: (v: number) => string | undefined): Field => {
  const max = bits === 8 ? 0xff : bits === 16 ? 0xffff : 0xffffffff;
  return {
    parse(c, out) {
      const v = parseUint(c.word(what), max, what);
      const problem = check?.(v);
      if (problem) throw new ValidationError(problem);
      if (bits === 8) out.u8(v);
      else if (bits === 16) out.u16(v);
      else out.u32(v);
      return String(v);
    },
    read(r) {
      return String(bits === 8 ? r.u8() : bits === 16 ? r.u16() : r.u32());
    },
  };
};

/** A 32-bit period in seconds that zone files may write with units (SOA timers). */
export const period = (what: string): Field => ({
  parse(c, out) {
    const v = parseTtl(c.word(what), what);
    out.u32(v);
    return String(v);
  },
  read(r) {
    return String(r.u32());
  },
});

export const name = (what: string, options: NameOptions = {}): Field => ({
  parse(c, out) {
    const text = c.word(what);
    let value: string;
    try {
      value = parseName(text, c.origin, { wildcard: false, ...options });
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(`${what}: ${error.message}`);
      throw error;
    }
    out.put(nameToWire(value));
    return fqdn(value);
  },
  read(r) {
    const { name: value, next } = readName(r.bytes, r.offset, r.end);
    r.offset = next;
    return fqdn(value.toLowerCase());
  },
});

export const ipv4: Field = {
  parse(c, out) {
    const bytes = parseIpv4(c.word('an IPv4 address'));
    out.put(bytes);
    return formatIpv4(bytes);
  },
  read(r) {
    return formatIpv4(r.take(4));
  },
};

export const ipv6: Field = {
  parse(c, out) {
    const bytes = parseIpv6(c.word('an IPv6 address'));
    out.put(bytes);
    return formatIpv6(bytes);
  },
  read(r) {
    return formatIpv6(r.take(16));
  },
};

/** One character-string (at most 255 octets). */
export const characterString = (what: string): Field => ({
  parse(c, out) {
    const bytes = stringOctets(c.next(what).text);
    if (bytes.length > 255) throw new ValidationError(`${what} is longer than 255 characters`);
    out.u8(bytes.length);
    out.put(bytes);
    return quoteOctets(bytes);
  },
  read(r) {
    return quoteOctets(r.take(r.u8()));
  },
});

/** A field that may be left out at the end of the rdata (its canonical text is then empty). */
export const optional = (field: Field): Field => ({
  parse(c, out) {
    return c.done ? '' : field.parse(c, out);
  },
  read(r) {
    return r.remaining === 0 ? '' : field.read(r);
  },
});

/** Hex to the end of the rdata; words may be split by spaces. */
export const hexRest = (what: string, check?: (length: number) => string | undefined): Field => ({
  parse(c, out) {
    const text = c
      .rest()
      .map((t) => t.text)
      .join('');
    if (text === '') throw new ValidationError(`${c.mnemonic} record is missing ${what}`);
    const bytes = fromHex(text, what);
    const problem = check?.(bytes.length);
    if (problem) throw new ValidationError(problem);
    out.put(bytes);
    return toHex(bytes);
  },
  read(r) {
    return toHex(r.take(r.remaining));
  },
});

/** Base64 to the end of the rdata; words may be split by spaces. `empty` allows no words at all. */
export const base64Rest = (what: string, empty = false): Field => ({
  parse(c, out) {
    const text = c
      .rest()
      .map((t) => t.text)
      .join('');
    if (text === '' && !empty) throw new ValidationError(`${c.mnemonic} record is missing ${what}`);
    const bytes = fromBase64(text, what);
    out.put(bytes);
    return toBase64(bytes);
  },
  read(r) {
    return toBase64(r.take(r.remaining));
  },
});

/** Hex preceded by its length octet, `-` when empty (NSEC3 salt). */
export const salt: Field = {
  parse(c, out) {
    const text = c.word('a salt');
    const bytes = text === '-' ? new Uint8Array() : fromHex(text, 'The salt');
    if (bytes.length > 255) throw new ValidationError('The salt is longer than 255 octets');
    out.u8(bytes.length);
    out.put(bytes);
    return bytes.length ? toHex(bytes) : '-';
  },
  read(r) {
    const bytes = r.take(r.u8());
    return bytes.length ? toHex(bytes) : '-';
  },
};

/** Base32hex preceded by its length octet (NSEC3 next hashed owner name). */
export const hashedName: Field = {
  parse(c, out) {
    const bytes = fromBase32Hex(c.word('the next hashed owner name'), 'The next hashed owner name');
    if (bytes.length === 0 || bytes.length > 255) throw new ValidationError('The next hashed owner name has a wrong length');
    out.u8(bytes.length);
    out.put(bytes);
    return toBase32Hex(bytes);
  },
  read(r) {
    const length = r.u8();
    if (length === 0) throw new FormatError('empty NSEC3 next hashed owner name');
    return toBase32Hex(r.take(length));
  },
};

/** A record type mnemonic (RRSIG type covered). */
export const rrtype: Field = {
  parse(c, out) {
    const code = typeCode(c.word('a record type'));
    out.u16(code);
    return typeName(code);
  },
  read(r) {
    return typeName(r.u16());
  },
};

/** The NSEC/NSEC3 type bitmap (RFC 4034 section 4.1.2) in wire form, of type codes in ascending order without repeats. */
export function typeBitmapWire(codes: readonly number[]): Uint8Array {
  // At most one window per type, each a window number, a length and up to 32 octets of bits.
  const out = new Uint8Array(34 * codes.length);
  let size = 0;
  let i = 0;
  while (i < codes.length) {
    const window = codes[i]! >> 8;
    const start = size;
    let used = 0;
    while (i < codes.length && codes[i]! >> 8 === window) {
      const low = codes[i]! & 0xff;
      out[start + 2 + (low >> 3)]! |= 0x80 >> (low & 7);
      used = (low >> 3) + 1;
      i++;
    }
    out[start] = window;
    out[start + 1] = used;
    size = start + 2 + used;
  }
  return out.slice(0, size);
}

/** The NSEC/NSEC3 type bitmap (RFC 4034 section 4.1.2): the rest of the words, as type names. */
export const typeBitmap: Field = {
  parse(c, out) {
    const codes = [...new Set(c.rest().map((t) => typeCode(t.text)))].sort((a, b) => a - b);
    out.put(typeBitmapWire(codes));
    return codes.map(typeName).join(' ');
  },
  read(r) {
    const names: string[] = [];
    let last = -1;
    while (r.remaining > 0) {
      const window = r.u8();
      const length = r.u8();
      if (window <= last) throw new FormatError('type bitmap windows out of order');
      if (length < 1 || length > 32) throw new FormatError('type bitmap window length out of range');
      last = window;
      const bits = r.take(length);
      for (let k = 0; k < length * 8; k++) {
        if (bits[k >> 3]! & (0x80 >> (k & 7))) names.push(typeName((window << 8) | k));
      }
    }
    return names.join(' ');
  },
};

/** RRSIG signature times: YYYYMMDDHHmmSS (UTC) or seconds since the epoch (RFC 4034 section 3.2). */
export const signatureTime = (what: string): Field => ({
  parse(c, out) {
    const text = c.word(what);
    let seconds: number;
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
    if (m) {
      const [, y, mo, d, h, mi, s] = m.map((part) => Number(part));
      seconds = Date.UTC(y!, mo! - 1, d, h, mi, s) / 1000;
      if (new Date(seconds * 1000).getUTCDate() !== d || seconds < 0 || seconds > 0xffffffff) {
        throw new ValidationError(`${what} is not a valid date`);
      }
    } else seconds = parseUint(text, 0xffffffff, what);
    out.u32(seconds);
    return formatTime(seconds);
  },
  read(r) {
    return formatTime(r.u32());
  },
});

function formatTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
