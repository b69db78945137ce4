import { FormatError, ValidationError } from '../errors';
import { WireReader } from '../wire/buffer';
import { fromHex } from './encoding';
import { Cursor, RdataBuilder, type Field } from './fields';
import { parseUint, tokenize, type Token } from './tokens';

export interface ParseOptions {
  /**
   * Zone-file reading: TXT words without quotes are separate strings, as RFC 1035 says.
   * Without it (API and dashboard input), unquoted TXT content is taken as one text.
   */
  zoneFile?: boolean;
}

/** One record type: its code, its mnemonic and its three conversions. */
export interface RecordType {
  code: number;
  mnemonic: string;
  /** Presentation (names relative to `origin` allowed) -> canonical presentation; throws ValidationError. */
  parse(text: string, origin?: string, options?: ParseOptions): string;
  /** Presentation -> canonical presentation and uncompressed rdata in one pass (zone loading). */
  parseWithWire(text: string, origin?: string, options?: ParseOptions): { content: string; rdata: Uint8Array };
  /** `parseWithWire` of the words `tokenize` would split the text into (a zone-file reader has them already). */
  parseTokens(tokens: Token[], origin?: string, options?: ParseOptions): { content: string; rdata: Uint8Array };
  /** Canonical presentation -> uncompressed rdata. */
  toWire(content: string): Uint8Array;
  /** Uncompressed rdata -> canonical presentation; throws FormatError. */
  fromWire(rdata: Uint8Array): string;
}

/** How a type's rdata reads and writes; `encode` returns the canonical text. */
export interface RdataCodec {
  encode(c: Cursor, out: RdataBuilder, options: ParseOptions): string;
  decode(r: WireReader): string;
  /** The rdata may be empty (an APL with no prefixes); otherwise empty content is an error. */
  empty?: boolean;
}

/** A codec made of fields in order, with a check of the parsed values (their canonical texts). */
export function fields(parts: Field[], check?: (values: string[]) => void): RdataCodec {
  return {
    encode(c, out) {
      const values = parts.map((f) => f.parse(c, out));
      check?.(values);
      return values.filter((v) => v !== '').join(' ');
    },
    decode(r) {
      return parts
        .map((f) => f.read(r))
        .filter((v) => v !== '')
        .join(' ');
    },
  };
}

export function defineType(code: number, mnemonic: string, codec: RdataCodec): RecordType {
  const type: RecordType = {
    code,
    mnemonic,
    parse(text, origin = '', options = {}) {
      return type.parseWithWire(text, origin, options).content;
    },
    parseWithWire(text, origin = '', options = {}) {
      return parseTokens(tokenize(text), origin, options, text);
    },
    parseTokens(tokens, origin = '', options = {}) {
      return parseTokens(tokens, origin, options);
    },
    toWire(content) {
      return type.parseWithWire(content, '', { zoneFile: true }).rdata;
    },
    fromWire(rdata) {
      const r = new WireReader(rdata);
      let content: string;
      try {
        content = codec.decode(r);
      } catch (error) {
        if (error instanceof FormatError) throw error;
        throw new FormatError(`${mnemonic} rdata is not valid: ${(error as Error).message}`);
      }
      if (r.remaining !== 0) throw new FormatError(`${mnemonic} rdata has ${r.remaining} extra octets`);
      return content;
    },
  };

  function parseTokens(tokens: Token[], origin: string, options: ParseOptions, text?: string): { content: string; rdata: Uint8Array } {
    if (tokens.length === 0 && !codec.empty) throw new ValidationError(`${mnemonic} record content is required`);
    if (tokens[0]?.text === '\\#' && !tokens[0].quoted) {
      // RFC 3597 generic form: decode, then validate what it says like any other input.
      const rdata = genericRdata(tokens.slice(1).map((t) => t.text));
      let content: string;
      try {
        content = type.fromWire(rdata);
      } catch (error) {
        if (error instanceof FormatError) throw new ValidationError(`${mnemonic} rdata is not valid: ${error.message}`);
        throw error;
      }
      return content.startsWith('\\#') || content === '' ? { content, rdata } : type.parseWithWire(content, '', { zoneFile: true });
    }
    const c = new Cursor(tokens, origin, mnemonic, text);
    const out = new RdataBuilder();
    const content = codec.encode(c, out, options);
    if (!c.done) {
      const extra = tokens
        .slice(c.index)
        .map((t) => t.text)
        .join(' ');
      throw new ValidationError(`${mnemonic} record has unexpected extra content "${extra}"`);
    }
    if (out.length > 0xffff) throw new ValidationError(`${mnemonic} record is longer than 65535 octets`);
    return { content, rdata: out.result() };
  }
  return type;
}

/** `\# <length> <hex...>` (RFC 3597 section 5), the words after `\#`. */
export function genericRdata(words: string[]): Uint8Array {
  const [lengthWord, ...hex] = words;
  if (lengthWord === undefined) throw new ValidationError('\\# must be followed by the rdata length');
  const length = parseUint(lengthWord, 0xffff, 'The rdata length');
  const bytes = fromHex(hex.join(''), 'The rdata');
  if (bytes.length !== length) throw new ValidationError(`The rdata is ${bytes.length} octets, not ${length}`);
  return bytes;
}
