import { describe, expect, it } from 'vitest';
import { recordType } from '../types/index';
import { tokenize } from '../types/tokens';
import { typeSamples } from '../types/typeSamples';
import { type Entry, EntryReader } from './lexer';
import { asTokenized, rdataText } from './rdataWords';

/** Every entry of a master file's text. */
function entries(text: string): Entry[] {
  const reader = new EntryReader(text);
  const all: Entry[] = [];
  for (let entry = reader.next(); entry; entry = reader.next()) all.push(entry);
  return all;
}

/** What a parse gives: its content and rdata, or its error's name and message. */
function outcome(parse: () => { content: string; rdata: Uint8Array }): unknown {
  try {
    const { content, rdata } = parse();
    return { content, rdata: [...rdata] };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

// The characters that make words, quotes, escapes, comments and continued lines in a zone file.
const alphabet = ' \t"\\.;:=,-_0123456789abcdefABCDEF+/xyz@*()\u00fc\n';

describe('rdata words as the lexer reads them', () => {
  for (const [mnemonic, sample] of Object.entries(typeSamples)) {
    it(`${mnemonic}: words given as they are read as their text does, mangled or not`, () => {
      const type = recordType(mnemonic);
      let seed = mnemonic.length * 7907;
      const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff), seed);
      let given = 0;
      for (let i = 0; i < 1500; i++) {
        const chars = [...sample];
        if (i > 0) for (let k = random() % 3; k >= 0; k--) chars[random() % chars.length] = alphabet[random() % alphabet.length]!;
        for (const entry of entries(chars.join(''))) {
          const text = rdataText(entry.tokens);
          if (!asTokenized(entry.tokens)) continue;
          given++;
          // The parser splits the words' text into the same words...
          expect(tokenize(text)).toEqual(entry.tokens);
          // ...so the words given as they are make the same rdata and text, or the same refusal.
          expect(outcome(() => type.parseTokens(entry.tokens, 'example.com', { zoneFile: true }))).toEqual(
            outcome(() => type.parseWithWire(text, 'example.com', { zoneFile: true })),
          );
        }
      }
      expect(given).toBeGreaterThan(100);
    });
  }

  it('goes through the text for a quote inside a word or a backslash', () => {
    const words = (line: string) => entries(line)[0]!.tokens;
    expect(asTokenized(words('1 . alpn="h2,h3"'))).toBe(false);
    expect(asTokenized(words('a\\ b "c d"'))).toBe(false);
    expect(asTokenized(words('10 "quoted \\" word" mail'))).toBe(true);
    // An escape at a word's end takes the blank after it once joined: the parser reads one word.
    expect(tokenize(rdataText(words('a\\\n b')))).toHaveLength(1);
  });
});
