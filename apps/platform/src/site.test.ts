import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '@kaja/api';
import { loadConfig } from '@kaja/config';
import type { DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSite } from './site';

const favicon = Buffer.from('00000100010010100000010020000000000000000000', 'hex');

describe('registerSite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-site-'));
  const app = Fastify();
  let origin = '';
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<h1>Home</h1>');
    mkdirSync(join(dir, 'blog'));
    writeFileSync(join(dir, 'blog', 'index.html'), '<h1>Blog</h1>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(dir, '404.html'), '<h1>Oops! Page not found</h1>');
    mkdirSync(join(dir, 'docs', 'guides'), { recursive: true });
    writeFileSync(join(dir, 'docs', 'index.html'), '<h1>Docs</h1>');
    writeFileSync(join(dir, 'docs', '404.html'), '<h1>Document not found.</h1>');
    writeFileSync(join(dir, 'docs', '404.html.gz'), gzipSync('<h1>Document not found.</h1>'));
    writeFileSync(join(dir, '__spa-fallback.html'), '<h1>The router</h1>');
    writeFileSync(join(dir, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dir, 'favicon.ico'), favicon);
    await registerSite(app, dir, {
      apiBaseUrl: 'https://api.example.eu/v1',
      appUrl: 'https://app.example.eu',
      appMode: 'sandbox',
      supportEmail: 'help@example.eu',
      errorReporting: { enabled: true },
      analytics: { enabled: true },
    });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files, directory index pages, and the not-found page with 404', async () => {
    const home = await fetch(`${origin}/`);
    expect([home.status, await home.text()]).toEqual([200, '<h1>Home</h1>']);
    const blog = await fetch(`${origin}/blog`);
    expect([blog.status, await blog.text()]).toEqual([200, '<h1>Blog</h1>']);
    const script = await fetch(`${origin}/assets/app.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(await script.text()).toBe('console.log(1)');
    const missing = await fetch(`${origin}/nope`);
    expect([missing.status, await missing.text()]).toEqual([404, '<h1>Oops! Page not found</h1>']);
  });

  it('answers an address without a file with the not-found page of its nearest folder, pre-rendered', async () => {
    for (const [path, text] of [
      ['/docs/no-such-doc', '<h1>Document not found.</h1>'],
      ['/docs/guides/no-such-guide', '<h1>Document not found.</h1>'],
      ['/docs/no/such/doc?x=1', '<h1>Document not found.</h1>'],
      ['/docsx/nope', '<h1>Oops! Page not found</h1>'],
      ['/blog/nope', '<h1>Oops! Page not found</h1>'],
    ]) {
      const missing = await fetch(`${origin}${path}`);
      expect([path, missing.status, missing.headers.get('content-type'), await missing.text()]).toEqual([path, 404, 'text/html; charset=utf-8', text]);
    }
  });

  it('serves no not-found page at an address of its own, nor the SPA fallback: they answer 404', async () => {
    for (const [path, text] of [
      ['/404', '<h1>Oops! Page not found</h1>'],
      ['/404.html', '<h1>Oops! Page not found</h1>'],
      ['/docs/404.html', '<h1>Document not found.</h1>'],
      ['/__spa-fallback.html', '<h1>Oops! Page not found</h1>'],
      ['/docs/404.html.gz', '<h1>Document not found.</h1>'],
    ]) {
      const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect([path, response.status, await response.text()]).toEqual([path, 404, text]);
    }
  });

  it('serves the settings of the environment as /config.js', async () => {
    const response = await fetch(`${origin}/config.js`);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toBe(
      'window.__KAJA_CONFIG__ = {"apiBaseUrl":"https://api.example.eu/v1","appUrl":"https://app.example.eu","appMode":"sandbox","supportEmail":"help@example.eu","errorReporting":true,"analytics":true};\n',
    );
  });

  it('sends the pre-compressed copy when the browser accepts it, and hashed assets as immutable', async () => {
    const script = await fetch(`${origin}/assets/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(await script.text()).toBe('console.log(1)');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never serves files outside the build folder: every way out is the 404 page', async () => {
    for (const path of ['/..%2f..%2f..%2fetc%2fpasswd', '/blog/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/blog//index.html', '/nul%00l']) {
      const escape = await fetch(`${origin}${path}`);
      expect([path, escape.status, await escape.text()]).toEqual([path, 404, '<h1>Oops! Page not found</h1>']);
    }
    const long = await fetch(`${origin}/${'x'.repeat(5000)}`);
    expect(long.status).toBe(404);
  });

  it('checks pages on every visit and serves /favicon.ico cached for a month', async () => {
    const home = await fetch(`${origin}/`);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const icon = await fetch(`${origin}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(favicon);
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await fetch(`${origin}/blog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    const missing = await fetch(`${origin}/nope`, { method: 'HEAD' });
    expect([missing.status, await missing.text()]).toEqual([404, '']);
  });
});

describe('the site beside the API', () => {
  // A build from before the not-found pages were pre-rendered (decision 090): React Router's SPA fallback is the 404 page.
  const dir = mkdtempSync(join(tmpdir(), 'kaja-site-api-'));
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let origin = '';
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<h1>Home</h1>');
    writeFileSync(join(dir, '__spa-fallback.html'), '<h1>Oops! Page not found</h1>');
    database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database });
    await registerSite(app, dir, config);
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const envelopeOf = async (response: Response) => {
    expect(response.headers.get('content-type')).toContain('application/json');
    return (await response.json()) as { status: string; error: { code: string } };
  };

  it.each([
    ['GET', 'an unknown path', '/v1/no-such-thing'],
    ['GET', 'the bare prefix', '/v1/'],
    ['GET', 'an unknown path with a query', '/v1?x=1'],
    ['HEAD', 'an unknown path', '/v1/no-such-thing'],
    ['POST', 'an unknown path', '/v1/no-such-thing'],
    ['GET', 'an over-long id', `/v1/plans/${'p'.repeat(300)}`],
    ['GET', 'a parameter beyond the router limit', `/v1/invitations/${'t'.repeat(5000)}/accept`],
  ])('answers %s with %s in the JSON envelope, not with the site', async (method, _what, path) => {
    const response = await fetch(`${origin}${path}`, { method });
    expect(response.status).toBe(404);
    if (method === 'HEAD') return expect(response.headers.get('content-type')).toContain('application/json');
    expect(await envelopeOf(response)).toMatchObject({ status: 'error', error: { code: 'not_found' } });
  });

  it('keeps the site and its 404 page everywhere else, /v1-lookalikes included', async () => {
    const home = await fetch(`${origin}/`);
    expect([home.status, await home.text()]).toEqual([200, '<h1>Home</h1>']);
    for (const path of ['/nope', '/v1x', '/v10/zones']) {
      const missing = await fetch(`${origin}${path}`);
      expect([missing.status, await missing.text()]).toEqual([404, '<h1>Oops! Page not found</h1>']);
    }
    const plans = await fetch(`${origin}/v1/plans`);
    expect(plans.status).toBe(200);
  });
});
