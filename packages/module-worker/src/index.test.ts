import { describe, expect, it } from 'vitest';
import { builtModule, startModuleWorker } from './index';

const root = new URL('../../../', import.meta.url);

describe('builtModule', () => {
  it('mirrors the source path under dist/ with .js', () => {
    expect(builtModule(new URL('apps/dns/src/main.ts', root)).href).toBe(new URL('dist/apps/dns/src/main.js', root).href);
    expect(builtModule(new URL('packages/dnssec/src/signWorker.ts', root)).href).toBe(new URL('dist/packages/dnssec/src/signWorker.js', root).href);
  });

  it('refuses what is not a TypeScript module of the repository', () => {
    expect(() => builtModule(new URL('file:///elsewhere/main.ts'))).toThrow(/not a TypeScript module of this repository/);
    expect(() => builtModule(new URL('apps/dns/package.json', root))).toThrow(/not a TypeScript module/);
  });
});

describe('startModuleWorker', () => {
  it('runs a TypeScript module from the sources in a thread', async () => {
    const source = new URL('./testing/echoWorker.ts', import.meta.url);
    const worker = startModuleWorker(source, { workerData: 'ping' });
    const reply = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(reply).toBe('ping from a typed module');
  });
});
