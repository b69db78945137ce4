import { readFileSync } from 'node:fs';

/**
 * The V8 flags `npm run dns` starts a node with, read from the root package.json so tests and
 * benchmarks start the node as an operator does: a young generation of at most 16 MB a semi-space
 * (V8 would let a load grow it to 134 MB and keep it) and gc exposed, for the collection after a load.
 */
export const dnsNodeFlags: string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { scripts: { dns: string } };
  const words = scripts.dns.split(' ');
  return words.slice(
    words.indexOf('scripts/program.mjs') + 1,
    words.findIndex((word) => word.endsWith('.ts')),
  );
})();
