import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import { toHex } from './encoding';
import { defineType, type RecordType } from './recordType';
import { typeName } from './typeCodes';

/** Any type we have no codec for (and OPT), in the RFC 3597 form `\# length hex`. */
export function genericType(code: number): RecordType {
  const mnemonic = typeName(code);
  return defineType(code, mnemonic, {
    encode() {
      // defineType reads the `\#` form before any codec runs, so other text is not for this type.
      throw new ValidationError(`${mnemonic} content must be written as \\# <length> <hex> (RFC 3597)`);
    },
    decode(r: WireReader) {
      const bytes = r.take(r.remaining);
      return bytes.length === 0 ? '\\# 0' : `\\# ${bytes.length} ${toHex(bytes)}`;
    },
  });
}
