import { FormatError, ValidationError } from '../errors';
import { WireReader } from '../wire/buffer';
import { formatIpv4, formatIpv6, parseIpv4, parseIpv6 } from './address';
import { fromBase64, toBase64 } from './encoding';
import { name, RdataBuilder, uint, type Cursor } from './fields';
import { defineType, type RdataCodec } from './recordType';
import { parseUint, stringOctets } from './tokens';

/** SvcParamKeys of RFC 9460 section 14.3.2. */
const keyNames = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint'];

function keyCode(key: string): number {
  const known = keyNames.indexOf(key);
  if (known >= 0) return known;
  const m = /^key([0-9]{1,5})$/.exec(key);
  if (!m || Number(m[1]) > 65535) throw new ValidationError(`Unknown SvcParam key "${key}"`);
  const code = Number(m[1]);
  if (code === 65535) throw new ValidationError('SvcParam key65535 is reserved');
  return code;
}

function keyName(code: number): string {
  return keyNames[code] ?? `key${code}`;
}

/** Escapes a value so it reads back as the same octets, without quotes. */
function escapeValue(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    if (b <= 0x20 || b >= 0x7f || b === 0x22 || b === 0x3b || b === 0x28 || b === 0x29) out += '\\' + String(b).padStart(3, '0');
    else if (b === 0x5c) out += '\\\\';
    else out += String.fromCharCode(b);
  }
  return out;
}

/** Splits a value-list (RFC 9460 appendix A.1) on commas that `\,` does not protect. */
function splitList(bytes: Uint8Array): Uint8Array[] {
  const items: number[][] = [[]];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x5c && i + 1 < bytes.length) items[items.length - 1]!.push(bytes[++i]!);
    else if (b === 0x2c) items.push([]);
    else items[items.length - 1]!.push(b);
  }
  return items.map((item) => Uint8Array.from(item));
}

function joinList(items: Uint8Array[]): Uint8Array {
  const out: number[] = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(0x2c);
    for (const b of item) {
      if (b === 0x2c || b === 0x5c) out.push(0x5c);
      out.push(b);
    }
  });
  return Uint8Array.from(out);
}

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Value presentation -> wire octets, per key. */
function encodeValue(code: number, value: Uint8Array | undefined): Uint8Array {
  const out = new RdataBuilder();
  const key = keyName(code);
  const need = () => {
    if (value === undefined || value.length === 0) throw new ValidationError(`SvcParam ${key} needs a value`);
    return value;
  };
  switch (code) {
    case 0: {
      const codes = splitList(need()).map((k) => keyCode(text(k)));
      if (codes.includes(0)) throw new ValidationError('SvcParam mandatory must not list itself');
      const sorted = [...codes].sort((a, b) => a - b);
      if (new Set(sorted).size !== sorted.length) throw new ValidationError('SvcParam mandatory lists a key twice');
      for (const c of sorted) out.u16(c);
      break;
    }
    case 1:
      for (const id of splitList(need())) {
        if (id.length === 0 || id.length > 255) throw new ValidationError('Every alpn protocol id must be 1-255 characters');
        out.u8(id.length);
        out.put(id);
      }
      break;
    case 2:
      if (value !== undefined && value.length > 0) throw new ValidationError('SvcParam no-default-alpn takes no value');
      break;
    case 3:
      out.u16(parseUint(text(need()), 0xffff, 'The port'));
      break;
    case 4:
      for (const a of splitList(need())) out.put(parseIpv4(text(a)));
      break;
    case 5:
      out.put(fromBase64(text(need()), 'The ech value'));
      break;
    case 6:
      for (const a of splitList(need())) out.put(parseIpv6(text(a)));
      break;
    default:
      if (value) out.put(value);
  }
  return out.result();
}

