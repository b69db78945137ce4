import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { recordType } from './index';
import { typeSamples as samples } from './typeSamples';

const wireTypes = Object.keys(samples);

describe('rdata decoding is safe on any octets', () => {
  for (const mnemonic of wireTypes) {
    it(`${mnemonic}: mutated and cut rdata give a canonical text or FormatError, nothing else`, () => {
      const type = recordType(mnemonic);
      const valid = type.toWire(samples[mnemonic]!);
      expect(type.fromWire(valid)).toBe(samples[mnemonic]);
      let seed = mnemonic.length * 7919;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
      for (let i = 0; i < 2000; i++) {
        const bytes = valid.slice(0, random() % (valid.length + 2));
        for (let k = random() % 3; k >= 0 && bytes.length; k--) bytes[random() % bytes.length] = random() & 0xff;
        let text: string;
        try {
          text = type.fromWire(bytes);
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          continue;
        }
        // What decodes must read back as the same octets (unless its content breaks a validation rule).
        try {
          expect([...type.toWire(text)]).toEqual([...bytes]);
        } catch (error) {
          if ((error as Error).name !== 'ValidationError') throw error;
        }
      }
    });
  }
});

describe('presentation parsing is safe on any text', () => {
  const alphabet = ' "\\.;:=,-_0123456789abcdefABCDEF+/xyz@*()\u00fc';
  for (const mnemonic of wireTypes) {
    it(`${mnemonic}: mangled text gives ValidationError or a canonical form that is stable`, () => {
      const type = recordType(mnemonic);
      let seed = mnemonic.length * 104729;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
      for (let i = 0; i < 1000; i++) {
        const chars = [...samples[mnemonic]!];
        for (let k = random() % 3; k >= 0; k--) chars[random() % chars.length] = alphabet[random() % alphabet.length]!;
        let canonical: string;
        try {
          canonical = type.parse(chars.join(''), 'example.com', { zoneFile: true });
        } catch (error) {
          if ((error as Error).name !== 'ValidationError') throw error;
          continue;
        }
        expect(type.parse(canonical, 'example.com', { zoneFile: true })).toBe(canonical);
        expect(type.fromWire(type.toWire(canonical))).toBe(canonical);
      }
    });
  }
});
