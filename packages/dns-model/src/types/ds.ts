import { ValidationError } from '../errors';
import { hexRest, uint } from './fields';
import { defineType, fields } from './recordType';

const digestLengths: Record<string, number> = { '1': 20, '2': 32, '4': 48 };

function checkDs(mnemonic: string) {
  return ([, algorithm, digestType, digest]: string[]) => {
    // RFC 8078: "0 0 0 00" in CDS asks the parent to remove the DS.
    if (mnemonic === 'CDS' && algorithm === '0' && digestType === '0' && digest === '00') return;
    if (algorithm === '0') throw new ValidationError(`${mnemonic} algorithm must not be 0`);
    const want = digestLengths[digestType!];
    if (!want) throw new ValidationError(`${mnemonic} digest type must be 1 (SHA-1), 2 (SHA-256) or 4 (SHA-384)`);
    if (digest!.length !== want * 2) {
      throw new ValidationError(`${mnemonic} digest type ${digestType} needs ${want * 2} hex digits, not ${digest!.length}`);
    }
  };
}

const dsFields = (mnemonic: string) =>
  fields(
    [uint(16, 'The key tag'), uint(8, 'The algorithm'), uint(8, 'The digest type'), hexRest('the digest')],
    checkDs(mnemonic),
  );

/** DS (RFC 4034): the parent's pointer to a child zone's key. */
export const DS = defineType(43, 'DS', dsFields('DS'));

/** CDS (RFC 7344): the DS a child asks its parent to publish. */
export const CDS = defineType(59, 'CDS', dsFields('CDS'));
