import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dashboard validates forms with this package, so everything but the tests must run in a browser.
// TSIG needs HMAC synchronously (node:crypto); it is its own entry point, `@kaja/dns-model/tsig`.
const nodeOnly = ['wire/tsig.ts'];

describe('the package is browser-safe', () => {
  const root = new URL('.', import.meta.url).pathname;
  const all = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const sources = all.filter((f) => !nodeOnly.includes(f));

  it('reaches the Node-only modules only through their own entry points', () => {
    for (const file of sources) {
      const imports = [...readFileSync(join(root, file), 'utf8').matchAll(/from ['"](\.[^'"]*)['"]/g)].map((m) => join(file, '..', m[1]!) + '.ts');
      expect(imports.filter((f) => nodeOnly.includes(f))).toEqual([]);
    }
  });

  it('has sources to check', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  for (const file of sources) {
    it(`${file} uses no Node-only module or global`, () => {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\./);
    });
  }
});
