import { expect, it } from 'vitest';
import { builtProgram, root } from './programs';

it('finds the bundle of a program from its source, by address or by path, and names the build when it is missing', () => {
  expect(builtProgram(new URL('../../../apps/dns/src/main.ts', import.meta.url))).toBe(`${root}dist/apps/dns/src/main.js`);
  expect(builtProgram('apps/dns/src/main.ts')).toBe(`${root}dist/apps/dns/src/main.js`);
  expect(() => builtProgram('apps/dns/src/nothing.ts')).toThrow('dist/apps/dns/src/nothing.js is not built: run `npm run build`');
});
