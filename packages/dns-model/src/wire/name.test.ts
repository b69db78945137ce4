import { describe, expect, it } from 'vitest';
import { WireWriter } from './buffer';
import { nameToWire, readName, writeName, writeWireName } from './name';

/** The octets of the names written one after another into one message, each by `write`. */
function written(names: string[], write: (w: WireWriter, name: string) => void): number[] {
  const w = new WireWriter(12);
  w.put(new Uint8Array(12)); // a header, so pointers are not to offset 0
  for (const name of names) write(w, name);
  return [...w.result()];
}

const byText = (w: WireWriter, name: string) => writeName(w, name);
const byWire = (w: WireWriter, name: string) => {
  const wire = nameToWire(name);
  expect(writeWireName(w, wire, 0)).toBe(wire.length);
};

describe('writeName and writeWireName', () => {
  const cases: Record<string, string[]> = {
    'suffixes shared in any letter case': ['www.Example.com', 'mail.example.COM', 'example.com', 'a.b.example.com', 'b.EXAMPLE.com'],
    'a label holding a dot and one holding a backslash': ['a\\.b.example.com', 'b.example.com', 'x.a\\.b.example.com', 'c\\\\d.example.com', 'example.com'],
    'octets that are escaped in text': ['\\200x.example.com', 'host.\\200x.example.com', 'a\\032b.example.com', 'example.com'],
    'the root': ['', 'example.com', ''],
  };
  for (const [what, names] of Object.entries(cases)) {
    it(`write the same octets for ${what}`, () => {
      expect(written(names, byWire)).toEqual(written(names, byText));
    });

    it(`write names that read back as they were, for ${what}`, () => {
      const bytes = new Uint8Array(written(names, byText));
      let at = 12;
      for (const name of names) {
        const read = readName(bytes, at);
        expect(read.name.toLowerCase()).toBe(name.toLowerCase());
        at = read.next;
      }
      expect(at).toBe(bytes.length);
    });
  }

  it('compresses a name against the same name written earlier in another form', () => {
    // Text first, then from the wire: the second is one pointer.
    const bytes = written(['host.example.com', 'mail.example.com'], (w, name) => (name.startsWith('host') ? byText(w, name) : byWire(w, name)));
    expect(bytes.length).toBe(12 + 18 + 5 + 2);
  });
});
