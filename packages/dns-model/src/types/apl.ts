import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import { formatIpv4, formatIpv6, parseIpv4, parseIpv6 } from './address';
import type { Cursor, RdataBuilder } from './fields';
import { defineType } from './recordType';

const families: Record<number, { octets: number; parse: (text: string) => Uint8Array; format: (bytes: Uint8Array) => string }> = {
  1: { octets: 4, parse: parseIpv4, format: formatIpv4 },
  2: { octets: 16, parse: parseIpv6, format: formatIpv6 },
};

/** APL (RFC 3123): a list of address prefixes, each `[!]family:address/length`; it may be empty. */
export const APL = defineType(42, 'APL', {
  empty: true,
  encode(c: Cursor, out: RdataBuilder) {
    const items: string[] = [];
    for (const token of c.rest()) {
      const m = /^(!?)([0-9]+):([^/]+)\/([0-9]+)$/.exec(token.text);
      if (!m) throw new ValidationError(`"${token.text}" is not an address prefix like 1:192.0.2.0/24 or !2:2001:db8::/32`);
      const [, negation, familyText, address, lengthText] = m;
      const family = families[Number(familyText)];
      if (!family) throw new ValidationError(`APL address family ${familyText} is not 1 (IPv4) or 2 (IPv6)`);
      const prefix = Number(lengthText);
      if (prefix > family.octets * 8) throw new ValidationError(`The APL prefix length ${prefix} is too long for family ${familyText}`);
      const bytes = family.parse(address!);
      // RFC 3123 section 4: trailing zero octets of the address are not sent.
      let used = bytes.length;
      while (used > 0 && bytes[used - 1] === 0) used--;
      out.u16(Number(familyText));
      out.u8(prefix);
      out.u8((negation ? 0x80 : 0) | used);
      out.put(bytes.subarray(0, used));
      items.push(`${negation}${Number(familyText)}:${family.format(bytes)}/${prefix}`);
    }
    return items.join(' ');
  },
  decode(r: WireReader) {
    const items: string[] = [];
    while (r.remaining > 0) {
      const code = r.u16();
      const prefix = r.u8();
      const lengthOctet = r.u8();
      const family = families[code];
      if (!family) throw new ValidationError(`APL address family ${code} is unknown`);
      const used = lengthOctet & 0x7f;
      if (used > family.octets || prefix > family.octets * 8) throw new ValidationError('APL address is too long');
      const bytes = new Uint8Array(family.octets);
      bytes.set(r.take(used));
      items.push(`${lengthOctet & 0x80 ? '!' : ''}${code}:${family.format(bytes)}/${prefix}`);
    }
    return items.join(' ');
  },
});