/** Wire octets -> value presentation (after the `=`), or undefined for a key without value. */
function decodeValue(code: number, data: Uint8Array): string | undefined {
  const r = new WireReader(data);
  const list = (read: () => string) => {
    const items: string[] = [];
    while (r.remaining > 0) items.push(read());
    if (items.length === 0) throw new FormatError(`SvcParam ${keyName(code)} is empty`);
    return items.join(',');
  };
  switch (code) {
    case 0: {
      let last = -1;
      return list(() => {
        const k = r.u16();
        if (k <= last) throw new FormatError('SvcParam mandatory keys out of order');
        last = k;
        return keyName(k);
      });
    }
    case 1: {
      const ids: Uint8Array[] = [];
      while (r.remaining > 0) ids.push(r.take(r.u8()));
      if (ids.length === 0) throw new FormatError('SvcParam alpn is empty');
      return escapeValue(joinList(ids));
    }
    case 2:
      if (data.length) throw new FormatError('SvcParam no-default-alpn has a value');
      return undefined;
    case 3:
      if (data.length !== 2) throw new FormatError('SvcParam port is not 2 octets');
      return String(r.u16());
    case 4:
      return list(() => formatIpv4(r.take(4)));
    case 5:
      return toBase64(data);
    case 6:
      return list(() => formatIpv6(r.take(16)));
    default:
      return data.length ? escapeValue(data) : undefined;
  }
}

const priority = uint(16, 'The priority');
const target = name('the target', { hostname: true });

/** SVCB and HTTPS (RFC 9460): `priority target key=value...`, parameters in key order. */
function svcbCodec(mnemonic: string): RdataCodec {
  return {
    encode(c: Cursor, out: RdataBuilder) {
      const prio = priority.parse(c, out);
      const host = target.parse(c, out);
      const params = new Map<number, Uint8Array>();
      for (const token of c.rest()) {
        const eq = token.text.indexOf('=');
        const key = eq < 0 ? token.text : token.text.slice(0, eq);
        const code = keyCode(key.toLowerCase());
        if (params.has(code)) throw new ValidationError(`SvcParam ${keyName(code)} is given twice`);
        params.set(code, encodeValue(code, eq < 0 ? undefined : stringOctets(token.text.slice(eq + 1))));
      }
      if (prio === '0' && params.size > 0) {
        throw new ValidationError(`${mnemonic} with priority 0 (alias mode) cannot have parameters`);
      }
      checkConsistency(params);
      const codes = [...params.keys()].sort((a, b) => a - b);
      const texts = [prio, host];
      for (const code of codes) {
        const data = params.get(code)!;
        out.u16(code);
        out.u16(data.length);
        out.put(data);
        const value = decodeValue(code, data);
        texts.push(value === undefined ? keyName(code) : `${keyName(code)}=${value}`);
      }
      return texts.join(' ');
    },
    decode(r: WireReader) {
      const texts = [priority.read(r), target.read(r)];
      const params = new Map<number, Uint8Array>();
      let last = -1;
      while (r.remaining > 0) {
        const code = r.u16();
        if (code <= last) throw new FormatError('SvcParams out of order or repeated');
        last = code;
        const data = r.take(r.u16());
        params.set(code, data);
        const value = decodeValue(code, data);
        texts.push(value === undefined ? keyName(code) : `${keyName(code)}=${value}`);
      }
      return texts.join(' ');
    },
  };
}

function checkConsistency(params: Map<number, Uint8Array>): void {
  const mandatory = params.get(0);
  if (mandatory) {
    for (let i = 0; i < mandatory.length; i += 2) {
      const code = (mandatory[i]! << 8) | mandatory[i + 1]!;
      if (!params.has(code)) throw new ValidationError(`SvcParam mandatory lists ${keyName(code)}, which is missing`);
    }
  }
  if (params.has(2) && !params.has(1)) throw new ValidationError('SvcParam no-default-alpn needs alpn as well');
}

export const SVCB = defineType(64, 'SVCB', svcbCodec('SVCB'));
export const HTTPS = defineType(65, 'HTTPS', svcbCodec('HTTPS'));
