import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import type { Cursor, RdataBuilder } from './fields';
import { defineType, type ParseOptions, type RdataCodec } from './recordType';
import { quoteOctets, stringOctets } from './tokens';

const encoder = new TextEncoder();

/**
 * One or more character-strings. A text longer than 255 octets is split into several strings
 * (resolvers join them again), so customers can paste long DKIM keys as one text.
 */
const texts = (mnemonic: string): RdataCodec => ({
  encode(c: Cursor, out: RdataBuilder, options: ParseOptions) {
    const tokens = c.rest();
    // Typed into a form, `v=spf1 include:example.net ~all` means one text, backslashes and all.
    const raw = !options.zoneFile && !c.source.includes('"');
    const texts = raw ? [encoder.encode(c.source.trim())] : tokens.map((t) => stringOctets(t.text));
    const parts: string[] = [];
    for (const bytes of texts) {
      let at = 0;
      do {
        const chunk = bytes.subarray(at, at + 255);
        out.u8(chunk.length);
        out.put(chunk);
        parts.push(quoteOctets(chunk));
        at += 255;
      } while (at < bytes.length);
    }
    if (parts.length === 0) throw new ValidationError(`${mnemonic} record content is required`);
    return parts.join(' ');
  },
  decode(r: WireReader) {
    const parts: string[] = [];
    do parts.push(quoteOctets(r.take(r.u8())));
    while (r.remaining > 0);
    return parts.join(' ');
  },
});

/** TXT (RFC 1035): free text, as SPF, DKIM and domain verification use it. */
export const TXT = defineType(16, 'TXT', texts('TXT'));

/** SPF (RFC 4408): the SPF policy in a type of its own, obsoleted by TXT in RFC 7208 but still in old zones. */
export const SPF = defineType(99, 'SPF', texts('SPF'));

/** NINFO (IANA): status information about a zone, as text. */
export const NINFO = defineType(56, 'NINFO', texts('NINFO'));

/** AVC (IANA): application visibility and control, as text. */
export const AVC = defineType(258, 'AVC', texts('AVC'));

/** RESINFO (RFC 9606): what a resolver supports, as key=value texts. */
export const RESINFO = defineType(261, 'RESINFO', texts('RESINFO'));
