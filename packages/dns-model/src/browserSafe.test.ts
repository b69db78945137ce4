import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dashboard validates forms with this package, so everything but the tests must run in a browser.
describe('the package is browser-safe', () => {
  const root = new URL('.', import.meta.url).pathname;
  const sources = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

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
