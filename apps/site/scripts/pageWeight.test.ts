import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pageWeight, prerenderedPages } from './pageWeight';

describe('the JavaScript a pre-rendered page loads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'page-weight-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string, gzipped = false) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    if (gzipped) writeFileSync(join(dir, `${path}.gz`), gzipSync(text, { level: 9 }));
  };
  const big = (name: string) => `export const ${name} = ${JSON.stringify('x'.repeat(2000))};`;
  write('assets/entry-1.js', `import{a}from"./shared-1.js";import"./side-1.js";${big('entry')}`, true);
  write('assets/shared-1.js', `import{b}from"./entry-1.js";${big('shared')}`, true);
  write('assets/side-1.js', 'console.log(1)');
  write('assets/route-1.js', `import{a}from"./shared-1.js";const later=()=>import("./lazy-1.js");`);
  write('assets/lazy-1.js', big('lazy'), true);
  write('assets/preloaded-1.js', 'export const p = 1;');
  write(
    'index.html',
    '<head><script src="/config.js" defer=""></script><link rel="modulepreload" href="/assets/preloaded-1.js"/></head>' +
      '<body><script type="module" async="">import "/assets/entry-1.js";\nimport * as route0 from "/assets/route-1.js";</script></body>',
  );
  write('docs/zones/index.html', '<script type="module" src="/assets/side-1.js"></script>');
  write('assets/start-1.js', 'const hydrate = document.querySelector("script[data-hydrate]").dataset.hydrate;');
  write('assets/island-1.js', `import{a}from"./shared-1.js";`);
  write(
    'status/index.html',
    '<div data-island="board" data-module="/assets/island-1.js"></div><script type="module" src="/assets/start-1.js" data-hydrate="/assets/preloaded-1.js"></script>',
  );
  write('__spa-fallback.html', '<p>no scripts</p>');
  write('404.html', '<script type="module" src="/assets/start-1.js" data-hydrate="/assets/preloaded-1.js"></script>');
  write('docs/404.html', '<script type="module" src="/assets/start-1.js" data-hydrate="/assets/preloaded-1.js"></script>');

  it('finds every pre-rendered page by its address, and the not-found pages by their file', () => {
    expect(prerenderedPages(dir)).toEqual(['/', '/docs/zones', '/status', '404.html', 'docs/404.html']);
  });

  it('counts the tagged and imported modules with all they import, not what loads on demand nor the platform’s /config.js', () => {
    const weight = pageWeight(dir, '/');
    expect(weight.files).toEqual(['/assets/entry-1.js', '/assets/preloaded-1.js', '/assets/route-1.js', '/assets/shared-1.js', '/assets/side-1.js']);
    expect(pageWeight(dir, '/docs/zones').files).toEqual(['/assets/side-1.js']);
    expect(pageWeight(dir, '__spa-fallback.html').files).toEqual([]);
    expect(pageWeight(dir, 'docs/404.html').files).toEqual(['/assets/preloaded-1.js', '/assets/start-1.js']);
  });

  it('counts what the starting script loads once the page has painted: the islands’ script and each island’s module, with all they import', () => {
    expect(pageWeight(dir, '/status').files).toEqual([
      '/assets/entry-1.js',
      '/assets/island-1.js',
      '/assets/preloaded-1.js',
      '/assets/shared-1.js',
      '/assets/side-1.js',
      '/assets/start-1.js',
    ]);
  });

  it('weighs each file as sent: its gzip copy, or itself when the build made none', () => {
    const weight = pageWeight(dir, '/docs/zones');
    expect(weight).toMatchObject({ raw: 'console.log(1)'.length, gzipped: 'console.log(1)'.length });
    const landing = pageWeight(dir, '/');
    const gz = (text: string) => gzipSync(text, { level: 9 }).length;
    const plain = ['console.log(1)', `import{a}from"./shared-1.js";const later=()=>import("./lazy-1.js");`, 'export const p = 1;'];
    expect(landing.gzipped).toBe(
      gz(`import{a}from"./shared-1.js";import"./side-1.js";${big('entry')}`) +
        gz(`import{b}from"./entry-1.js";${big('shared')}`) +
        plain.reduce((n, text) => n + text.length, 0),
    );
    expect(landing.gzipped).toBeLessThan(landing.raw);
  });
});
