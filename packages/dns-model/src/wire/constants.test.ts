import { expect, it } from 'vitest';
import { Rcode, rcodeName } from './constants';

it('names a response code by its first mnemonic, and one without as RCODEn', () => {
  expect(rcodeName(Rcode.NXDOMAIN)).toBe('NXDOMAIN');
  expect(rcodeName(16)).toBe('BADVERS');
  expect(rcodeName(4000)).toBe('RCODE4000');
});
